/**
 * The characters Posten Sans is cut down to at build (build/font-subset-plugin.ts): printable ASCII,
 * Latin-1 (æ ø å and the rest of Western Europe) and the typographic punctuation the texts use. A fixed
 * set, not one read from the texts, so a font file's content depends on the original file alone and
 * its content-hashed name stays a correct cache key. A unit test keeps every text inside it.
 */
function range(from: number, to: number): string {
  let characters = '';
  for (let code = from; code <= to; code += 1) characters += String.fromCodePoint(code);
  return characters;
}

export const fontSubsetCharacters = `${range(0x20, 0x7e)}${range(0xa0, 0xff)}–—‘’‚“”„…•€−`;
