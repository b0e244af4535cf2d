import { describe, expect, it } from 'vitest';
import { fontSubsetCharacters } from '../../build/font-subset';
import { en } from './en';
import { nb } from './nb';
import { nn } from './nn';

describe('the font subset', () => {
  it('holds every character of every text, so no letter is drawn in a fallback font', () => {
    const allowed = new Set(fontSubsetCharacters);
    for (const [language, texts] of Object.entries({ nb, nn, en })) {
      for (const [key, value] of Object.entries(texts)) {
        const missing = [...value].filter((character) => !allowed.has(character) && character !== '\n');
        expect(missing, `${language} ${key}`).toEqual([]);
      }
    }
  });
});
