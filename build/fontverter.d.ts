// The part of fontverter (no types of its own) build/font-fallback.ts uses.
declare module 'fontverter' {
  const fontverter: { convert(font: Uint8Array, to: 'sfnt' | 'woff' | 'woff2'): Promise<Uint8Array> };
  export default fontverter;
}
