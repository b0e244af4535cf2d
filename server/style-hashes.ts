/**
 * The inline styles of the build's prerendered pages, as CSP hashes: the style attributes of the
 * markup and the <style> elements of critical CSS (server/critical-css.ts). The policy has no
 * 'unsafe-inline' for styles: a style attribute parsed from HTML, or a <style> element, must match one
 * of these (attributes only with 'unsafe-hashes'). Styles React sets after hydration go through
 * element.style, which CSP does not check. The build writes the list (scripts/prerender.ts); the
 * server reads it beside the markup.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const styleHashesFile = 'style-hashes.json';

const entities: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

function decodeAttribute(value: string): string {
  return value.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(\w+));/gi, (whole, decimal: string, hex: string, name: string) => {
    if (decimal) return String.fromCodePoint(Number(decimal));
    if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
    return entities[name.toLowerCase()] ?? whole;
  });
}

/** Every distinct style attribute value in the markup, as the browser reads it. */
export function styleAttributeValues(markup: string): string[] {
  const values = new Set<string>();
  for (const match of markup.matchAll(/<[^>]*?\sstyle=(?:"([^"]*)"|'([^']*)')/g)) values.add(decodeAttribute(match[1] ?? match[2]));
  return [...values].sort();
}

/** A CSP source expression for an inline style (attribute value or element text) or script: 'sha256-<base64>'. */
export function cspHash(value: string): string {
  return `'sha256-${createHash('sha256').update(value, 'utf8').digest('base64')}'`;
}

export const styleHash = cspHash;

/**
 * The build's list, sorted: the hashes of every style attribute in these pages, and of the text of
 * every critical-CSS <style> element (by screen name).
 */
export function styleHashesOf(pages: Record<string, string>, criticalCss: Record<string, string> = {}): string[] {
  const values = new Set([...Object.values(pages).flatMap(styleAttributeValues), ...Object.values(criticalCss)]);
  return [...values].map(styleHash).sort();
}

const none: readonly string[] = Object.freeze([]);

/**
 * The build's list, read on first use once there is a build (as server/app-html.ts reads the markup),
 * so a server started before `npm run build` still gets it. Empty without prerendered markup.
 */
export function builtStyleHashes(distDir: string): () => readonly string[] {
  let hashes: readonly string[] | undefined;
  return () => {
    if (hashes) return hashes;
    if (!existsSync(path.join(distDir, 'index.html'))) return none;
    const file = path.join(distDir, styleHashesFile);
    hashes = existsSync(file) ? Object.freeze(JSON.parse(readFileSync(file, 'utf8')) as string[]) : none;
    return hashes;
  };
}
