/**
 * The error catalogue's part for the reset wizard (shown.ts): SPEC §8's reset catalogue. Every failure
 * of the wizard becomes one of these texts, from one table.
 */
import { AppError } from '../api/errors';
import { type PasswordRuleCode, passwordRuleCodes, type ResetErrorCode } from '../contract/api';
import type { TextKey } from '../i18n/nb';
import { waitOf, type Wait } from './wait';
import type { Shown } from './shown';

/** The wizard's step a failure came at: only the first step's 404 is a wrong (ID, phone) combination. */
export type ResetFailureStep = 'identify' | 'emailCode' | 'smsCode' | 'newPassword' | 'done';

/** What a warning is about: the contract's code it answers, or one of the wizard's other failures. */
export type ResetCause = ResetErrorCode | PasswordRuleCode | 'VALIDATION_FAILED' | keyof typeof resetShownBesides;

export interface ResetWarning {
  /** Its cause, for a step that shows something besides the warning for one (step 1's daily limit). */
  cause: ResetCause;
  /** The warning's header: SPEC §8's "An error has occurred" for a code it does not know; "That did not work" otherwise. */
  title: TextKey;
  /** May use #{when}: "om 4 minutter", or "senere" when no wait is known. */
  text: TextKey;
  /** A throttled answer's wait, worked out once from the answer. */
  wait?: Wait;
  /** Offer a new password with eID right in the warning: the way that no limit on codes stops. */
  offerEid: boolean;
}

/** Every reset and password-rule code of the contract, exhaustively; any other code is `unknown` (SPEC §8). */
const warning = (text: TextKey, flags: Pick<Shown, 'offerEid' | 'namesWait'> = {}): Shown => ({ title: 'reset.warning_title', text, ...flags });
/** A limit: its own title, the wait, and eID (the way no limit on codes stops) inside it. */
const lock = (title: TextKey, text: TextKey): Shown => ({ title, text, offerEid: true, namesWait: true });
export const resetShown: Record<ResetErrorCode | PasswordRuleCode | 'VALIDATION_FAILED', Shown> = {
  RESET_PASSWORD_WRONG_CODE: warning('reset.error.wrong_code'),
  VALIDATION_FAILED: warning('reset.error.wrong_code'),
  RESET_PASSWORD_INVALIDATED: warning('reset.error.too_many'),
  // Within a minute of the last reset: its own words and the wait, not "too many times" (the person
  // usually tried once, honestly); the wizard's resend waits the minute out so as not to meet it.
  RESET_PASSWORD_TOO_SOON: warning('reset.error.too_soon', { namesWait: true }),
  // Too many resets of one person, or too many wrong guesses, from a backend that does not say which (decision 009) ...
  RESET_PASSWORD_LIMIT: lock('reset.error.limit_title', 'reset.error.limit'),
  // ... or, each with its own title, the one it names (decision 026): the person's resets used up,
  // the ID's (or phone's) wrong guesses, the network's.
  RESET_PASSWORD_DAILY_LIMIT: lock('reset.error.daily_limit_title', 'reset.error.daily_limit'),
  RESET_PASSWORD_IDENTIFY_LOCKED: lock('reset.error.identify_locked_title', 'reset.error.identify_locked'),
  RESET_PASSWORD_ADDRESS_LOCKED: lock('reset.error.address_locked_title', 'reset.error.address_locked'),
  RESET_PASSWORD_FAILED: warning('reset.error.failed'),
  RESET_PASSWORD_DENIED_STRONG_AUTH: warning('reset.error.strong_auth', { offerEid: true }),
  RESET_PASSWORD_DENIED_BLOCKED: warning('reset.error.blocked', { offerEid: true }),
  // The server enforces the password rules too; its answer names the rule (shown at the field: passwordRuleText).
  PASSWORD_BLANK: warning('password.blank'),
  PASSWORD_ILLEGAL_CHARACTERS: warning('password.illegal_characters'),
  PASSWORD_TOO_COMMON: warning('password.too_common'),
  PASSWORD_NOT_STRONG_ENOUGH: warning('password.not_strong_enough'),
};

/** Any other 429, whatever its code (or none): a limit, told as the reset limit is. */
const throttled = resetShown.RESET_PASSWORD_LIMIT;
// Its own title, which says what did not match (issue #50): "That did not work" said nothing.
const wrongCombination: Shown = { title: 'reset.error.wrong_combination_title', text: 'reset.error.wrong_combination' };
const unknown: Shown = { title: 'reset.error.unknown_title', text: 'reset.error.unknown' };

/** The places of the wizard's failures that are not a code: for the catalogue's checks of every entry. */
export const resetShownBesides = { throttled, wrongCombination, unknown } as const;

function causeOf(error: unknown, step: ResetFailureStep): ResetCause {
  if (!(error instanceof AppError)) return 'unknown';
  const code = error.apiError;
  const known = code !== undefined && Object.hasOwn(resetShown, code) ? (code as keyof typeof resetShown) : undefined;
  // A 429 is told as the limit its code names (an entry that names a wait); any other code, or none, as the general one.
  if (error.isThrottled) return known && resetShown[known].namesWait ? known : 'throttled';
  if (step === 'identify' && (error.statusCode === 404 || (error.statusCode === 400 && error.apiError === 'VALIDATION_FAILED'))) {
    return 'wrongCombination';
  }
  return known ?? 'unknown';
}

export function resetWarning(error: unknown, step: ResetFailureStep): ResetWarning {
  const cause = causeOf(error, step);
  const entry = Object.hasOwn(resetShownBesides, cause)
    ? resetShownBesides[cause as keyof typeof resetShownBesides]
    : resetShown[cause as keyof typeof resetShown];
  const wait = entry.namesWait ? waitOf(error) : undefined;
  return { cause, title: entry.title, text: entry.text, offerEid: entry.offerEid ?? false, ...(wait ? { wait } : {}) };
}

/**
 * A save the backend refused by a password rule (SPEC §5): that rule's text, which belongs on the new
 * password field as the same rule checked in the browser does. Null for any other failure.
 */
export function passwordRuleText(error: unknown): TextKey | null {
  if (!(error instanceof AppError) || error.isThrottled) return null;
  const rule = passwordRuleCodes.find((code) => code === error.apiError);
  return rule ? resetShown[rule].text : null;
}

/** A reset the backend ended (the last try used, or the codes no longer valid): why, with resets left or none (issue #38). */
export const resetEndedShown = {
  tooMany: { some: 'reset.ended.too_many', noneLeft: 'reset.ended.too_many_none_left' },
  expired: { some: 'reset.ended.expired', noneLeft: 'reset.ended.expired_none_left' },
} as const satisfies Record<string, Record<'some' | 'noneLeft', TextKey>>;
