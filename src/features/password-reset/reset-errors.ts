/** SPEC §8's reset catalogue: every failure of the wizard becomes one of these texts, from one table. */
import { AppError } from '../../api/errors';
import type { TextKey } from '../../i18n/nb';
import type { ResetStep } from './reset-machine';

const byCode: Record<string, TextKey> = {
  RESET_PASSWORD_WRONG_CODE: 'reset.error.wrong_code',
  VALIDATION_FAILED: 'reset.error.wrong_code',
  RESET_PASSWORD_INVALIDATED: 'reset.error.too_many',
  RESET_PASSWORD_TOO_SOON: 'reset.error.too_many',
  RESET_PASSWORD_FAILED: 'reset.error.failed',
  RESET_PASSWORD_DENIED_STRONG_AUTH: 'reset.error.strong_auth',
  RESET_PASSWORD_DENIED_BLOCKED: 'reset.error.blocked',
  // The server enforces the password rules too; its answer names the rule.
  PASSWORD_BLANK: 'password.blank',
  PASSWORD_ILLEGAL_CHARACTERS: 'password.illegal_characters',
  PASSWORD_TOO_COMMON: 'password.too_common',
  PASSWORD_NOT_STRONG_ENOUGH: 'password.not_strong_enough',
};

export function resetWarning(error: unknown, step: ResetStep): TextKey {
  if (!(error instanceof AppError)) return 'reset.error.unknown';
  if (step === 'identify' && (error.statusCode === 404 || (error.statusCode === 400 && error.apiError === 'VALIDATION_FAILED'))) {
    return 'reset.error.wrong_combination';
  }
  return (error.apiError && byCode[error.apiError]) || 'reset.error.unknown';
}
