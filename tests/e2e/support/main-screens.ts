/** The main screens of issue #8 as the end-to-end suite visits them: path under a language's base, and heading. */
import type { TextKey } from '../../../src/i18n/nb';

export const mainScreens: { path: string; heading: TextKey }[] = [
  { path: '/', heading: 'login.heading' },
  { path: '/business', heading: 'business.heading' },
  { path: '/forgot-password', heading: 'forgot.heading' },
  { path: '/logout', heading: 'logout.heading' },
  { path: '/timeout', heading: 'timeout.heading' },
  { path: '/loginError', heading: 'login_error.heading' },
  { path: '/no-such-page', heading: 'not_found.heading' },
  { path: '/mobileLogin/AbCdEf123456/password', heading: 'login.heading' },
];
