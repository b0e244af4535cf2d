/**
 * What the server needs to know of each screen before any script runs: the route module whose chunk
 * it preloads, and the texts of the tab title and heading it writes into the HTML (shown when
 * JavaScript is off). Must stay free of React and browser APIs: the Node server imports it.
 * The router (app/router.tsx) imports the same modules; a unit test keeps the two in step.
 */
import type { TextKey } from '../i18n/nb';
import { matchPattern, screens, type ScreenName } from './routes';

export interface ScreenPage {
  /** Source paths of the route modules (layout first), as in Vite's build manifest. */
  modules: string[];
  title: TextKey;
  heading: TextKey;
}

export const screenPages: Record<ScreenName, ScreenPage> = {
  privateLogin: { modules: ['src/routes/private-login.tsx'], title: 'login.title', heading: 'login.heading' },
  business: { modules: ['src/routes/business-login.tsx'], title: 'business.title', heading: 'business.heading' },
  admin: { modules: ['src/routes/admin.tsx'], title: 'admin.title', heading: 'admin.heading' },
  logout: { modules: ['src/routes/logout.tsx'], title: 'logout.title', heading: 'logout.heading' },
  timeout: { modules: ['src/routes/timeout.tsx'], title: 'timeout.title', heading: 'timeout.heading' },
  loginError: { modules: ['src/routes/login-error.tsx'], title: 'login_error.title', heading: 'login_error.heading' },
  loginFailed: { modules: ['src/routes/login-failed.tsx'], title: 'login_error.title', heading: 'login_error.heading' },
  forgotPassword: { modules: ['src/routes/forgot-password.tsx'], title: 'forgot.title', heading: 'forgot.heading' },
  forgotPasswordRedirect: { modules: ['src/routes/forgot-password-redirect.tsx'], title: 'forgot.title', heading: 'forgot.heading' },
  emailVerification: { modules: ['src/routes/email-verification-layout.tsx', 'src/routes/email-verification.tsx'], title: 'email_verify.title', heading: 'email_verify.heading' },
  emailVerificationDone: {
    modules: ['src/routes/email-verification-layout.tsx', 'src/routes/email-verification-done.tsx'],
    title: 'email_verify.done_title',
    heading: 'email_verify.done_heading',
  },
  emailVerificationFailed: {
    modules: ['src/routes/email-verification-layout.tsx', 'src/routes/email-verification-failed.tsx'],
    title: 'email_verify.failed_title',
    heading: 'email_verify.failed_heading',
  },
  mobilePasswordLogin: { modules: ['src/routes/mobile-password-login.tsx'], title: 'login.title', heading: 'login.heading' },
  mobileEidLogin: { modules: ['src/routes/mobile-eid-login.tsx'], title: 'mobile.login_title', heading: 'mobile.login_title' },
  mobileEidLoginKeepSession: {
    modules: ['src/routes/mobile-eid-login-keep-session.tsx'],
    title: 'mobile.login_title',
    heading: 'mobile.login_title',
  },
  mobileSuccess: { modules: ['src/routes/mobile-success.tsx'], title: 'mobile.redirect_title', heading: 'mobile.redirect_title' },
  mobileSuccessWithLogout: {
    modules: ['src/routes/mobile-success-logout.tsx'],
    title: 'mobile.redirect_title',
    heading: 'mobile.redirect_title',
  },
  mobileRedirect: { modules: ['src/routes/mobile-redirect.tsx'], title: 'mobile.redirect_title', heading: 'mobile.redirect_title' },
  mobileLogout: { modules: ['src/routes/mobile-logout.tsx'], title: 'mobile.logout_title', heading: 'mobile.logout_title' },
};

export const notFoundPage: ScreenPage = { modules: ['src/routes/not-found.tsx'], title: 'not_found.title', heading: 'not_found.heading' };

/** The page of a path relative to the language base; the not-found page for paths no screen owns. */
export function screenPageFor(relativePath: string): ScreenPage {
  const entries = Object.entries(screens) as [ScreenName, string][];
  // Fixed paths win over patterns (mobileLogin/:token/password before mobileLogin/:token/:level).
  const byParams = entries.sort(([, a], [, b]) => (a.match(/:/g)?.length ?? 0) - (b.match(/:/g)?.length ?? 0));
  const match = byParams.find(([, pattern]) => matchPattern(pattern, relativePath.replace(/\/+$/, '')) !== null);
  return match ? screenPages[match[0]] : notFoundPage;
}
