/**
 * The visit table of every screen of the manifest (routes.spec.ts, wcag22.spec.ts): what a visit to
 * one screen needs beyond the manifest (which gives its title, heading and status), and the visit.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { Language } from '../../../src/contract/languages';
import { samplePath } from '../../../scripts/first-load';
import type { ScreenName } from '../../../src/screens/screens';
import { withAppToken } from './app-client';
import { appLaunchRefused, base, freshPerson } from './fixtures';
import { passkeyUndoLinkOverApi, signInOverApi } from './passkeys';

export interface Visit {
  /** The path under a language's base; a sample of the screen's pattern (scripts/first-load.ts) by default. */
  path?: string;
  /**
   * A screen that moves on by itself: the call it makes is held while the screen is checked, then
   * released (and the page should reach `reaches`), or never released when there is none.
   */
  holds?: { call: string; reaches?: RegExp };
  /** Console errors the visit may cause (besides 404s on purpose). */
  allowConsole?: RegExp;
  /**
   * The page sends the browser to the app at once: its own load event may never come (Chromium then
   * starts the app's URL), so the visit waits for the answer only (found flaky under load).
   */
  leavesForApp?: true;
  /** A page for a signed-in private person: a person of the test's own signs in first (over the API). */
  signedIn?: true;
  /** Makes what the screen needs over the API, and answers its path (in place of `path`). */
  prepare?: (request: APIRequestContext) => Promise<string>;
}

/** Every screen of the manifest: adding a screen without an entry here fails to compile. */
export const visits: Record<ScreenName, Visit> = {
  privateLogin: {},
  business: {},
  admin: {},
  loginError: { path: '/loginError?kode=IKKE_AUTORISERT' },
  loginFailed: { path: '/innloggingFeilet?kode=IKKE_AUTORISERT' },
  forgotPassword: {},
  forgotPasswordRedirect: { holds: { call: '**/post/api/private/login/secure/new-auth', reaches: /\/dev\/idporten\?request=/ } },
  mobilePasswordLogin: {},
  mobileForgotPassword: {},
  mobileEidLogin: { holds: { call: '**/post/api/private/login/secure', reaches: /\/dev\/idporten\?request=/ } },
  mobileEidLoginKeepSession: {
    path: '/mobileLogin/AbCdEf123456/idporten4/keepIdportenSessionAfterLogin',
    holds: { call: '**/post/api/private/login/secure/new-auth', reaches: /\/dev\/idporten\?request=/ },
  },
  mobileSuccess: { holds: { call: '**/post/api/oauth/authorize/tokens/**' }, allowConsole: /status of 404/ },
  mobileSuccessWithLogout: { holds: { call: '**/post/api/oauth/authorize/tokens/**' }, allowConsole: /status of 404/ },
  mobileRedirect: {
    path: `/mobileRedirect/${encodeURIComponent('no.digipost.test://oauth-callback/?x=1')}`,
    allowConsole: appLaunchRefused,
    leavesForApp: true,
  },
  mobileLogout: {
    path: `/mobileLogout/${encodeURIComponent('no.digipost.test://oauth-callback/')}`,
    holds: { call: '**/post/api/logout**' },
    allowConsole: appLaunchRefused,
  },
  emailVerification: { path: '/epost-verifisering/?token=abc' },
  emailVerificationDone: {},
  emailVerificationFailed: {},
  // They say "logging out" until the session is known to be ended (docs/decisions/013): checked while the root document is held.
  logout: { holds: { call: '**/post/api' } },
  timeout: { holds: { call: '**/post/api' } },
  notFound: { path: '/finnes/ikke' },
  passkeyOffer: { signedIn: true },
  passkeys: { signedIn: true },
  // A real link: a person of the test's own adds a passkey over the API, and the link is read from the outbox.
  passkeyNotMe: { prepare: async (request) => `/passkey-not-me${new URL(await passkeyUndoLinkOverApi(request, await freshPerson(request))).search}` },
  accessibilityStatement: {},
};

export const visitEntries = Object.entries(visits) as [ScreenName, Visit][];

/**
 * Visits one screen as its row says: holds the call it would move on with, signs a person of the
 * test's own in first where it needs one. Answers the document's response and `release`, which lets
 * the held call go. The caller allows the row's console errors (`allowConsole`, 404s).
 */
export async function visitScreen(page: Page, language: Language, name: ScreenName) {
  const visit = visits[name];
  let release = () => {};
  if (visit.holds) {
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(visit.holds.call, async (route) => {
      await held;
      await route.continue();
    });
  }
  if (visit.signedIn) await signInOverApi(page.request, await freshPerson(page.request));
  const visited = visit.prepare ? await visit.prepare(page.request) : await withAppToken(page.request, visit.path ?? samplePath(name));
  const response = await page.goto(`${base(language)}${visited}`, { waitUntil: visit.leavesForApp ? 'commit' : 'load' });
  return { response, release };
}
