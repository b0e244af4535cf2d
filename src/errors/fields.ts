/**
 * The error catalogue's part for the fields of a form (shown.ts): what a field says when it is empty
 * (it asks for what it wants) and when its value has the wrong form ("Ugyldig …"). The password form
 * and the reset wizard's steps name their fields' errors here, checked before any call.
 */
import type { TextKey } from '../i18n/nb';

export type FieldProblem = 'empty' | 'invalid';

export const fieldShown = {
  nationalId: { empty: 'login.enter_foedselsnummer', invalid: 'login.invalid_foedselsnummer' },
  password: { empty: 'login.enter_password', invalid: 'login.invalid_password' },
  phone: { empty: 'reset.enter_phone', invalid: 'reset.invalid_phone' },
  emailCode: { empty: 'reset.enter_email_code', invalid: 'reset.invalid_code' },
  smsCode: { empty: 'reset.enter_sms_code', invalid: 'reset.invalid_code' },
} as const satisfies Record<string, Record<FieldProblem, TextKey>>;

/** A code the backend found wrong, at its field, with the tries left (#{tries}). */
export const wrongCodeText = 'reset.error.wrong_code_tries' satisfies TextKey;
