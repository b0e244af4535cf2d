/**
 * The built app as a static site that nginx or any CDN serves without a Node process (docs/deploy/).
 * Every page is made by the same function as the Node server's (server/app-html.ts createAppHtml),
 * with the same runtime settings, so the two serve the same bytes for the same path:
 *
 *   <site>/innlogging/assets/…                hashed assets, each with .gz and .br beside it
 *   <site>/innlogging/favicon.svg
 *   <site>/innlogging/<path>/index.html       every prerendered screen at its own path, per language
 *                                             (innlogging/index.html, innlogging/en/business/index.html …)
 *   <site>/_pages/<language>/<screen>.html    each screen's app shell (title, no-JavaScript heading,
 *                                             preload hints) for a path with a query, a parameter or
 *                                             other letter case; notFound.html is the not-found page
 *   <site>/_standin/<language>/<screen>.html  the pages prerendered once for stand-ins (the app's token
 *                                             pages, the not-found page), which the web server fills in
 *                                             (sub_filter: server/deploy/nginx-config.ts); not compressed
 *                                             here (nginx gzips them once filled in; the build's
 *                                             dist/site/ has a .gz and .br of each: scripts/static-site.ts)
 *
 * Text files get a .gz and a .br beside them, so the server sends them without compressing anything
 * per request (nginx gzip_static and brotli_static).
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { languages, type Language } from '../../src/contract/languages';
import { basePath, parseAppLocation, pathInLanguage } from '../../src/config/routes';
import type { RuntimeConfig } from '../../src/config/runtime';
import { screenEntries } from '../../src/screens/manifest';
import { prerenderedPaths, screenManifest, standIns, type ScreenName } from '../../src/screens/screens';
import { createAppHtml } from '../app-html';
import { screenAtPath } from '../screen-match';

/** What the web server puts in place of a stand-in page's path: the path as requested. */
export const pathStandIn = 'innlogging-page-path-sentinel';

/** Files worth compressing (fonts and images are compressed already). */
const compressible = /\.(?:html|js|mjs|css|svg|json|txt)$/;

export function gzip(body: Buffer | string): Buffer {
  return gzipSync(body, { level: 9 });
}

export function brotli(body: Buffer | string): Buffer {
  const buffer = typeof body === 'string' ? Buffer.from(body) : body;
  return brotliCompressSync(buffer, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length },
  });
}

function writeCompressed(file: string, body: Buffer | string): void {
  writeFileSync(`${file}.gz`, gzip(body));
  writeFileSync(`${file}.br`, brotli(body));
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/**
 * A .gz and a .br beside every text file under `dir` that has none yet or an older one (the build's
 * hashed assets: done once, at build; the Node server and nginx both send them).
 */
export function precompressDir(dir: string): number {
  return walk(dir).filter(precompressFile).length;
}

/** A .gz and a .br beside one text file, unless they are there and newer; whether it wrote them. */
export function precompressFile(file: string): boolean {
  if (!compressible.test(file) || !existsSync(file)) return false;
  const modified = statSync(file).mtimeMs;
  if ([`${file}.gz`, `${file}.br`].every((done) => existsSync(done) && statSync(done).mtimeMs >= modified)) return false;
  writeCompressed(file, readFileSync(file));
  return true;
}

/** The screens prerendered once for stand-in values, filled in when served, and the not-found page. */
export const standInScreens: ScreenName[] = [
  ...screenEntries.filter(([, screen]) => screen.prerendered && screen.path.includes(':')).map(([name]) => name),
  'notFound',
];

/** The page paths of the build's prerendered screens that are served as they are (no stand-ins). */
export function prerenderedPagePaths(): string[] {
  return (languages as readonly Language[]).flatMap((language) =>
    prerenderedPaths()
      .filter((relativePath) => !relativePath.includes(standIns.parameter) && !relativePath.includes(standIns.rest))
      .map((relativePath) => pathInLanguage(`${basePath}/${relativePath}`, language)),
  );
}

export interface StaticSiteOptions {
  /** The build (vite build + prerender): dist/. */
  distDir: string;
  /** Where the site goes (emptied first). */
  outDir: string;
  /** The settings the pages carry, as the Node server hands them (server/config.ts). */
  runtime: RuntimeConfig;
}

export interface StaticSite {
  /** Prerendered pages written at their own paths. */
  pages: number;
  /** App shells, per language and screen. */
  shells: number;
  standIns: number;
}

/** Writes the whole static site (see the top of this file). */
export function writeStaticSite({ distDir, outDir, runtime }: StaticSiteOptions): StaticSite {
  if (!existsSync(path.join(distDir, 'index.html'))) throw new Error(`No build in ${distDir}: run \`npm run build\` first`);
  rmSync(outDir, { recursive: true, force: true });
  const appRoot = path.join(outDir, basePath.slice(1));
  // The assets, with the .gz and .br the build made (precompressDir); source maps never (they stay out of dist/).
  const assetsDir = path.join(distDir, 'assets');
  for (const file of walk(assetsDir)) {
    if (file.endsWith('.map')) continue;
    const target = path.join(appRoot, 'assets', path.relative(assetsDir, file));
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(file, target);
  }
  for (const name of ['favicon.svg', 'favicon.svg.gz', 'favicon.svg.br']) {
    if (existsSync(path.join(distDir, name))) copyFileSync(path.join(distDir, name), path.join(appRoot, name));
  }

  const appHtml = createAppHtml(distDir, runtime);
  const writePage = (file: string, html: string | null, compress: boolean) => {
    if (html === null) throw new Error(`static site: no page for ${file}`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, html);
    if (compress) writeCompressed(file, html);
  };

  const pagePaths = prerenderedPagePaths();
  for (const pathname of pagePaths) {
    const location = parseAppLocation(pathname);
    if (!location) throw new Error(`Not an app path: ${pathname}`);
    const html = appHtml({
      language: location.language,
      relativePath: location.relativePath,
      pathname,
      search: '',
      screen: screenAtPath(location.relativePath),
    });
    if (html === null || !html.includes(`data-prerendered="${pathname}"`)) throw new Error(`static site: ${pathname} was not prerendered`);
    writePage(path.join(outDir, pathname.slice(1), 'index.html'), html, true);
  }

  let shells = 0;
  let standInPages = 0;
  for (const language of languages as readonly Language[]) {
    for (const [name, screen] of screenEntries) {
      // A query makes any page a shell (the Node server prerenders only pages without one).
      const match = { name, screen, params: {} };
      writePage(path.join(outDir, '_pages', language, `${name}.html`), appHtml({ language, relativePath: '', pathname: '', search: '?', screen: match }), true);
      shells += 1;
    }
    for (const name of standInScreens) {
      const screen = screenManifest[name];
      const relativePath = name === 'notFound' ? standIns.rest : screen.path.replace(/:\w+/g, standIns.parameter);
      const html = appHtml({
        language,
        relativePath,
        pathname: pathStandIn,
        search: '',
        screen: { name, screen, params: {} },
        asBuilt: pathInLanguage(`${basePath}/${relativePath}`, language),
      });
      if (html === null || !html.includes(`data-prerendered="${pathStandIn}"`)) throw new Error(`static site: no stand-in page for ${name} in ${language}`);
      writePage(path.join(outDir, '_standin', language, `${name}.html`), html, false);
      standInPages += 1;
    }
  }
  return { pages: pagePaths.length, shells, standIns: standInPages };
}
