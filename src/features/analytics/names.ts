/** The names of analytics events (SPEC §9); free of code, so any screen can use them for nothing. */
export const analyticsCategories = {
  loginPrivateUser: 'login-private-user',
  loginPrivateUserPassword: 'login-private-user-password',
  loginBusinessUser: 'login-business-user',
  logoutPrivateUser: 'logout-private-user',
} as const;

export const analyticsActions = {
  buttonClick: 'button click',
  accordionOpen: 'accordion open',
  accordionClose: 'accordion close',
  linkClick: 'link click',
  loginWithIdpLogout: 'login with identity-provider session logout',
  loginWithoutIdpLogout: 'login without identity-provider session logout',
  logoutWithIdpLogout: 'logout with identity-provider session logout',
} as const;

export type AnalyticsCategory = (typeof analyticsCategories)[keyof typeof analyticsCategories];
export type AnalyticsAction = (typeof analyticsActions)[keyof typeof analyticsActions];

export interface TrackInput {
  category: AnalyticsCategory;
  action: AnalyticsAction;
  label: string;
}

/**
 * The longest a page that is leaving waits for the analytics script to take its events (as analytics
 * hit callbacks do); what it has not taken by then is kept for our next page (analytics.ts). Here, not
 * in config/limits.ts, so that the first load carries the number and not its name; here, not in
 * track.ts, so that analytics.ts, which track.ts loads, need not import track.ts back.
 */
export const analyticsHandOverMs = 300;
