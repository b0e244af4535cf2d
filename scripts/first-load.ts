/** The main screens the bench and the budget check weigh (in nb), and how to reach each. */
import { statSync } from 'node:fs';
import path from 'node:path';
import { entryKey, fontsCssKey, gzipBytes, screenFirstLoadFiles, type Manifest } from '../server/manifest';
import { basePath } from '../src/config/routes';
import { pathOf, screenManifest, screenModules, type ScreenName } from '../src/screens/screens';

/** The main screens of issue #8: what the bench and the budget check weigh, the end-to-end suite visits. */
export const mainScreenNames = [
  'privateLogin',
  'business',
  'forgotPassword',
  'logout',
  'timeout',
  'loginError',
  'notFound',
  'mobilePasswordLogin',
] as const satisfies readonly ScreenName[];

/** A path of the screen under a language's base, with sample values for its parameters. */
export function samplePath(name: ScreenName): string {
  const { path } = screenManifest[name];
  if (path === '*') return pathOf('notFound', { '*': 'finnes-ikke' });
  // The app's password page takes any token of the right form until it is used.
  return `/${path}`.replace(/:(\w+)/g, (_, parameter: string) => (parameter === 'idportenLevel' ? 'idporten3' : 'AbCdEf123456'));
}

export interface MeasuredScreen {
  name: ScreenName;
  /** Path under the server root, in nb. */
  path: string;
  modules: string[];
  /** The screen answers HTTP 404 on purpose (the bench allows Chrome's console line for it). */
  answers404: boolean;
}

export const measuredScreens: MeasuredScreen[] = mainScreenNames.map((name) => ({
  name,
  path: `${basePath}${samplePath(name)}`,
  modules: screenModules(screenManifest[name]),
  answers404: name === 'notFound',
}));

export function firstLoadBytes(distDir: string, manifest: Manifest, modules: string[], language = 'nb') {
  const files = screenFirstLoadFiles(manifest, language, modules);
  return { js: gzipBytes(distDir, files.js), css: gzipBytes(distDir, files.css) };
}

/** The web fonts every page declares (woff2, not compressed further; src/app/fonts.css, or before it had its own stylesheet the entry's). */
export function fontBytes(distDir: string, manifest: Manifest): number {
  const fonts = [...(manifest[fontsCssKey]?.assets ?? []), ...(manifest[entryKey]?.assets ?? [])].filter((file) => file.endsWith('.woff2'));
  return fonts.reduce((sum, file) => sum + statSync(path.join(distDir, file)).size, 0);
}

/**
 * The first-load JavaScript budget, gzip bytes (issue #52, in place of issue #8's 125 KB for the base
 * route and 140 KB for the rest): 125 KiB for every main screen, as for all a screen fetches without
 * input (tests/e2e/script-weight.spec.ts). The app's password page cannot hold it (docs/decisions/029):
 * its ceiling is what it loads today, rounded up to the half KiB.
 */
export const firstLoadBudget = 125 * 1024;
const firstLoadCeilings: Partial<Record<(typeof mainScreenNames)[number], number>> = { mobilePasswordLogin: 128.5 * 1024 };

/** A main screen's first-load limit: the budget, or its ceiling where it has one. */
export function firstLoadLimit(name: ScreenName): number {
  return firstLoadCeilings[name as (typeof mainScreenNames)[number]] ?? firstLoadBudget;
}
