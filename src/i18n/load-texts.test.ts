import { describe, expect, it } from 'vitest';
import { nbLater } from './later/nb';
import { nb } from './nb';
import { nbPage } from './page/nb';
import { nbPasskeys } from './passkeys/nb';
import { nbReset } from './reset/nb';
import { nbStatement } from './statement/nb';
import { passkeysTexts, resetTexts, statementTexts } from './parts';
import { loadAllTexts, loadLaterTexts, loadTexts } from './texts';

const keys = (...tables: object[]) => tables.flatMap((table) => Object.keys(table)).sort();

describe('loading the texts in the browser', () => {
  it('gives a page its part first; a part loaded later adds the later texts, and its own only where it names them', async () => {
    const texts = await loadTexts('en');
    expect(Object.keys(texts).sort()).toEqual(keys(nbPage));
    expect(texts).not.toHaveProperty('wrong_role.body');

    await loadLaterTexts();
    expect(Object.keys(texts).sort()).toEqual(keys(nbPage, nbLater));
    expect(texts['wrong_role.logout']).toBe('Log out');
    // Once: a second part asking again gets the same promise.
    expect(loadLaterTexts()).toBe(loadLaterTexts());

    // The accessibility statement's texts come with it alone (issue #52), and bring no other part's.
    await loadLaterTexts(statementTexts);
    expect(Object.keys(texts).sort()).toEqual(keys(nbPage, nbLater, nbStatement));
    await Promise.all([loadLaterTexts(resetTexts), loadLaterTexts(passkeysTexts)]);
    expect(Object.keys(texts).sort()).toEqual(Object.keys(nb).sort());
  });

  it('every text at once for the prerender, in each language', async () => {
    for (const language of ['nb', 'nn', 'en'] as const) expect(Object.keys(await loadAllTexts(language)).sort()).toEqual(Object.keys(nb).sort());
  });

  it('splits the texts in parts that share no key', () => {
    const parts = [nbPage, nbLater, nbReset, nbPasskeys, nbStatement];
    expect(keys(...parts)).toEqual([...new Set(keys(...parts))]);
    expect(keys(...parts)).toEqual(Object.keys(nb).sort());
  });
});

// That no page shows a later text before loadLaterTexts has brought it (it would show the key) is checked
// where a page is drawn as the browser draws it: src/app/hydration.test.tsx hydrates every prerendered
// screen with the page part only, and a later text named on a first paint fails it.
