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

  it('each limit has its own title, apart from every other cause at its place and from a wrong password or a wrong (ID, phone) pair (issue #38)', () => {
    const limits = [passwordLoginShown.locked, passwordLoginShown.addressLocked, passwordLoginShown.throttled, passwordLoginShown.stopped];
    const resetLimits = [
      resetShown.RESET_PASSWORD_DAILY_LIMIT,
      resetShown.RESET_PASSWORD_IDENTIFY_LOCKED,
      resetShown.RESET_PASSWORD_ADDRESS_LOCKED,
      resetShown.RESET_PASSWORD_LIMIT,
    ];
    for (const [language, texts] of Object.entries({ nb, nn, en })) {
      const titles = [...limits, ...resetLimits].map((shown) => texts[shown.title]);
      expect(new Set(titles).size, language).toBe(titles.length);
      for (const ordinary of [passwordLoginShown.wrong.title, resetShownBesides.wrongCombination.title, resetShown.RESET_PASSWORD_INVALIDATED.title]) {
        expect(titles, `${language}: ${ordinary}`).not.toContain(texts[ordinary]);
      }
    }
    // The end of a reset after three wrong codes is no lock: its own words, no wait (issue #38).
    expect(resetShown.RESET_PASSWORD_INVALIDATED).toEqual({ title: 'reset.warning_title', text: 'reset.error.too_many' });
  });

  it('the error page tells a limit, a failed call and anything else apart', () => {
    expect(new Set(Object.values(pageShown).map((shown) => nb[shown.text])).size).toBe(3);
  });
});
