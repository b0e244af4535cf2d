/**
 * The Retry-After header of a throttled answer (RFC 9110 §10.2.3): delta-seconds, or an HTTP-date.
 * Anything else, and a wait longer than any limit of ours, is treated as no header: the person is told
 * "try again later" rather than a number we cannot stand behind.
 */
import { limits } from '../config/limits';

const imfFixdate = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/** Seconds to wait, 0 or more; undefined when the header is missing, unreadable or beyond reason. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  let seconds: number;
  if (/^\d+$/.test(trimmed)) {
    seconds = Number(trimmed);
  } else if (imfFixdate.test(trimmed)) {
    const at = Date.parse(trimmed);
    if (Number.isNaN(at)) return undefined;
    seconds = Math.max(0, Math.ceil((at - now) / 1000));
  } else {
    return undefined;
  }
  return seconds <= limits.retryAfterMaxSeconds ? seconds : undefined;
}
