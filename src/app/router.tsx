import { createBrowserRouter, matchRoutes, type LazyRouteFunction, type RouteObject } from 'react-router';
import { forgotTexts } from '../i18n/forgot/part';
import { mobileTexts } from '../i18n/mobile/part';
import type { TextPart } from '../i18n/nb';
import { signInTexts } from '../i18n/sign-in/part';
import { loadLaterTexts, loadTextParts } from '../i18n/texts';
import { routeTextParts, type ScreenTextPart } from '../screens/route-texts';
import { screenRouteTree, type ScreenRouteNode } from '../screens/screens';
import { MobileErrorPage } from '../features/mobile/mobile-pages';
import { RouteErrorPage } from './error-page';
import { RootErrorPage, RootHydrateFallback, RootLayout } from './root-layout';

/** The route modules by file: Vite splits each into its own chunk, loaded when its route is. */
const routeModules = import.meta.glob<Awaited<ReturnType<LazyRouteFunction<RouteObject>>>>(['../routes/*.tsx', '!../routes/*.test.tsx']);

/**
 * Route modules that show texts loaded later, and which: the later texts, or a part's own as well
 * (i18n/parts.ts, imported here only when such a route loads: not in this first-load chunk). They load
 * together (i18n/texts.ts).
 */
export const routesWithLaterTexts: Readonly<Record<string, 'later' | 'passkeysTexts' | 'statementTexts'>> = {
  admin: 'later',
  'passkey-offer': 'passkeysTexts',
  passkeys: 'passkeysTexts',
  'passkey-not-me': 'passkeysTexts',
  'email-verification': 'later',
  'email-verification-done': 'later',
  'email-verification-failed': 'later',
  'accessibility-statement': 'statementTexts',
};

/** The first-load text parts by name (screens/route-texts.ts). */
const screenTextParts: Record<ScreenTextPart, TextPart> = { 'sign-in': signInTexts, forgot: forgotTexts, mobile: mobileTexts };

function lazyModule(module: string) {
  const load = routeModules[`../routes/${module}.tsx`];
  if (!load) throw new Error(`The screen manifest names src/routes/${module}.tsx, which does not exist`);
  const part = routesWithLaterTexts[module];
  const later = !part ? undefined : part === 'later' ? () => loadLaterTexts() : () => import('../i18n/parts').then((parts) => loadLaterTexts(parts[part]));
  const firstLoadParts = (routeTextParts[module] ?? []).map((name) => screenTextParts[name]);
  if (!later && firstLoadParts.length === 0) return load;
  return () => Promise.all([load(), later?.(), loadTextParts(firstLoadParts)]).then(([route]) => route);
}

function toRoute(node: ScreenRouteNode): RouteObject {
  const children = node.children?.map(toRoute);
  if (node.group) {
    // The app's pages: their errors point back to the app, not to the web login.
    return { id: node.id, errorElement: node.group === 'mobile' ? <MobileErrorPage /> : <RouteErrorPage />, children };
  }
  const lazy = node.module ? lazyModule(node.module) : undefined;
  return node.index ? { id: node.id, index: true, lazy } : { id: node.id, path: node.path, lazy, children };
}

/**
 * The route table, built from the screen manifest (screens/manifest.ts), which the server matches
 * paths against too. Each screen is its own chunk. The build's prerender (app/prerender.tsx) renders
 * the same table.
 */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RootErrorPage />,
    HydrateFallback: RootHydrateFallback,
    children: screenRouteTree().map(toRoute),
  },
];

/**
 * The browser's router. The basename carries the language segment: a language change is a page load,
 * so one router serves exactly one language.
 */
export function createAppRouter(basename: string) {
  return createBrowserRouter(appRoutes, { basename });
}

/**
 * Does, in a task of its own, the part of creating the router that can run before it: matching the
 * route table (which compiles react-router's matching code on first use) and the first read of
 * sessionStorage (where the router keeps view transitions). The router then needs a shorter task.
 */
export function warmUpRouter(basename: string) {
  matchRoutes(appRoutes, window.location, basename);
  try {
    window.sessionStorage.getItem('innlogging');
  } catch {
    // Storage may be blocked; the router copes with that itself.
  }
}
