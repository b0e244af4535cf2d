import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '../src/contract/languages';
import { basePath } from '../src/config/routes';
import { defaultRuntimeConfig, runtimeConfigElementId, type RuntimeConfig } from '../src/config/runtime';
import { screenModules, type ScreenMatch } from '../src/screens/screens';
import { en } from '../src/i18n/en';
import { nb, type Texts } from '../src/i18n/nb';
import { nn } from '../src/i18n/nn';
import { translate } from '../src/i18n/translate';
import { prerenderedAttribute } from '../src/app/boot/prerender-marks';
import { withoutChatbot } from '../src/features/chatbot/chatbot-markup';
import { fontFacesCss, inlineCriticalCss, inlineFontFaces, readCriticalCss } from './critical-css';
import { entryKey, firstLoadFiles, readManifestIfBuilt, screenFirstLoadFiles, type Manifest } from './manifest';
import { prerenderedMarkup, readPrerendered } from './prerendered';

const texts: Record<Language, Texts> = { nb, nn, en };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * Preload hints for what a page drawn in the browser waits on: the app, the texts of its language and
 * the screen's route chunks (otherwise found only after the entry has run). They download beside the
 * entry. No font hints: the fonts are font-display: optional (src/app/fonts.css), so none is waited on.
 */
function preloadLinks(manifest: Manifest, language: Language, modules: string[]): string {
  if (!manifest[entryKey]) return '';
  const inEntry = new Set(firstLoadFiles(manifest, [entryKey]).js);
  const scripts = screenFirstLoadFiles(manifest, language, modules).js.filter((file) => !inEntry.has(file));
  return scripts.map((file) => `<link rel="modulepreload" crossorigin href="${basePath}/${file}">`).join('\n    ');
}

export interface PageRequest {
  language: Language;
  /** Path after base and language ('' for the index). */
  relativePath: string;
  /** The whole path as requested (/innlogging/nn/timeout). */
  pathname: string;
  /** The query string with its '?', or ''. */
  search: string;
  /** The screen that shows (screenAt(relativePath), or the not-found screen). */
  screen: ScreenMatch;
  /**
   * The build's markup of this page path, stand-ins left in, whatever `pathname` says: a static site's
   * template for the app's token pages and the not-found page, which the web server fills in
   * (server/deploy/static-site.ts).
   */
  asBuilt?: string;
}

/**
 * The built index.html for one page: page language, tab title, the runtime settings, what a browser
 * without JavaScript shows (the screen's heading and why nothing more), and either the screen's
 * prerendered markup (the build's, for pages without a query; see docs/decisions/008) or preload hints
 * for what the browser must fetch to draw it. Read on first use, so the emulator also runs beside
 * Vite's dev server without a build; null when there is no build.
 */
export function createAppHtml(distDir: string, runtime: RuntimeConfig = defaultRuntimeConfig): (request: PageRequest) => string | null {
  // JSON inside <script> must not be able to close the element.
  const runtimeJson = JSON.stringify(runtime).replace(/</g, '\\u003c');
  let built: { template: string; manifest: Manifest; prerendered: Record<string, string>; criticalCss: Record<string, string>; fontFaces: string } | undefined;
  // Per language and screen (a bounded set): the page with its head written, with or without hints.
  const cache = new Map<string, string>();

  const pageHtml = (
    language: Language,
    { name, screen: page }: ScreenMatch,
    prerendered: boolean,
    template: string,
    manifest: Manifest,
    criticalCss: Record<string, string>,
    fontFaces: string,
  ) => {
    const cacheKey = `${language} ${name} ${prerendered}`;
    const cached = cache.get(cacheKey);
    if (cached) return cached;
    const t = (key: string, params?: Record<string, string>) => translate(texts, language, key, params);
    const title = t('app.title', { page: t(page.title) });
    // Without JavaScript: a prerendered screen is all there, with a note on top that it needs
    // JavaScript to work; any other page shows the screen's heading and the note.
    const noscript = prerendered
      ? ''
      : `<main class="noscript hds-container"><h1 class="hds-text-h1">${escapeHtml(t(page.heading))}</h1><p class="hds-text-body">${escapeHtml(t('app.noscript'))}</p></main>`;
    const noscriptNote = prerendered
      ? `<noscript><div class="noscript-note" role="region" aria-label="JavaScript"><p class="hds-container">${escapeHtml(t('app.noscript'))}</p></div></noscript>\n    `
      : '';
    // A prerendered page brings the CSS its first paint needs inline and gets the rest after that paint.
    const html = inlineFontFaces(prerendered ? inlineCriticalCss(template, criticalCss[name]) : template, fontFaces)
      .replace('<html lang="nb">', `<html lang="${language}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace('<noscript><!--noscript--></noscript>', noscript ? `<noscript>${noscript}</noscript>` : '')
      .replace('<div id="root"></div>', `${noscriptNote}<div id="root"></div>`)
      .replace('<!--runtime-config-->', `<script type="application/json" id="${runtimeConfigElementId}">${runtimeJson}</script>`)
      // After the entry and the stylesheet, so those are requested first.
      .replace('</head>', prerendered ? '</head>' : `  ${preloadLinks(manifest, language, screenModules(page))}\n  </head>`);
    cache.set(cacheKey, html);
    return html;
  };

  return ({ language, relativePath, pathname, search, screen, asBuilt }) => {
    if (built === undefined) {
      const file = path.join(distDir, 'index.html');
      if (!existsSync(file)) return null;
      let prerendered = readPrerendered(distDir);
      // The build draws the chat button; without a chatbot (CHATBOT_URL off) the page has none.
      if (!runtime.chatbotUrl) prerendered = Object.fromEntries(Object.entries(prerendered).map(([page, markup]) => [page, withoutChatbot(markup)]));
      const manifest = readManifestIfBuilt(distDir);
      built = {
        template: readFileSync(file, 'utf8'),
        manifest,
        prerendered,
        criticalCss: readCriticalCss(distDir),
        fontFaces: fontFacesCss(distDir, manifest),
      };
    }
    const markup =
      search !== ''
        ? null
        : asBuilt !== undefined
          ? (built.prerendered[asBuilt] ?? null)
          : prerenderedMarkup(built.prerendered, language, pathname, relativePath, screen);
    // A prerendered page needs nothing more before its first paint: no hints, so nothing competes
    // with the stylesheet; the app is fetched after the page has loaded (src/app/boot/main.tsx).
    const html = pageHtml(language, screen, markup !== null, built.template, built.manifest, built.criticalCss, built.fontFaces);
    if (markup === null) return html;
    return html.replace('<div id="root"></div>', `<div id="root" ${prerenderedAttribute}="${escapeHtml(pathname)}">${markup}</div>`);
  };
}
