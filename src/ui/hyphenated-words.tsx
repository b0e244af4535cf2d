import type { ReactNode } from 'react';

/** A word with a hyphen inside it: e-post, ID-porten, one-time (not a dash between words). */
const hyphenatedWord = /([\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+)/u;

/**
 * A heading's text with each hyphenated word kept on one line: browsers may break a line after a
 * hyphen, which leaves "e-" at the end of a line and "postadressen" on the next. A span that does not
 * wrap, not the non-breaking hyphen U+2011: that one some screen readers read out as a symbol, and
 * find-in-page and copied text would no longer match "e-post".
 */
export function keepHyphenatedWordsWhole(text: string): ReactNode {
  // split() with a group: the words are at the odd places.
  return text.split(hyphenatedWord).map((part, index) =>
    index % 2 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered
      <span key={index} className="unbroken">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
