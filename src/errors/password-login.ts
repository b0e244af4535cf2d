/**
 * The error catalogue's part for the password form (shown.ts): the private login's and the app's.
 * SPEC §8: 403 is "wrong password" (or a suspended account, when the backend says so); anything else a
 * password error. Beyond SPEC (docs/decisions/009-throttling-messages.md): any 429 is a throttle, with
 * the wait its Retry-After names; PASSWORD_LOGIN_STOPPED (decision 024): password login of the ID
 * stopped until a reset or an eID sign-in.
 */
import { AppError } from '../api/errors';
import { type Wait, waitOf } from '../features/throttling/wait';
import type { Shown } from './shown';

export type PasswordLoginCause = 'wrong' | 'suspended' | 'throttled' | 'stopped' | 'error';

export const passwordLoginShown: Record<PasswordLoginCause, Shown> = {
  wrong: { title: 'login.wrong_password_title', text: 'login.wrong_password' },
  suspended: { title: 'login.account_suspended_title', text: 'account.suspended' },
  throttled: { title: 'login.throttled_title', text: 'login.throttled', offerEid: true, namesWait: true },
  stopped: { title: 'login.stopped_title', text: 'login.stopped', offerEid: true },
  error: { title: 'login.password_error_title', text: 'login.password_error' },
};

export interface PasswordLoginOutcome {
  warning: PasswordLoginCause;
  /** How long a throttled person is asked to wait; undefined when the answer did not say. */
  wait?: Wait;
}

/** The cause of a refused password login, from the failed call. */
export function passwordLoginOutcome(error: unknown): PasswordLoginOutcome {
  if (error instanceof AppError && error.isThrottled) {
    const wait = waitOf(error);
    return { warning: 'throttled', ...(wait ? { wait } : {}) };
  }
  if (error instanceof AppError && error.statusCode === 403) {
    if (error.apiError === 'PASSWORD_LOGIN_STOPPED') return { warning: 'stopped' };
    return { warning: error.apiError === 'KONTO_SUSPENDERT' ? 'suspended' : 'wrong' };
  }
  return { warning: 'error' };
}
