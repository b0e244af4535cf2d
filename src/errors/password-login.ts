/**
 * The error catalogue's part for the password form (shown.ts): the private login's and the app's.
 * SPEC §8: 403 is "wrong password" (or a suspended account, when the backend says so); anything else a
 * password error. Beyond SPEC (docs/decisions/009-throttling-messages.md): any 429 is a throttle, with
 * the wait its Retry-After names, told by its cause when the backend names one (decisions 026, 028): the
 * ID's password login locked in this browser (its device cookie), locked for browsers it has not signed
 * in on, or too many failures from the network; PASSWORD_LOGIN_STOPPED (decisions 024, 028): password
 * login of the ID stopped in this browser until a reset or an eID sign-in. The texts are later texts: the
 * action waits for them before it answers (password-login-action.ts).
 */
import { AppError } from '../api/errors';
import { type Wait, waitOf } from './wait';
import type { Shown } from './shown';

export type PasswordLoginCause = 'wrong' | 'suspended' | 'locked' | 'lockedNewDevices' | 'addressLocked' | 'throttled' | 'stopped' | 'error';

export const passwordLoginShown: Record<PasswordLoginCause, Shown> = {
  wrong: { title: 'login.wrong_password_title', text: 'login.wrong_password' },
  suspended: { title: 'login.account_suspended_title', text: 'account.suspended' },
  locked: { title: 'login.locked_title', text: 'login.locked', offerEid: true, namesWait: true },
  // Strangers' wrong passwords locked the ID for browsers it has not signed in on (decision 028).
  lockedNewDevices: { title: 'login.locked_new_devices_title', text: 'login.locked_new_devices', offerEid: true, namesWait: true },
  addressLocked: { title: 'login.address_locked_title', text: 'login.address_locked', offerEid: true, namesWait: true },
  // Any other 429 (TOO_MANY_ATTEMPTS of a backend that does not tell the causes apart, or no code).
  throttled: { title: 'login.throttled_title', text: 'login.throttled', offerEid: true, namesWait: true },
  stopped: { title: 'login.stopped_title', text: 'login.stopped', offerEid: true },
  error: { title: 'login.password_error_title', text: 'login.password_error' },
};

/** A cause that stops password login for a while or until eID (a lock, a throttle, stopped), not one wrong try. */
export function isPasswordLock(cause: PasswordLoginCause): boolean {
  return cause === 'locked' || cause === 'lockedNewDevices' || cause === 'addressLocked' || cause === 'throttled' || cause === 'stopped';
}

export interface PasswordLoginOutcome {
  warning: PasswordLoginCause;
  /** How long a throttled person is asked to wait; undefined when the answer did not say. */
  wait?: Wait;
}

/** The cause of a refused password login, from the failed call. */
export function passwordLoginOutcome(error: unknown): PasswordLoginOutcome {
  if (error instanceof AppError && error.isThrottled) {
    const wait = waitOf(error);
    return { warning: throttledCause(error), ...(wait ? { wait } : {}) };
  }
  if (error instanceof AppError && error.statusCode === 403) {
    if (error.apiError === 'PASSWORD_LOGIN_STOPPED') return { warning: 'stopped' };
    return { warning: error.apiError === 'KONTO_SUSPENDERT' ? 'suspended' : 'wrong' };
  }
  return { warning: 'error' };
}

/** A 429's cause as the backend names it (decision 026); any other code, or none, is the general limit. */
export function throttledCause(error: AppError): 'locked' | 'lockedNewDevices' | 'addressLocked' | 'throttled' {
  if (error.apiError === 'PASSWORD_LOGIN_LOCKED') return 'locked';
  if (error.apiError === 'PASSWORD_LOGIN_LOCKED_NEW_DEVICES') return 'lockedNewDevices';
  return error.apiError === 'ADDRESS_LOCKED' ? 'addressLocked' : 'throttled';
}
