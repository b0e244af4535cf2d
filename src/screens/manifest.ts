/**
 * Every screen of the app, once: the one place a screen is registered (docs/architecture.md).
 * Pure data, free of React and browser APIs: the browser's router (app/router.tsx), the build's
 * prerender, the Node server (status, page head, referrer policy, stand-ins) and the tests all read it.
 * Adding a screen = one entry here, one file in src/routes/ named by `module`, its texts.
 */
import type { TextKey } from '../i18n/nb';

/** Which header a screen shows (SPEC §2): none, or the site header with the login toggle it offers. */
export type HeaderKind = 'none' | 'no-toggle' | 'offers-private' | 'offers-business';

export interface Screen {
  /**
   * Path pattern under the base and language segment, in React Router's syntax: '' is the index,
   * `:name` a parameter, '*' every path no other screen owns.
   */
  path: string;
  /** The route module: src/routes/<module>.tsx. */
  module: string;
  /** A layout route module around it (src/routes/<layout>.tsx); screens with the same layout share it. */
  layout?: string;
  /** Read by the build and the server only: the browser's build drops title, heading and prerendered (build/browser-manifest-plugin.ts). */
  title: TextKey;
  heading: TextKey;
  /** web: errors lead back to the web login; mobile: the app's pages, whose errors lead back to the app. */
  group: 'web' | 'mobile';
  /**
   * Whether the build prerenders the screen per language (docs/decisions/008). A screen with
   * parameters is prerendered once for stand-in values and served for any value of the same form.
   */
  prerendered: boolean;
  /**
   * Parameters that carry a secret (a one-time token, a redirect holding a code): path parameters by
   * name, query parameters as `?name`. A page holding one sends no Referer; logs redact it.
   */
  secretParams?: readonly string[];
  header: HeaderKind;
}

/** The app's eID login, whether or not it keeps the ID-porten session after: one screen at two addresses. */
const appEidLoginScreen = {
  title: 'mobile.login_title',
  heading: 'mobile.login_title',
  group: 'mobile',
  prerendered: false,
  secretParams: ['token'],
  header: 'none',
} as const;

