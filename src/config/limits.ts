/** The numbers of SPEC §9, in one place. */
export const limits = {
  inactivityTimeoutMinutes: 30,
  nationalIdLength: 11,
  phoneNumberLength: 8,
  loginPasswordMinLength: 6,
  recommendedPasswordLength: 9,
  spinnerDelayMs: 1000,
  analyticsFlushDelayMs: 500,
  resizeThrottleMs: 150,
  /**
   * A CSRF token (and the session behind it) older than this is renewed before a state-changing call:
   * a page left open past the backend's idle timeout still works on the next click.
   */
  sessionRenewAfterMs: 25 * 60 * 1000,
} as const;

/** Layout breakpoints of SPEC §9, in CSS pixels (min widths). */
export const breakpoints = {
  desktop: 1200,
  tabletLandscape: 900,
  tabletPortrait: 600,
} as const;
