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

/**
 * Common passwords an outside tester set at the reset's last step and signed in with (issue #34, item
 * 4): the browser's check and the emulator's must both refuse them.
 */
export const passwordsThatGotThrough: readonly string[] = [
  'Pass+word123!',
  'Pass#word123!',
  'Password1Password',
  'Qwerty1Qwerty',
  'Password2024password',
  'Påsswørd123!',
  'Digi*post2024!',
  'hotmail.com',
];
