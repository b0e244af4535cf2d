import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '../src/config/languages';
import { defaultRuntimeConfig, runtimeConfigElementId, type RuntimeConfig } from '../src/config/runtime';
import { en } from '../src/i18n/en';
import { nb } from '../src/i18n/nb';
import { nn } from '../src/i18n/nn';

const noscriptTexts: Record<Language, string> = {
  nb: nb['app.noscript'],
  nn: nn['app.noscript'],
  en: en['app.noscript'],
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * The built index.html, with the page's language and its no-JavaScript message filled in per request.
 * Read on first use, so the emulator also runs beside Vite's dev server without a build; null when
 * there is no build.
 */
export function createAppHtml(distDir: string, runtime: RuntimeConfig = defaultRuntimeConfig): (language: Language) => string | null {
  // JSON inside <script> must not be able to close the element.
  const runtimeJson = JSON.stringify(runtime).replace(/</g, '\\u003c');
  let template: string | undefined;
  const cache = new Map<Language, string>();
  return (language) => {
    const cached = cache.get(language);
    if (cached) return cached;
    if (template === undefined) {
      const file = path.join(distDir, 'index.html');
      if (!existsSync(file)) return null;
      template = readFileSync(file, 'utf8');
    }
    const html = template
      .replace('<html lang="nb">', `<html lang="${language}">`)
      .replace('<!--noscript-->', `<p class="noscript">${escapeHtml(noscriptTexts[language])}</p>`)
      .replace('<!--runtime-config-->', `<script type="application/json" id="${runtimeConfigElementId}">${runtimeJson}</script>`);
    cache.set(language, html);
    return html;
  };
}
