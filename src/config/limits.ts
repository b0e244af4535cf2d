/**
 * The numbers of SPEC §9 the front end alone uses, in one place. Those it shares with the API
 * (ID, phone and code lengths, password minimums, the inactivity timeout) are in src/contract/limits.ts.
 */
export const limits = {
  spinnerDelayMs: 1000,
  analyticsFlushDelayMs: 500,
  resizeThrottleMs: 150,
  /**
   * A CSRF token (and the session behind it) older than this is renewed before a state-changing call:
   * a page left open past the backend's idle timeout still works on the next click.
   */
  sessionRenewAfterMs: 25 * 60 * 1000,
  /**
   * The longest Retry-After believed: the longest limit of the backend (five resets per person in
   * 24 hours). A longer one is shown as "try again later", without a number.
   */
  retryAfterMaxSeconds: 24 * 60 * 60,
  /** A wait up to this many minutes is told in minutes; a longer one in whole hours, rounded up. */
  waitInMinutesUpTo: 120,
} as const;

/** Layout breakpoints of SPEC §9, in CSS pixels (min widths). */
export const breakpoints = {
  desktop: 1200,
  tabletLandscape: 900,
  tabletPortrait: 600,
} as const;

/** After "not now" to the passkey offer, this browser is not offered one again for this many days (issue #36). */
export const passkeyOfferSnoozeDays = 30;
