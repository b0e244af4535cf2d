import { describe, expect, it } from 'vitest';
import { nbLater } from './later/nb';
import { nb } from './nb';
import { nbPage } from './page/nb';
import { loadAllTexts, loadLaterTexts, loadTexts } from './texts';

describe('loading the texts in the browser', () => {
  it('gives a page its part first, and the later part into the same table when a part loaded later asks', async () => {
    const texts = await loadTexts('en');
    expect(Object.keys(texts).sort()).toEqual(Object.keys(nbPage).sort());
    expect(texts).not.toHaveProperty('wrong_role.body');

    await loadLaterTexts();
    expect(Object.keys(texts).sort()).toEqual(Object.keys(nb).sort());
    expect(texts['wrong_role.logout']).toBe('Log out');
    // Once: a second part asking again gets the same promise.
    expect(loadLaterTexts()).toBe(loadLaterTexts());
  });

  it('every text at once for the prerender, in each language', async () => {
    for (const language of ['nb', 'nn', 'en'] as const) expect(Object.keys(await loadAllTexts(language)).sort()).toEqual(Object.keys(nb).sort());
  });

  it('splits the texts in two parts that share no key', () => {
    expect(Object.keys(nbPage).filter((key) => key in nbLater)).toEqual([]);
  });
});

// That no page shows a later text before loadLaterTexts has brought it (it would show the key) is checked
// where a page is drawn as the browser draws it: src/app/hydration.test.tsx hydrates every prerendered
// screen with the page part only, and a later text named on a first paint fails it.
