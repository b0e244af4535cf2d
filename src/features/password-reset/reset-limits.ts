/**
 * The reset's limits as the wizard says them before anyone meets them (issue #38, decision 026): how
 * many resets a person may start within the backend's window, and, once one is started, how many more.
 */
import { resetsPerPerson, resetWindowHours } from '../../contract/limits';
import type { TextKey } from '../../i18n/nb';

/**
 * The backend's `resetsLeft` when it is a count the wizard can say beside "#{max} a day" (a whole number
 * from 0 to one less than that); null otherwise, and the general rule is said.
 */
export function resetsLeftOf(value: unknown): number | null {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < resetsPerPerson ? (value as number) : null;
}

/** The numbers every limit text may use. */
export const resetLimitParams = { max: resetsPerPerson, hours: resetWindowHours } as const;

/**
 * What "send new codes" says about the limit: the resets left when the backend said it, the last one
 * when none are, the general rule otherwise. Never about one ID's failures: those are nobody's to count.
 */
export function resendLimitNote(resetsLeft: number | null): { key: TextKey; params: Record<string, number> } {
  if (resetsLeft === null) return { key: 'reset.resend_limit', params: resetLimitParams };
  if (resetsLeft === 0) return { key: 'reset.resend_none_left', params: resetLimitParams };
  return { key: 'reset.resends_left', params: { ...resetLimitParams, count: resetsLeft } };
}
