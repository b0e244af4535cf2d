/**
 * The build's prerendered screens (scripts/prerender.ts): markup for #root by page path. Two kinds of
 * page are made once per language for a stand-in and take the real value when served: the not-found
 * screen (for any path no screen owns) and the app's password page (for any token).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '../src/config/languages';
import { basePath, matchPattern, pathInLanguage, screens } from '../src/config/routes';

export const prerenderedFile = 'prerendered.json';

/** The stand-in path of the not-found screen; never a real screen. */
export const notFoundSentinel = 'innlogging-not-found-sentinel';

/** The stand-in token of the app's password page: a token as the page accepts it, never a real one. */
export const tokenSentinel = 'innloggingTokenSentinel';

/** Screens with a token in their path that are prerendered once, for the stand-in token. */
export const tokenScreens: string[] = [screens.mobilePasswordLogin];

/** The paths (relative to the language base) the build prerenders for stand-ins. */
export const standInPaths: string[] = [notFoundSentinel, ...tokenScreens.map((pattern) => pattern.replace(':token', tokenSentinel))];

/** Paths simple enough to be written into markup as they are (the browser shows them the same). */
const plainPath = /^[A-Za-z0-9._~/-]*$/;
const plainToken = /^[A-Za-z0-9_-]{8,128}$/;

export function readPrerendered(distDir: string): Record<string, string> {
  const file = path.join(distDir, prerenderedFile);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
}

function standIn(pages: Record<string, string>, language: Language, relativePath: string, sentinel: string, value: string): string | null {
  const markup = pages[pathInLanguage(`${basePath}/${relativePath}`, language)];
  return markup === undefined ? null : markup.split(sentinel).join(value);
}

/** The prerendered markup for this page path in this language, or null (the browser draws it). */
export function prerenderedMarkup(
  pages: Record<string, string>,
  language: Language,
  pathname: string,
  relativePath: string,
  knownScreen: boolean,
): string | null {
  if (pathname.includes(notFoundSentinel) || pathname.includes(tokenSentinel) || !plainPath.test(pathname)) return null;
  if (pages[pathname] !== undefined) return pages[pathname];
  for (const pattern of tokenScreens) {
    const token = matchPattern(pattern, relativePath)?.token;
    if (token !== undefined) {
      return plainToken.test(token) && !relativePath.endsWith('/') ? standIn(pages, language, pattern.replace(':token', tokenSentinel), tokenSentinel, token) : null;
    }
  }
  if (knownScreen || !plainPath.test(relativePath)) return null;
  return standIn(pages, language, notFoundSentinel, notFoundSentinel, relativePath);
}
