import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '../src/config/languages';
import { basePath } from '../src/config/routes';
import { defaultRuntimeConfig, runtimeConfigElementId, type RuntimeConfig } from '../src/config/runtime';
import { screenPageFor } from '../src/config/screen-pages';
import { en } from '../src/i18n/en';
import { nb, type Texts } from '../src/i18n/nb';
import { nn } from '../src/i18n/nn';
import { translate } from '../src/i18n/translate';
import { entryKey, firstLoadFiles, readManifestIfBuilt, screenFirstLoadFiles, type Manifest } from './manifest';

const texts: Record<Language, Texts> = { nb, nn, en };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Font weights the screens draw above the fold; the rest load when used. */
const preloadedFonts: RegExp[] = [];

/**
 * Preload hints for what the screen's first render waits on: the texts of its language and its route
 * chunks (otherwise found only after the entry has run), and the fonts of the first paint (otherwise
 * found only after the CSS is parsed and the text laid out). All of them download beside the entry.
 */
function preloadLinks(manifest: Manifest, language: Language, modules: string[]): string {
  if (!manifest[entryKey]) return '';
  const inEntry = new Set(firstLoadFiles(manifest, [entryKey]).js);
  const scripts = screenFirstLoadFiles(manifest, language, modules).js.filter((file) => !inEntry.has(file));
  const fonts = (manifest[entryKey].assets ?? []).filter((file) => preloadedFonts.some((font) => font.test(file)));
  return [
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="${basePath}/${file}">`),
    ...fonts.map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${basePath}/${file}">`),
  ].join('\n    ');
}

/**
 * The built index.html for one screen in one language: page language, tab title, preload hints, the
 * runtime settings, and what a browser without JavaScript shows (the screen's heading and why nothing
 * more). Read on first use, so the emulator also runs beside Vite's dev server without a build; null
 * when there is no build.
 */
export function createAppHtml(
  distDir: string,
  runtime: RuntimeConfig = defaultRuntimeConfig,
): (language: Language, relativePath: string) => string | null {
  // JSON inside <script> must not be able to close the element.
  const runtimeJson = JSON.stringify(runtime).replace(/</g, '\\u003c');
  let template: string | undefined;
  let manifest: Manifest = {};
  const cache = new Map<string, string>();
  return (language, relativePath) => {
    const page = screenPageFor(relativePath);
    const cacheKey = `${language} ${page.modules.join()} ${page.heading}`;
    const cached = cache.get(cacheKey);
    if (cached) return cached;
    if (template === undefined) {
      const file = path.join(distDir, 'index.html');
      if (!existsSync(file)) return null;
      template = readFileSync(file, 'utf8');
      manifest = readManifestIfBuilt(distDir);
    }
    const t = (key: string, params?: Record<string, string>) => translate(texts, language, key, params);
    const title = t('app.title', { page: t(page.title) });
    const noscript = `<main class="noscript hds-container"><h1 class="hds-text-h1">${escapeHtml(t(page.heading))}</h1><p class="hds-text-body">${escapeHtml(t('app.noscript'))}</p></main>`;
    const html = template
      .replace('<html lang="nb">', `<html lang="${language}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace('<!--noscript-->', noscript)
      .replace('<!--runtime-config-->', `<script type="application/json" id="${runtimeConfigElementId}">${runtimeJson}</script>`)
      // After the entry and the stylesheet, so those are requested first.
      .replace('</head>', `  ${preloadLinks(manifest, language, page.modules)}\n  </head>`);
    cache.set(cacheKey, html);
    return html;
  };
}