export const screenManifest = {
  privateLogin: {
    path: '',
    module: 'private-login',
    title: 'login.title',
    heading: 'login.heading',
    group: 'web',
    prerendered: true,
    header: 'offers-business',
  },
  business: {
    path: 'business',
    module: 'business-login',
    title: 'business.title',
    heading: 'business.heading',
    group: 'web',
    prerendered: true,
    header: 'offers-private',
  },
  // Passkeys (issue #36): signed-in pages, never the same for two visitors.
  // The offer after a password sign-in, before the mailbox; it goes on to the mailbox whatever happens.
  passkeyOffer: {
    path: 'passkey-offer',
    module: 'passkey-offer',
    title: 'passkey_offer.title',
    heading: 'passkey_offer.heading',
    group: 'web',
    prerendered: false,
    header: 'offers-business',
  },
  // The person's passkeys: list, add, remove (linked from the mailbox).
  passkeys: {
    path: 'passkeys',
    module: 'passkeys',
    title: 'passkeys.title',
    heading: 'passkeys.heading',
    group: 'web',
    prerendered: false,
    header: 'offers-business',
  },
  // "This was not me" (issue #45): the link in an added passkey's email. It names one passkey, so it is
  // never the same for two visitors; its token is a secret (no Referer, no-store, noindex, redacted).
  passkeyNotMe: {
    path: 'passkey-not-me',
    module: 'passkey-not-me',
    title: 'passkey_not_me.title',
    heading: 'passkey_not_me.heading',
    group: 'web',
    prerendered: false,
    secretParams: ['?token'],
    header: 'offers-business',
  },
  // Asks the API whether this network may use it: never the same for every visitor.
  admin: { path: 'admin', module: 'admin', title: 'admin.title', heading: 'admin.heading', group: 'web', prerendered: false, header: 'offers-business' },
  // These two say "you are logged out" only once the app has checked it (a live session is ended
  // first, docs/decisions/013): what is true for every visitor, prerendered or without JavaScript, is
  // that the page is logging out.
  logout: { path: 'logout', module: 'logout', title: 'logout.ending', heading: 'logout.ending', group: 'web', prerendered: true, header: 'no-toggle' },
  timeout: {
    path: 'timeout',
    module: 'timeout',
    title: 'logout.ending',
    heading: 'logout.ending',
    group: 'web',
    prerendered: true,
    header: 'offers-business',
  },
  loginError: {
    path: 'loginError',
    module: 'login-error',
    title: 'login_error.title',
    heading: 'login_error.heading',
    group: 'web',
    prerendered: true,
    header: 'offers-business',
  },
  loginFailed: {
    path: 'innloggingFeilet',
    module: 'login-failed',
    title: 'login_error.title',
    heading: 'login_error.heading',
    group: 'web',
    prerendered: true,
    header: 'offers-business',
  },
  forgotPassword: {
    path: 'forgot-password',
    module: 'forgot-password',
    title: 'forgot.title',
    heading: 'forgot.heading',
    group: 'web',
    prerendered: true,
    header: 'offers-business',
  },
  forgotPasswordRedirect: {
    path: 'forgot-password/redirect',
    module: 'forgot-password-redirect',
    title: 'forgot.title',
    heading: 'forgot.redirecting',
    group: 'web',
    prerendered: true,
    header: 'offers-business',
  },
  emailVerification: {
    path: 'epost-verifisering',
    module: 'email-verification',
    layout: 'email-verification-layout',
    title: 'email_verify.title',
    heading: 'email_verify.heading',
    group: 'web',
    prerendered: true,
    secretParams: ['?token'],
    header: 'offers-private',
  },
  emailVerificationDone: {
    path: 'epost-verifisering/fullfort',
    module: 'email-verification-done',
    layout: 'email-verification-layout',
    title: 'email_verify.done_title',
    heading: 'email_verify.done_heading',
    group: 'web',
    prerendered: true,
    header: 'offers-private',
  },
  emailVerificationFailed: {
    path: 'epost-verifisering/feilet',
    module: 'email-verification-failed',
    layout: 'email-verification-layout',
    title: 'email_verify.failed_title',
    heading: 'email_verify.failed_heading',
    group: 'web',
    prerendered: true,
    header: 'offers-private',
  },
  mobilePasswordLogin: {
    path: 'mobileLogin/:token/password',
    module: 'mobile-password-login',
    title: 'login.title',
    heading: 'login.heading',
    group: 'mobile',
    prerendered: true,
    secretParams: ['token'],
    header: 'none',
  },
  // The password page's "Forgot password", kept in the app's flow (docs/decisions/018).
  mobileForgotPassword: {
    path: 'mobileLogin/:token/forgot-password',
    module: 'mobile-forgot-password',
    title: 'forgot.title',
    heading: 'forgot.heading',
    group: 'mobile',
    prerendered: true,
    secretParams: ['token'],
    header: 'none',
  },
  mobileEidLogin: {
    path: 'mobileLogin/:token/:idportenLevel',
    module: 'mobile-eid-login',
    ...appEidLoginScreen,
  },
  mobileEidLoginKeepSession: {
    path: 'mobileLogin/:token/:idportenLevel/keepIdportenSessionAfterLogin',
    module: 'mobile-eid-login-keep-session',
    ...appEidLoginScreen,
  },
  mobileSuccess: {
    path: 'mobileSuccess/:token',
    module: 'mobile-success',
    title: 'mobile.redirect_title',
    heading: 'mobile.redirect_title',
    group: 'mobile',
    prerendered: false,
    secretParams: ['token'],
    header: 'offers-business',
  },
  mobileSuccessWithLogout: {
    path: 'mobileSuccessWithIDportenLogout/:token',
    module: 'mobile-success-logout',
    title: 'mobile.redirect_title',
    heading: 'mobile.redirect_title',
    group: 'mobile',
    prerendered: false,
    secretParams: ['token'],
    header: 'no-toggle',
  },
  mobileRedirect: {
    path: 'mobileRedirect/:redirectUrl',
    module: 'mobile-redirect',
    title: 'mobile.redirect_title',
    heading: 'mobile.redirect_title',
    group: 'mobile',
    prerendered: false,
    secretParams: ['redirectUrl'],
    header: 'offers-business',
  },
  mobileLogout: {
    path: 'mobileLogout/:redirectUrl',
    module: 'mobile-logout',
    title: 'mobile.logout_title',
    heading: 'mobile.logout_title',
    group: 'mobile',
    prerendered: false,
    secretParams: ['redirectUrl'],
    header: 'no-toggle',
  },
  // The accessibility statement (issue #37, docs/accessibility.md): the same for every visitor.
  accessibilityStatement: {
    path: 'tilgjengelighet',
    module: 'accessibility-statement',
    title: 'a11y_statement.title',
    heading: 'a11y_statement.heading',
    group: 'web',
    prerendered: true,
    header: 'offers-business',
  },
  notFound: {
    path: '*',
    module: 'not-found',
    title: 'not_found.title',
    heading: 'not_found.heading',
    group: 'web',
    prerendered: true,
    header: 'offers-business',
  },
} as const satisfies Record<string, Screen>;

export type ScreenName = keyof typeof screenManifest;

/** The manifest's entries, typed as the general shape. */
export const screenEntries = Object.entries(screenManifest) as [ScreenName, Screen][];
