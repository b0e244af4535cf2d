/**
 * The error catalogue's part for a route's error page (shown.ts, SPEC §2): a limit (429, decision 009)
 * is told with its wait and a retry; any other failed call (an error answer, no answer, a garbled one)
 * with a retry; anything else with the way back to the logins.
 */
import { isAppError } from '../api/errors';
import type { Shown } from './shown';

export type PageErrorCause = 'throttled' | 'call' | 'other';

/** The page's lead for each cause; its title and heading are the error page's own ('error.heading'). */
export const pageShown: Record<PageErrorCause, Pick<Shown, 'text' | 'namesWait'>> = {
  throttled: { text: 'error.throttled', namesWait: true },
  call: { text: 'error.api_body' },
  other: { text: 'error.body' },
};

export function pageErrorCause(error: unknown): PageErrorCause {
  if (!isAppError(error)) return 'other';
  if (error.isThrottled) return 'throttled';
  return error.isCallFailure ? 'call' : 'other';
}
