/**
 * Every entry of the error catalogue, at every place: the wait is named exactly where the text has room
 * for it, in every language, and no two causes of one message place look alike.
 */
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { nb } from '../i18n/nb';
import { nn } from '../i18n/nn';
import { placeholdersOf } from '../i18n/translate';
import { pageShown } from './page';
import { passkeyChangeShown, passkeySignInShown } from './passkey';
import { passwordLoginShown } from './password-login';
import { resetShown, resetShownBesides } from './reset';
import type { Shown } from './shown';

const places: Record<string, Record<string, Pick<Shown, 'text' | 'namesWait'>>> = {
  'password form': passwordLoginShown,
  'reset wizard': { ...resetShown, ...resetShownBesides },
  'error page': pageShown,
  'passkey sign-in': passkeySignInShown,
  'passkeys page': passkeyChangeShown,
};

describe('the error catalogue', () => {
  for (const [place, entries] of Object.entries(places)) {
    it(`${place}: a text names the wait (#{when}) in every language exactly when its entry says so`, () => {
      for (const [cause, shown] of Object.entries(entries)) {
        for (const [language, texts] of Object.entries({ nb, nn, en })) {
          expect(placeholdersOf(texts[shown.text]).includes('when'), `${cause} ${language}`).toBe(shown.namesWait === true);
        }
      }
    });
  }

  it('the password form tells each cause with its own title and text', () => {
    const entries = Object.values(passwordLoginShown);
    expect(new Set(entries.map((shown) => nb[shown.title])).size).toBe(entries.length);
    expect(new Set(entries.map((shown) => nb[shown.text])).size).toBe(entries.length);
  });

  it("a passkey sign-in tells each cause with its own title, none of them the password form's wrong password", () => {
    const entries = Object.values(passkeySignInShown);
    expect(new Set(entries.map((shown) => nb[shown.title])).size).toBe(entries.length);
    expect(entries.map((shown) => shown.title)).not.toContain(passwordLoginShown.wrong.title);
  });

  it('the error page tells a limit, a failed call and anything else apart', () => {
    expect(new Set(Object.values(pageShown).map((shown) => nb[shown.text])).size).toBe(3);
  });
});
