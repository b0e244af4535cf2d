/**
 * How long a throttled person is asked to wait, worked out once from the answer (no countdown): whole
 * minutes rounded up, or whole hours for long waits, so nobody is told to come back too early.
 */
import { isAppError } from '../api/errors';
import { limits } from '../config/limits';
import type { Translate } from '../i18n/i18n-context';

export interface Wait {
  count: number;
  unit: 'minutes' | 'hours';
}

/** The wait in a Retry-After of `seconds`; undefined for none, or none worth a number (0). */
export function waitFromSeconds(seconds: number | undefined): Wait | undefined {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return undefined;
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= limits.waitInMinutesUpTo) return { count: minutes, unit: 'minutes' };
  return { count: Math.ceil(seconds / 3600), unit: 'hours' };
}

/** The wait a failed call asked for: only a throttled answer (429) has one. */
export function waitOf(error: unknown): Wait | undefined {
  return isAppError(error) && error.isThrottled ? waitFromSeconds(error.retryAfterSeconds) : undefined;
}

/**
 * The `#{when}` of a message: "om 4 minutter" / "in 4 minutes", or "senere" / "later" when the answer
 * named no wait. Messages that do not mention a wait ignore it.
 */
export function whenText(t: Translate, wait: Wait | undefined): string {
  if (!wait) return t('throttle.later');
  return t(wait.unit === 'minutes' ? 'throttle.in_minutes' : 'throttle.in_hours', { count: wait.count });
}
