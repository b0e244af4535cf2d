import { AppError } from '../../api/errors';
import type { TextKey } from '../../i18n/nb';
import { waitOf, type Wait } from '../throttling';

export type PasswordLoginWarning = 'wrong' | 'suspended' | 'throttled' | 'stopped' | 'error';

export interface PasswordLoginOutcome {
  warning: PasswordLoginWarning;
  /** How long a throttled person is asked to wait; undefined when the answer did not say. */
  wait?: Wait;
}

/**
 * SPEC §8: 403 is "wrong password" (or a suspended account, when the backend says so); anything else a
 * password error. Beyond SPEC (docs/decisions/009-throttling-messages.md): any 429 is a throttle, with
 * the wait its Retry-After names; PASSWORD_LOGIN_STOPPED (docs/decisions/024): password login of the ID
 * stopped until a reset or an eID sign-in.
 */
export function passwordLoginOutcome(error: unknown): PasswordLoginOutcome {
  if (error instanceof AppError && error.isThrottled) return { warning: 'throttled', wait: waitOf(error) };
  if (error instanceof AppError && error.statusCode === 403) {
    if (error.apiError === 'PASSWORD_LOGIN_STOPPED') return { warning: 'stopped' };
    return { warning: error.apiError === 'KONTO_SUSPENDERT' ? 'suspended' : 'wrong' };
  }
  return { warning: 'error' };
}

export interface PasswordWarningTexts {
  title: TextKey;
  /** May use #{when}: "om 4 minutter", or "senere" when no wait is known. */
  body: TextKey;
  /** Offer eID sign-in right in the warning: the way in that no password limit stops. */
  offerEid: boolean;
}

export const passwordWarningTexts: Record<PasswordLoginWarning, PasswordWarningTexts> = {
  wrong: { title: 'login.wrong_password_title', body: 'login.wrong_password', offerEid: false },
  suspended: { title: 'login.account_suspended_title', body: 'login_error.account_suspended', offerEid: false },
  throttled: { title: 'login.throttled_title', body: 'login.throttled', offerEid: true },
  stopped: { title: 'login.stopped_title', body: 'login.stopped', offerEid: true },
  error: { title: 'login.password_error_title', body: 'login.password_error', offerEid: false },
};
