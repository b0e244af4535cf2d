/**
 * The error catalogue's part for passkeys (shown.ts; issue #36, docs/decisions/025): the sign-in on
 * the private login, and the passkeys page's add and remove. Loaded with the passkey parts.
 */
import { AppError } from '../api/errors';
import type { PasskeyErrorCode } from '../contract/api';
import { type Wait, waitOf } from './wait';
import { passwordLoginShown } from './password-login';
import type { Shown } from './shown';

/** A passkey sign-in the backend refused, or that could not be made. */
export type PasskeySignInCause = 'not-recognised' | 'refused' | 'expired' | 'suspended' | 'addressLocked' | 'throttled' | 'error';

export const passkeySignInShown: Record<PasskeySignInCause, Shown> = {
  'not-recognised': { title: 'passkey.not_recognised_title', text: 'passkey.not_recognised' },
  refused: { title: 'passkey.refused_title', text: 'passkey.refused' },
  expired: { title: 'passkey.expired_title', text: 'passkey.expired' },
  suspended: { title: 'login.account_suspended_title', text: 'account.suspended' },
  // The address's lock, as the password form tells it: it holds every sign-in but eID (decision 026).
  addressLocked: passwordLoginShown.addressLocked,
  // Any other 429: decision 009's lockout message, as the password form shows it.
  throttled: passwordLoginShown.throttled,
  error: { title: 'passkey.error_title', text: 'passkey.error', offerEid: true },
};

/** The codes a passkey sign-in answers with (the others are the passkeys page's): each its cause, exhaustively. */
type SignInCode = Extract<PasskeyErrorCode, 'PASSKEY_NOT_RECOGNISED' | 'PASSKEY_REFUSED' | 'PASSKEY_CHALLENGE_INVALID'> | 'KONTO_SUSPENDERT';

const signInCauses: Record<SignInCode, PasskeySignInCause> = {
  PASSKEY_NOT_RECOGNISED: 'not-recognised',
  PASSKEY_REFUSED: 'refused',
  PASSKEY_CHALLENGE_INVALID: 'expired',
  KONTO_SUSPENDERT: 'suspended',
};

export interface PasskeySignInOutcome {
  cause: PasskeySignInCause;
  wait?: Wait;
}

export function passkeySignInOutcome(error: unknown): PasskeySignInOutcome {
  if (error instanceof AppError && error.isThrottled) {
    const wait = waitOf(error);
    return { cause: error.apiError === 'ADDRESS_LOCKED' ? 'addressLocked' : 'throttled', ...(wait ? { wait } : {}) };
  }
  const code = error instanceof AppError ? error.apiError : undefined;
  // Any other code (one the sign-in does not answer with, or none): the general entry.
  return { cause: code !== undefined && Object.hasOwn(signInCauses, code) ? signInCauses[code as SignInCode] : 'error' };
}

/** A "this was not me" link (issue #45) that does nothing, and why; 'error': the backend failed, try again. */
export type PasskeyUndoCause = 'invalid' | 'used' | 'expired' | 'removed' | 'error';

/** Each cause's heading and text on the passkey-not-me page (which offers eID and a new password with each). */
export const passkeyUndoShown: Record<PasskeyUndoCause, Shown> = {
  invalid: { title: 'passkey_not_me.invalid_heading', text: 'passkey_not_me.invalid' },
  used: { title: 'passkey_not_me.used_heading', text: 'passkey_not_me.used' },
  expired: { title: 'passkey_not_me.expired_heading', text: 'passkey_not_me.expired' },
  removed: { title: 'passkey_not_me.removed_heading', text: 'passkey_not_me.removed' },
  error: { title: 'passkey.error_title', text: 'passkeys.error' },
};

/** The codes a "this was not me" link answers with: each its cause, exhaustively. */
type UndoCode = Extract<PasskeyErrorCode, 'PASSKEY_UNDO_LINK_INVALID' | 'PASSKEY_UNDO_LINK_USED' | 'PASSKEY_UNDO_LINK_EXPIRED' | 'PASSKEY_ALREADY_REMOVED'>;

const undoCauses: Record<UndoCode, PasskeyUndoCause> = {
  PASSKEY_UNDO_LINK_INVALID: 'invalid',
  PASSKEY_UNDO_LINK_USED: 'used',
  PASSKEY_UNDO_LINK_EXPIRED: 'expired',
  PASSKEY_ALREADY_REMOVED: 'removed',
};

export function passkeyUndoCause(error: unknown): PasskeyUndoCause {
  const code = error instanceof AppError ? error.apiError : undefined;
  return code !== undefined && Object.hasOwn(undoCauses, code) ? undoCauses[code as UndoCode] : 'error';
}

/** Adding or removing a passkey on the passkeys page, refused or not made. */
export type PasskeyChangeCause = 'recent-sign-in' | 'cancelled' | 'already' | 'limit' | 'error';

/** Each cause's one line (the page shows it in a warning under its heading). */
export const passkeyChangeShown: Record<PasskeyChangeCause, Pick<Shown, 'text'>> = {
  'recent-sign-in': { text: 'passkeys.recent' },
  cancelled: { text: 'passkeys.cancelled' },
  already: { text: 'passkeys.already' },
  limit: { text: 'passkeys.limit' },
  error: { text: 'passkeys.error' },
};

/**
 * The automatic upgrade's refusal (PASSKEY_UPGRADE_NOT_ALLOWED, issue #51) has no entry: the upgrade
 * is silent, and where it is refused or fails the offer comes as before. Anywhere else it is 'error'.
 */
export function passkeyChangeCause(error: unknown): PasskeyChangeCause {
  if (!(error instanceof AppError)) return 'error';
  switch (error.apiError) {
    case 'RECENT_SIGN_IN_REQUIRED':
      return 'recent-sign-in';
    case 'PASSKEY_ALREADY_REGISTERED':
      return 'already';
    case 'PASSKEY_LIMIT_REACHED':
      return 'limit';
    default:
      return 'error';
  }
}
