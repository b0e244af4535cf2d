import { type CustomAtRules, transform, type Visitor } from 'lightningcss';

/**
 * One lightningcss pass over a stylesheet, minified: the visitor keeps a rule or declaration (undefined),
 * drops it ([]) or gives it back changed. The purge and the critical CSS each make their passes with it.
 */
export function minifyCss(filename: string, css: string | Uint8Array, visitor: Visitor<CustomAtRules>): Uint8Array {
  return transform({ filename, code: typeof css === 'string' ? Buffer.from(css) : css, minify: true, visitor }).code;
}
