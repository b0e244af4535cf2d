/**
 * The build's prerendered screens (scripts/prerender.ts): markup for #root by page path. Two kinds of
 * page are made once per language for a stand-in and take the real value when served: the not-found
 * screen (for any path no screen owns) and the app's password page (for any token).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '../src/contract/languages';
import { basePath, pathInLanguage } from '../src/config/routes';
import { standIns, type ScreenMatch } from '../src/screens/screens';

export const prerenderedFile = 'prerendered.json';

/** Paths simple enough to be written into markup as they are (the browser shows them the same). */
const plainPath = /^[A-Za-z0-9._~/-]*$/;
/** A parameter as the prerendered page takes it (a token): anything else is drawn in the browser. */
const plainParameter = /^[A-Za-z0-9_-]{8,128}$/;

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
  match: ScreenMatch,
): string | null {
  if (!match.screen.prerendered || pathname.includes(standIns.parameter) || pathname.includes(standIns.rest) || !plainPath.test(pathname)) return null;
  if (pages[pathname] !== undefined) return pages[pathname];
  if (match.name === 'notFound') return standIn(pages, language, standIns.rest, standIns.rest, relativePath);
  // A screen prerendered once for a stand-in parameter (screens/screens.ts prerenderedPaths): its one
  // parameter must look like the stand-in, and the path must be the pattern's exactly.
  const values = Object.values(match.params);
  const value = values[0];
  if (values.length !== 1 || value === undefined || !plainParameter.test(value) || relativePath.endsWith('/')) return null;
  return standIn(pages, language, match.screen.path.replace(/:\w+/, standIns.parameter), standIns.parameter, value);
}
