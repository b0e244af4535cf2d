/**
 * The build's prerendered screens (scripts/prerender.ts): markup for #root by page path. Pages of the
 * not-found screen are made once per language for a stand-in path and take the real path when served.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const prerenderedFile = 'prerendered.json';

/** The stand-in path of the not-found screen; never a real screen. */
export const notFoundSentinel = 'innlogging-not-found-sentinel';

/** Paths simple enough to be written into markup as they are (the browser shows them the same). */
const plainPath = /^[A-Za-z0-9._~/-]*$/;

export function readPrerendered(distDir: string): Record<string, string> {
  const file = path.join(distDir, prerenderedFile);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
}

/**
 * The prerendered markup for this page path, or null. `notFoundPathname` is the not-found screen's
 * stand-in path in the page's language; used only for plain paths no screen owns.
 */
export function prerenderedMarkup(
  pages: Record<string, string>,
  pathname: string,
  relativePath: string,
  knownScreen: boolean,
  notFoundPathname: string,
): string | null {
  if (pathname.includes(notFoundSentinel)) return null;
  if (pages[pathname] !== undefined) return pages[pathname];
  if (knownScreen || !plainPath.test(pathname) || !plainPath.test(relativePath)) return null;
  const notFound = pages[notFoundPathname];
  return notFound === undefined ? null : notFound.split(notFoundSentinel).join(relativePath);
}
