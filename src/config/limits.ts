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
} as const;

/** Layout breakpoints of SPEC §9, in CSS pixels (min widths). */
export const breakpoints = {
  desktop: 1200,
  tabletLandscape: 900,
  tabletPortrait: 600,
} as const;
