/**
 * Every registered screen, the not-found page and the generic error page, in nb, nn and en, at phone
 * and desktop width: the right status, language, title and heading, and zero axe violations.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { samplePath } from '../../scripts/first-load';
import { screenManifest, type ScreenName } from '../../src/screens/screens';
import { withAppToken } from './support/app-client';
import { appLaunchRefused, base, deploy, deployIf, expect, expectNoAxeViolations, freshPerson, languages, test, text, viewports } from './support/fixtures';
import { signInOverApi } from './support/passkeys';

/** What a visit to one screen needs beyond the manifest (which gives its title, heading and status). */
interface Visit {
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
}

/** Every screen of the manifest: adding a screen without an entry here fails to compile. */
const visits: Record<ScreenName, Visit> = {
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
  accessibilityStatement: {},
};

/** `npm run screenshots` sets SCREENSHOTS_DIR: each visit is then also saved as a picture for people. */
async function saveScreenshot(page: Page, screen: string, language: string, viewportName: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  const name = screen.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  await page.screenshot({ path: path.join(dir, `${name}-${language}-${viewportName}.png`), fullPage: true, animations: 'disabled' });
}

for (const language of languages) {
  for (const [viewportName, viewport] of Object.entries(viewports)) {
    test.describe(`${language} ${viewportName}`, () => {
      // The passkey offer is visited as the screen it is.
      test.use({ viewport, passkeyOfferSnoozed: false });

      for (const [name, visit] of Object.entries(visits) as [ScreenName, Visit][]) {
        const { title, heading } = screenManifest[name];
        const status = name === 'notFound' ? 404 : 200;
        // The not-found page through nginx: its own status, in each language (one width).
        test(`${name} renders and passes axe`, deployIf(name === 'notFound' && viewportName === 'desktop'), async ({ page, consoleGuard }) => {
          // The browser reports a 404 document itself as a failed resource.
          if (status === 404) consoleGuard.allow(/status of 404/);
          if (visit.allowConsole) consoleGuard.allow(visit.allowConsole);
          let release = () => {};
          if (visit.holds) {
            const held = new Promise<void>((resolve) => (release = resolve));
            await page.route(visit.holds.call, async (route) => {
              await held;
              await route.continue();
            });
          }
          if (visit.signedIn) await signInOverApi(page.request, await freshPerson(page.request));
          const visited = await withAppToken(page.request, visit.path ?? samplePath(name));
          const response = await page.goto(`${base(language)}${visited}`, { waitUntil: visit.leavesForApp ? 'commit' : 'load' });
          expect(response?.status()).toBe(status);
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, heading));
          await expect(page).toHaveTitle(text(language, 'app.title', { page: text(language, title) }));
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await expectNoAxeViolations(page);
          await saveScreenshot(page, name, language, viewportName);
          release();
          if (visit.holds?.reaches) await expect(page).toHaveURL(visit.holds.reaches);
        });
      }

      test('error page when a screen cannot load, and passes axe', async ({ page, consoleGuard }) => {
        consoleGuard.allow(/ERR_FAILED|Failed to fetch dynamically imported module/);
        // A deploy while the page is open: the screen's code is gone. The person gets the error page.
        await page.route(/\/assets\/timeout-[^/]+\.js$/, (route) => route.abort());
        await page.goto(`${base(language)}/timeout`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'error.heading'));
        await expect(page).toHaveTitle(text(language, 'app.title', { page: text(language, 'error.title') }));
        await expect(page.getByRole('link', { name: text(language, 'error.back_private') })).toHaveAttribute('href', `${base(language)}/`);
        await expect(page.getByRole('main').getByRole('link', { name: text(language, 'error.back_business') })).toHaveAttribute(
          'href',
          `${base(language)}/business`,
        );
        await expectNoAxeViolations(page);
        await saveScreenshot(page, 'error', language, viewportName);
      });
    });
  }
}

test('an unsupported language falls back to the same screen in nb', deploy, async ({ page }) => {
  await page.goto('/innlogging/de/timeout');
  await expect(page).toHaveURL(/\/innlogging\/timeout$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nb', 'timeout.heading'));
});

test('the root of the site goes to the login app', async ({ request }) => {
  const response = await request.get('/', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe('/innlogging/');
});
