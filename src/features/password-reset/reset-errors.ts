/** SPEC §8's reset catalogue: every failure of the wizard becomes one of these texts, from one table. */
import { AppError } from '../../api/errors';
import { type PasswordRuleCode, passwordRuleCodes, type ResetErrorCode } from '../../contract/api';
import type { TextKey } from '../../i18n/nb';
import { waitOf, type Wait } from '../throttling';

export interface ResetWarning {
  /** The warning's header: SPEC §8's "An error has occurred" for a code it does not know; "That did not work" otherwise. */
  title: TextKey;
  /** May use #{when}: "om 4 minutter", or "senere" when no wait is known. */
  text: TextKey;
  /** A throttled answer's wait, worked out once from the answer. */
  wait?: Wait;
  /** Offer a new password with eID right in the warning: the way that no limit on codes stops. */
  offerEid: boolean;
}

interface Entry {
  title?: TextKey;
  text: TextKey;
  offerEid?: boolean;
}

/** Every reset and password-rule code of the contract, exhaustively; any other code is `unknown` (SPEC §8). */
const byCode: Record<ResetErrorCode | PasswordRuleCode | 'VALIDATION_FAILED', Entry> = {
  RESET_PASSWORD_WRONG_CODE: { text: 'reset.error.wrong_code' },
  VALIDATION_FAILED: { text: 'reset.error.wrong_code' },
  RESET_PASSWORD_INVALIDATED: { text: 'reset.error.too_many' },
  // Within a minute of the last reset: its own words and the wait, not "too many times" (the person
  // usually tried once, honestly); the wizard's resend waits the minute out so as not to meet it.
  RESET_PASSWORD_TOO_SOON: { text: 'reset.error.too_soon' },
  // Too many resets of one person, or too many wrong guesses from one address (decision 009).
  RESET_PASSWORD_LIMIT: { text: 'reset.error.limit', offerEid: true },
  RESET_PASSWORD_FAILED: { text: 'reset.error.failed' },
  RESET_PASSWORD_DENIED_STRONG_AUTH: { text: 'reset.error.strong_auth', offerEid: true },
  RESET_PASSWORD_DENIED_BLOCKED: { text: 'reset.error.blocked', offerEid: true },
  // The server enforces the password rules too; its answer names the rule.
  PASSWORD_BLANK: { text: 'password.blank' },
  PASSWORD_ILLEGAL_CHARACTERS: { text: 'password.illegal_characters' },
  PASSWORD_TOO_COMMON: { text: 'password.too_common' },
  PASSWORD_NOT_STRONG_ENOUGH: { text: 'password.not_strong_enough' },
};

/** Any other 429, whatever its code (or none): a limit, told as the reset limit is. */
const throttled: Entry = byCode.RESET_PASSWORD_LIMIT;
const wrongCombination: Entry = { text: 'reset.error.wrong_combination' };
const unknown: Entry = { title: 'reset.error.unknown_title', text: 'reset.error.unknown' };

/**
 * The wizard's step a failure came at (reset-machine.ts's ResetStep, named here so that this table
 * does not import the machine that imports it).
 */
export type ResetErrorStep = 'identify' | 'emailCode' | 'smsCode' | 'newPassword' | 'done';

function entryFor(error: unknown, step: ResetErrorStep): Entry {
  if (!(error instanceof AppError)) return unknown;
  if (error.isThrottled) return error.apiError === 'RESET_PASSWORD_TOO_SOON' ? byCode.RESET_PASSWORD_TOO_SOON : throttled;
  if (step === 'identify' && (error.statusCode === 404 || (error.statusCode === 400 && error.apiError === 'VALIDATION_FAILED'))) {
    return wrongCombination;
  }
  const code = error.apiError;
  return code !== undefined && Object.hasOwn(byCode, code) ? byCode[code as keyof typeof byCode] : unknown;
}

export function resetWarning(error: unknown, step: ResetErrorStep): ResetWarning {
  const entry = entryFor(error, step);
  const wait = waitOf(error);
  return { title: entry.title ?? 'reset.warning_title', text: entry.text, offerEid: entry.offerEid ?? false, ...(wait ? { wait } : {}) };
}

/**
 * A save the backend refused by a password rule (SPEC §5): that rule's text, which belongs on the new
 * password field as the same rule checked in the browser does. Null for any other failure.
 */
export function passwordRuleText(error: unknown): TextKey | null {
  if (!(error instanceof AppError) || error.isThrottled) return null;
  const rule = passwordRuleCodes.find((code) => code === error.apiError);
  return rule ? byCode[rule].text : null;
}
