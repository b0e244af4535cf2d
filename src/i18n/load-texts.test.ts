import { describe, expect, it, vi } from 'vitest';
import { nbForgot } from './forgot/nb';
import { nbLater } from './later/nb';
import { nbMobile } from './mobile/nb';
import { nb } from './nb';
import { nbPage } from './page/nb';
import { nbPasskeys } from './passkeys/nb';
import { nbReset } from './reset/nb';
import { nbSignIn } from './sign-in/nb';
import { nbStatement } from './statement/nb';
import { forgotTexts, mobileTexts, passkeysTexts, resetTexts, signInTexts, statementTexts } from './parts';
import { loadAllTexts, loadLaterTexts, loadTextParts, loadTexts } from './texts';

const keys = (...tables: object[]) => tables.flatMap((table) => Object.keys(table)).sort();

describe('loading the texts in the browser', () => {
  it('gives a page its part first; a part loaded later adds the later texts, and its own only where it names them', async () => {
    const texts = await loadTexts('en');
    expect(Object.keys(texts).sort()).toEqual(keys(nbPage));
    expect(texts).not.toHaveProperty('wrong_role.body');

    // A route's first-load part (screens/route-texts.ts): its own texts, nothing else.
    await loadTextParts([forgotTexts]);
    expect(Object.keys(texts).sort()).toEqual(keys(nbPage, nbForgot));

    // A part loaded later: the later texts and the sign-in screens' (their messages name both).
    await loadLaterTexts();
    expect(Object.keys(texts).sort()).toEqual(keys(nbPage, nbForgot, nbLater, nbSignIn));
    expect(texts['wrong_role.logout']).toBe('Log out');

    // The accessibility statement's texts come with it alone (issue #52), and bring no other part's.
    await loadLaterTexts(statementTexts);
    expect(Object.keys(texts).sort()).toEqual(keys(nbPage, nbForgot, nbLater, nbSignIn, nbStatement));
    await Promise.all([loadLaterTexts(resetTexts), loadLaterTexts(passkeysTexts), loadTextParts([mobileTexts])]);
    expect(Object.keys(texts).sort()).toEqual(Object.keys(nb).sort());
  });

  it('fetches each part once, whoever asks; a failed one again at the next asking', async () => {
    await loadTexts('nb');
    const load = vi.fn(signInTexts.load);
    const part = { ...signInTexts, load };
    await Promise.all([loadTextParts([part]), loadTextParts([part]), loadLaterTexts()]);
    expect(load).toHaveBeenCalledTimes(1);

    await loadTexts('nn');
    const failing = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ 'forgot.title': 'Gløymt passord' });
    const flaky = { ...forgotTexts, load: failing };
    await expect(loadTextParts([flaky])).rejects.toThrow('offline');
    await loadTextParts([flaky]);
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('every text at once for the prerender, in each language', async () => {
    for (const language of ['nb', 'nn', 'en'] as const) expect(Object.keys(await loadAllTexts(language)).sort()).toEqual(Object.keys(nb).sort());
  });

  it('splits the texts in parts that share no key', () => {
    const parts = [nbPage, nbSignIn, nbForgot, nbMobile, nbLater, nbReset, nbPasskeys, nbStatement];
    expect(keys(...parts)).toEqual([...new Set(keys(...parts))]);
    expect(keys(...parts)).toEqual(Object.keys(nb).sort());
  });
});

// That no page shows a later text before loadLaterTexts has brought it (it would show the key) is checked
// where a page is drawn as the browser draws it: src/app/hydration.test.tsx hydrates every prerendered
// screen with the page part only, and a later text named on a first paint fails it.
