/** Request bodies of SPEC §3 as the app sends them, for the tests of both sides (front end and emulator). */
import type { LoginStartPayload } from './requests';

/** A private login start at level 3, in nb. */
export const exampleLoginStart: LoginStartPayload = {
  authenticationType: 'IDPORTEN_NIVAA_3',
  authenticationRole: 'PRIVATE',
  returnUrl: '/postkasse/',
  returnUrlError: '/innlogging/loginError',
  solvency: false,
  elevation: false,
  language: 'nb',
};
