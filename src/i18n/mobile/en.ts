import type { MobileTexts } from '../nb';

/** English texts of the app's pages that move on by themselves (../mobile/nb.ts says when they come). */
export const enMobile = {
  'mobile.login_title': 'Log in from the app',
  'mobile.redirecting_eid': 'Taking you to ID-porten …',
  'mobile.fallback': 'Nothing happening? Tap here to continue.',
  'mobile.redirect_title': 'Back to the app',
  'mobile.returning': 'Taking you back to the Digipost app …',
  'mobile.logout_title': 'Logging out',
  'mobile.logging_out': 'Logging you out and taking you back to the app …',
} satisfies MobileTexts;
