import { AppError } from '../../api/errors';
import type { TextKey } from '../../i18n/nb';

export type PasswordLoginWarning = 'wrong' | 'suspended' | 'error';

/** SPEC §8: 403 is "wrong password" (or a suspended account, when the backend says so); anything else a password error. */
export function passwordLoginWarning(error: unknown): PasswordLoginWarning {
  if (error instanceof AppError && error.statusCode === 403) {
    return error.apiError === 'KONTO_SUSPENDERT' ? 'suspended' : 'wrong';
  }
  return 'error';
}

export const passwordWarningTexts: Record<PasswordLoginWarning, { title: TextKey; body: TextKey }> = {
  wrong: { title: 'login.wrong_password_title', body: 'login.wrong_password' },
  suspended: { title: 'login.account_suspended_title', body: 'login_error.account_suspended' },
  error: { title: 'login.password_error_title', body: 'login.password_error' },
};
