/**
 * Build step after `vite build`: renders every screen that looks the same for every visitor (no path
 * parameters, no query) in every language to HTML, with the browser's own route table and loaders
 * (fetch answered by an in-process backend emulator as for an anonymous visitor). Writes
 * dist/prerendered.json: { "/innlogging/nn/timeout": "<markup inside #root>", … }. The server puts the
 * markup into the page (server/app-html.ts); the browser hydrates it (src/app/boot/run.tsx). Beside it,
 * dist/critical-css.json: per screen, the rules of the stylesheet its markup may use (build/critical-css.ts),
 * which the server inlines in the page (server/critical-css.ts); and dist/style-hashes.json: the CSP
 * hashes of the markup's style attributes and of those <style> elements (server/style-hashes.ts).
 * Which screens: those the screen manifest marks prerendered (src/screens/manifest.ts); one whose
 * loader redirects or fails stops the build.
 */
import './production-env';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { criticalCss, markupTokens } from '../build/critical-css';
import { criticalCssFile, fontFacesCss } from '../server/critical-css';
import { createEmulator } from '../server/emulator/index';
import { entryKey, readManifestIfBuilt } from '../server/manifest';
import { prerenderedFile } from '../server/prerendered';
import { styleHashesFile, styleHashesOf } from '../server/style-hashes';
import { languages, type Language } from '../src/contract/languages';
import { basePath, parseAppLocation, pathInLanguage, routerBasename } from '../src/config/routes';
import { fontsClass, webauthnClass } from '../src/app/boot/boot-script';
import { prerenderedPaths, screenAt, standIns } from '../src/screens/screens';

const root = path.resolve(import.meta.dirname, '..');

export interface PrerenderOptions {
  /** Where the pages go; dist/prerendered.json by default. */
  outFile?: string;
  /** Where Vite's build for Node goes (a cache, not deployed). */
  ssrDir?: string;
}

type PrerenderModule = typeof import('../src/app/prerender');

export async function prerender({
  outFile = path.join(root, 'dist', prerenderedFile),
  ssrDir = path.join(root, 'node_modules', '.cache', 'innlogging-prerender'),
}: PrerenderOptions = {}): Promise<Record<string, string>> {
  await build({
    root,
    // As scripts/lib.mjs viteConfigLoader: vite.config.ts evaluated as it is, not bundled (and warned about).
    configLoader: 'runner',
    logLevel: 'warn',
    build: { ssr: 'src/app/prerender.tsx', outDir: ssrDir, emptyOutDir: true, sourcemap: false, manifest: false, copyPublicDir: false },
  });
  const { prerenderScreen } = (await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href)) as PrerenderModule;

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'innlogging-prerender-'));
  const emulator = createEmulator(dataDir, { print: () => {} });
  const origin = 'http://localhost';
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), origin);
    // The app's pages bind their token first (docs/decisions/019): the stand-in names no authorization,
    // and binding changes nothing the page shows, so it is taken as bound; the browser binds for real.
    if (url.pathname.endsWith(`/tokens/${standIns.parameter}/bind`)) return new Response(null, { status: 204 });
    return emulator.app.fetch(new Request(url, init));
  };
  const pages: Record<string, string> = {};
  try {
    const relativePaths = prerenderedPaths();
    for (const language of languages as readonly Language[]) {
      for (const relativePath of relativePaths) {
        const pathname = pathInLanguage(`${basePath}/${relativePath}`, language);
        const location = parseAppLocation(pathname);
        if (!location) throw new Error(`Not an app path: ${pathname}`);
        const result = await prerenderScreen(`${origin}${pathname}`, routerBasename(location), language);
        // The manifest says this screen is the same for every visitor: a redirect or a failed loader
        // means it is not (or the emulator is broken), and the page would silently lose its first paint.
        if (result.html === null) throw new Error(`prerender: ${pathname} is marked prerendered in src/screens/manifest.ts but ${result.reason}`);
        pages[pathname] = result.html;
      }
    }
  } finally {
    globalThis.fetch = realFetch;
    emulator.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  writeFileSync(outFile, JSON.stringify(pages));
  const critical = criticalCssByScreen(path.dirname(outFile), pages);
  writeFileSync(path.join(path.dirname(outFile), criticalCssFile), JSON.stringify(critical));
  // The Content-Security-Policy allows these inline styles and no others (server/style-hashes.ts).
  const hashes = styleHashesOf(pages, { ...critical, fonts: fontFacesCss(path.dirname(outFile), readManifestIfBuilt(path.dirname(outFile))) });
  const hashesFile = path.join(path.dirname(outFile), styleHashesFile);
  writeFileSync(hashesFile, `${JSON.stringify(hashes, null, 2)}\n`);
  console.log(
    `prerender: ${Object.keys(pages).length} pages → ${path.relative(root, outFile)}, critical CSS of ${Object.keys(critical).length} screens, ${hashes.length} style hashes → ${path.relative(root, hashesFile)}`,
  );
  return pages;
}

/**
 * Per prerendered screen, the rules of the page's stylesheet that its markup (in every language, and
 * the page around it) may use. The page around #root is the built index.html; its <noscript> parts
 * show only without JavaScript, when the whole stylesheet loads with them. Read from the browser build
 * in the folder the pages go to.
 */
function criticalCssByScreen(distDir: string, pages: Record<string, string>): Record<string, string> {
  // Without the browser build beside it (a test prerendering into a folder of its own): none.
  const manifest = readManifestIfBuilt(distDir);
  const stylesheet = (manifest[entryKey]?.css ?? []).map((file) => readFileSync(path.join(distDir, file), 'utf8')).join('\n');
  if (!stylesheet) return {};
  const template = readFileSync(path.join(distDir, 'index.html'), 'utf8').replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
  const markupByScreen = new Map<string, string[]>();
  for (const [pathname, markup] of Object.entries(pages)) {
    const location = parseAppLocation(pathname);
    if (!location) throw new Error(`Not an app path: ${pathname}`);
    const { name } = screenAt(location.relativePath);
    markupByScreen.set(name, [...(markupByScreen.get(name) ?? []), markup]);
  }
  // What the page itself adds: #root's mark, and the fonts and WebAuthn marks on <html> (boot-script.ts).
  const root = `<html class="${fontsClass} ${webauthnClass}"><div id="root" data-prerendered="">`;
  return Object.fromEntries(
    [...markupByScreen].map(([name, markups]) => [name, criticalCss(stylesheet, markupTokens([template, root, ...markups].join('\n')), markups.join('\n'))]),
  );
}

// tsx scripts/prerender.ts [--out FILE] [--ssr-dir DIR]
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const option = (name: string) => {
    const index = process.argv.indexOf(name);
    return index > 0 ? process.argv[index + 1] : undefined;
  };
  await prerender({ outFile: option('--out'), ssrDir: option('--ssr-dir') });
}
