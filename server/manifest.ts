/**
 * Vite's build manifest: which files a first load of a screen fetches. Used by the server (to
 * preload a screen's chunks) and by the bench and budget check (to weigh them).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { routeTextSources } from '../src/screens/route-texts';

interface ManifestChunk {
  file: string;
  /** The chunk's name (for shared chunks, the group's name in vite.config.ts). */
  name?: string;
  css?: string[];
  assets?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export const entryKey = 'index.html';

/** Posten Sans's @font-face rules, a stylesheet of their own (vite.config.ts input), inline in every page. */
export const fontsCssKey = 'src/app/fonts.css';

/** The app proper: the entry imports it at once, or after the page has loaded when prerendered. */
export const appStartKey = 'src/app/boot/start.ts';

/** The app's start and the pieces it imports one after another (React DOM, the router, the app). */
export function appStartKeys(manifest: Manifest): string[] {
  return [appStartKey, ...(manifest[appStartKey]?.dynamicImports ?? [])];
}

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The manifest, or an empty one when the build has none (tests with a hand-written index.html). */
export function readManifestIfBuilt(distDir: string): Manifest {
  return existsSync(path.join(distDir, '.vite', 'manifest.json')) ? readManifest(distDir) : {};
}

/** Files a first load of these manifest keys fetches (JS and CSS), following static imports. */
export function firstLoadFiles(manifest: Manifest, keys: string[]): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`No chunk "${key}" in the build manifest`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const file of chunk.imports ?? []) visit(file);
  };
  keys.forEach(visit);
  return { js: [...js], css: [...css] };
}

/**
 * The first-load files of a screen in a language: entry, the app, texts (every page's, and the parts its
 * route modules show: src/screens/route-texts.ts) and the screen's route modules.
 */
export function screenFirstLoadFiles(manifest: Manifest, language: string, modules: string[]) {
  return firstLoadFiles(manifest, [entryKey, ...appStartKeys(manifest), `src/i18n/page/${language}.ts`, ...routeTextSources(modules, language), ...modules]);
}

export function gzipBytes(distDir: string, files: string[]): number {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length, 0);
}
