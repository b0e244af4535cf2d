import { describe, expect, it } from 'vitest';
import { en } from './en';
import { nb } from './nb';
import { nn } from './nn';
import { placeholdersOf } from './translate';

const translations = { nn, en } as Record<string, Record<string, string>>;
const source = nb as Record<string, string>;

// That nn and en have exactly nb's keys, page part and later part alike, is the compiler's to check:
// each part ends in `satisfies PageTexts` or `satisfies LaterTexts` (a missing or extra key does not compile).
describe('texts', () => {
  it.each(['nb', ...Object.keys(translations)])('%s has no empty texts', (language) => {
    const table = language === 'nb' ? source : translations[language];
    const empty = Object.entries(table).filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });

  it.each(Object.keys(translations))('%s uses the same placeholders as nb in every text', (language) => {
    const mismatches = Object.keys(source).filter((key) => placeholdersOf(source[key]).join() !== placeholdersOf(translations[language][key] ?? '').join());
    expect(mismatches).toEqual([]);
  });

  it('English is not a copy of Bokmål', () => {
    const same = Object.keys(source).filter((key) => source[key] === en[key as keyof typeof en] && !/^(app\.name|app\.title)$/.test(key));
    // A few words are the same in both (Digipost, Chat …); most texts must differ.
    expect(same.length).toBeLessThan(Object.keys(source).length / 10);
  });
});
