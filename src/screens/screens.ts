/**
 * What follows from the screen manifest: the route tree (for the browser's router and, through React
 * Router's own matchRoutes(), for the server: both match a path the same way, parameters, trailing
 * slashes and letter case included), paths by screen name, header, secrets and prerender stand-ins.
 * Free of React and browser APIs (the Node server imports it).
 */
import { generatePath, matchRoutes, type PathParam, type RouteObject } from 'react-router';
import { screenEntries, screenManifest, type HeaderKind, type Screen, type ScreenName } from './manifest';

export { screenManifest, type Screen, type ScreenName } from './manifest';

/** One node of the route tree: a group (web / mobile), a layout around screens, or a screen. */
export interface ScreenRouteNode {
  id: string;
  path?: string;
  index?: true;
  /** The route module of a layout or screen (src/routes/<module>.tsx). */
  module?: string;
  group?: Screen['group'];
  children?: ScreenRouteNode[];
}

function screenNode(name: ScreenName, screen: Screen): ScreenRouteNode {
  return screen.path === '' ? { id: name, index: true, module: screen.module } : { id: name, path: screen.path, module: screen.module };
}

/**
 * The routes under the root, by group: every screen, its layout around it when it has one (a layout
 * route without a path of its own, so its screens keep their full paths).
 */
export function screenRouteTree(): ScreenRouteNode[] {
  const groups: ScreenRouteNode[] = [];
  for (const group of ['web', 'mobile'] as const) {
    const children: ScreenRouteNode[] = [];
    const layouts = new Map<string, ScreenRouteNode>();
    for (const [name, screen] of screenEntries) {
      if (screen.group !== group) continue;
      if (!screen.layout) {
        children.push(screenNode(name, screen));
        continue;
      }
      let layout = layouts.get(screen.layout);
      if (!layout) {
        layout = { id: `layout:${screen.layout}`, module: screen.layout, children: [] };
        layouts.set(screen.layout, layout);
        children.push(layout);
      }
      layout.children?.push(screenNode(name, screen));
    }
    groups.push({ id: `group:${group}`, group, children });
  }
  return groups;
}

// The same nodes as the browser's routes (React Router's route objects take them as they are).
const matchTree = [{ id: 'root', path: '/', children: screenRouteTree() }] as RouteObject[];

/**
 * React Router decodes a path segment by segment, and leaves the whole path as it is when any segment
 * cannot be decoded (with a console warning): here the same without the warning, every '%' kept.
 */
function decodable(path: string): string {
  try {
    for (const segment of path.split('/')) decodeURIComponent(segment);
    return path;
  } catch {
    return path.replace(/%/g, '%25');
  }
}

export interface ScreenMatch {
  name: ScreenName;
  screen: Screen;
  /** The path parameters, decoded as the router decodes them ('*' for the not-found screen's rest). */
  params: Record<string, string | undefined>;
}

/**
 * The screen of a path under the base and language segment, as parseAppLocation gives it: no leading
 * slash ('', 'business/', 'mobileLogin/x/password'); the browser's useLocation() path without its first
 * slash. Percent-encoded as in the URL: matched as the browser's router matches window.location.
 */
export function screenAt(relativePath: string): ScreenMatch {
  const path = decodable(`/${relativePath}`);
  const matches = matchRoutes(matchTree, path);
  const leaf = matches?.at(-1);
  const id = leaf?.route.id ?? 'notFound';
  const name = (id in screenManifest ? id : 'notFound') as ScreenName;
  return { name, screen: screenManifest[name], params: leaf?.params ?? {} };
}

/** What shows where no screen may: the not-found page. */
export const notFoundMatch: ScreenMatch = { name: 'notFound', screen: screenManifest.notFound, params: {} };

/** Whether a screen other than the not-found page owns the path. */
export function isKnownScreenPath(relativePath: string): boolean {
  return screenAt(relativePath).name !== 'notFound';
}

type PatternOf<Name extends ScreenName> = `/${(typeof screenManifest)[Name]['path']}`;
type ParamsOf<Name extends ScreenName> = { [key in PathParam<PatternOf<Name>>]: string };

/**
 * A screen's path relative to the router's basename (base + language segment), for <Link to> and
 * navigate(), with its parameters percent-encoded: pathOf('business'), pathOf('mobileEidLogin', {…}).
 */
export function pathOf<Name extends ScreenName>(name: Name, ...params: [PathParam<PatternOf<Name>>] extends [never] ? [] : [ParamsOf<Name>]): string {
  return generatePath(`/${screenManifest[name].path}`, params[0] as never);
}

/**
 * SPEC §2's header rule, by what the path contains: no header where it holds mobileLogin/, no login
 * toggle where it holds logout, private login offered where it holds business or epost-verifisering.
 * Paths no screen owns get it as written; every screen's manifest entry agrees with it (a test).
 */
export function headerByPathRule(relativePath: string): HeaderKind {
  if (relativePath.includes('mobileLogin/')) return 'none';
  // Case-insensitive, so mobileLogout/ and mobileSuccessWithIDportenLogout/ (the app's pages) offer none.
  if (relativePath.toLowerCase().includes('logout')) return 'no-toggle';
  if (relativePath.includes('business') || relativePath.includes('epost-verifisering')) return 'offers-private';
  return 'offers-business';
}

/** The header a path shows (SPEC §2): its screen's, or by SPEC's path rule where no screen owns it. */
export function headerAt(relativePath: string): HeaderKind {
  const { name, screen } = screenAt(relativePath);
  return name === 'notFound' ? headerByPathRule(relativePath) : screen.header;
}

/** The group of the screen at a path: 'mobile' for the app's pages (a minimal footer), else 'web'. */
export function groupAt(relativePath: string): Screen['group'] {
  return screenAt(relativePath).screen.group;
}

/**
 * Whether a page holds a secret in its URL (a token in its path or, for screens that take one there,
 * in its query): it sends no Referer at all, not even to our own origin.
 */
export function carriesSecret(relativePath: string): boolean {
  return (screenAt(relativePath).screen.secretParams?.length ?? 0) > 0;
}

/** Stand-in values of prerendered screens with parameters: never a real token or path. */
export const standIns = {
  /** For a path parameter (a token as the page accepts it). */
  parameter: 'innloggingTokenSentinel',
  /** For the rest of the path on the not-found screen. */
  rest: 'innlogging-not-found-sentinel',
} as const;

/** The paths (relative to the language base) the build prerenders: stand-ins for parameters. */
export function prerenderedPaths(): string[] {
  return screenEntries
    .filter(([, screen]) => screen.prerendered)
    .map(([, screen]) => screen.path.replace(/:\w+/g, standIns.parameter).replace(/^\*$/, standIns.rest));
}

/** Source paths of a screen's route modules (layout first), as Vite's build manifest names them. */
export function screenModules(screen: Screen): string[] {
  return [...(screen.layout ? [screen.layout] : []), screen.module].map((module) => `src/routes/${module}.tsx`);
}
