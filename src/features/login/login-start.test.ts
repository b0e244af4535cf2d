import { describe, expect, it } from 'vitest';
import { privateLoginStart } from './login-start';

// The emulator falls back to nb for a start without a language, so an e2e run in nb cannot see one
// lost (the languages take turns in private-login.spec): the payload is checked here in each.
describe('the private eID login start (SPEC §3)', () => {
  for (const [language, errorPath] of [
    ['nb', '/innlogging/loginError'],
    ['nn', '/innlogging/nn/loginError'],
    ['en', '/innlogging/en/loginError'],
  ] as const) {
    it(`says ${language}, and brings errors back in it`, () => {
      expect(privateLoginStart(language)).toMatchObject({
        language,
        returnUrlError: errorPath,
        authenticationType: 'IDPORTEN_NIVAA_3',
        authenticationRole: 'PRIVATE',
        elevation: false,
      });
    });
  }

  it('elevates at level 4 and for a password reset, with the reset’s return address', () => {
    expect(privateLoginStart('nn', { level: 4 })).toMatchObject({ authenticationType: 'IDPORTEN_NIVAA_4', elevation: true, language: 'nn' });
    expect(privateLoginStart('en', { level: 4, elevation: true, returnUrl: '/postkasse/?x=1' })).toMatchObject({
      returnUrl: '/postkasse/?x=1',
      language: 'en',
    });
  });
});
