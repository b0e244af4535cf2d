/**
 * The CSS a page brings inline:
 * - the critical CSS of the prerendered screens (build/critical-css.ts; written by scripts/prerender.ts
 *   to dist/critical-css.json, by screen name), so a prerendered page's first paint waits for no
 *   stylesheet; the whole stylesheet and the app's entry are loaded after that paint (src/app/boot/boot-script.ts);
 * - on every page, Posten Sans's @font-face rules (src/app/fonts.css, built as a stylesheet of its own):
 *   declared once and early, so the fonts can be used from the first layout once cached and no later
 *   stylesheet declares them again (src/app/boot/fonts.ts).
 * The Content-Security-Policy allows each of these <style> elements by hash (server/style-hashes.ts,
 * the same list as the markup's style attributes).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { deferredId } from '../src/app/boot/prerender-marks';
import { fontsCssKey, type Manifest } from './manifest';

/** The built @font-face rules, or '' without a build that made them. */
export function fontFacesCss(distDir: string, manifest: Manifest): string {
  const file = manifest[fontsCssKey]?.file;
  return file ? readFileSync(path.join(distDir, file), 'utf8').trim() : '';
}

export const criticalCssFile = 'critical-css.json';

/** Critical CSS by screen name; empty without a build that made it. */
export function readCriticalCss(distDir: string): Record<string, string> {
  const file = path.join(distDir, criticalCssFile);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
}

/**
 * A prerendered page's head: the template's stylesheet links become the screen's critical CSS, and the
 * links move into a <noscript> with the entry's address in its data-entry attribute (without
 * JavaScript the links load as usual; with it, the boot script loads links and entry after the first
 * paint, src/app/boot/boot-script.ts). Unchanged when there is no critical CSS, stylesheet link or entry.
 */
export function inlineCriticalCss(html: string, css: string | undefined): string {
  if (!css) return html;
  const links = html.match(/<link rel="stylesheet"[^>]*>/g);
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!links || !entry) return html;
  assertStyleText(css);
  let first = true;
  return html.replace(entry[0], '').replace(/\s*<link rel="stylesheet"[^>]*>/g, (link) => {
    if (!first) return '';
    first = false;
    const indent = link.match(/^\s*/)?.[0] ?? '';
    return `${indent}<style>${css}</style>${indent}<noscript id="${deferredId}" data-entry="${entry[1]}">${links.join('')}</noscript>`;
  });
}

/** The page's head with the fonts' @font-face rules inline, before its stylesheets. */
export function inlineFontFaces(html: string, css: string): string {
  if (!css) return html;
  assertStyleText(css);
  return html.replace('</title>', () => `</title>\n    <style>${css}</style>`);
}

/** A </style> inside CSS would end the element early: never produced by the minifier, but never let through. */
function assertStyleText(css: string) {
  if (/<\/style/i.test(css)) throw new Error('inline CSS contains "</style"');
}
