/**
 * Every registered screen, the not-found page and the generic error page, in nb, nn and en, at phone
 * and desktop width: the right status, language, title and heading, and zero axe violations.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { ScreenName } from '../../src/config/routes';
import type { TextKey } from '../../src/i18n/nb';
import { appLaunchRefused, base, expect, expectNoAxeViolations, languages, test, text, viewports } from './support/fixtures';

interface Visit {
  path: string;
  title: TextKey;
  heading: TextKey;
  status: number;
  /**
   * A screen that moves on by itself: the call it makes is held while the screen is checked, then
   * released (and the page should reach `then`), or never released when there is no `then`.
   */
  holds?: { call: string; then?: RegExp };
  /** Console errors the visit may cause (besides 404s on purpose). */
  allowConsole?: RegExp;
}

/** A sample path for every screen in config/routes.ts: adding a screen without one fails to compile. */
const screenVisits: Record<ScreenName, Visit> = {
  privateLogin: { path: '/', title: 'login.title', heading: 'login.heading', status: 200 },
  business: { path: '/business', title: 'business.title', heading: 'business.heading', status: 200 },
  admin: { path: '/admin', title: 'admin.title', heading: 'admin.heading', status: 200 },
  loginError: { path: '/loginError?kode=IKKE_AUTORISERT', title: 'login_error.title', heading: 'login_error.heading', status: 200 },
  loginFailed: { path: '/innloggingFeilet?kode=IKKE_AUTORISERT', title: 'login_error.title', heading: 'login_error.heading', status: 200 },
  forgotPassword: { path: '/forgot-password', title: 'forgot.title', heading: 'forgot.heading', status: 200 },
  forgotPasswordRedirect: {
    path: '/forgot-password/redirect',
    title: 'forgot.title',
    heading: 'forgot.redirecting',
    status: 200,
    holds: { call: '**/post/api/private/login/secure/new-auth', then: /\/dev\/idporten\?request=/ },
  },
  mobilePasswordLogin: { path: '/mobileLogin/AbCdEf123456/password', title: 'login.title', heading: 'login.heading', status: 200 },
  mobileEidLogin: {
    path: '/mobileLogin/AbCdEf123456/idporten3',
    title: 'mobile.login_title',
    heading: 'mobile.login_title',
    status: 200,
    holds: { call: '**/post/api/private/login/secure', then: /\/dev\/idporten\?request=/ },
  },
  mobileEidLoginKeepSession: {
    path: '/mobileLogin/AbCdEf123456/idporten4/keepIdportenSessionAfterLogin',
    title: 'mobile.login_title',
    heading: 'mobile.login_title',
    status: 200,
    holds: { call: '**/post/api/private/login/secure/new-auth', then: /\/dev\/idporten\?request=/ },
  },
  mobileSuccess: {
    path: '/mobileSuccess/AbCdEf123456',
    title: 'mobile.redirect_title',
    heading: 'mobile.redirect_title',
    status: 200,
    holds: { call: '**/post/api/oauth/authorize/tokens/**' },
    allowConsole: /status of 404/,
  },
  mobileSuccessWithLogout: {
    path: '/mobileSuccessWithIDportenLogout/AbCdEf123456',
    title: 'mobile.redirect_title',
    heading: 'mobile.redirect_title',
    status: 200,
    holds: { call: '**/post/api/oauth/authorize/tokens/**' },
    allowConsole: /status of 404/,
  },
  mobileRedirect: {
    path: `/mobileRedirect/${encodeURIComponent('no.digipost.test://oauth-callback/?x=1')}`,
    title: 'mobile.redirect_title',
    heading: 'mobile.redirect_title',
    status: 200,
    allowConsole: appLaunchRefused,
  },
  mobileLogout: {
    path: `/mobileLogout/${encodeURIComponent('no.digipost.test://oauth-callback/')}`,
    title: 'mobile.logout_title',
    heading: 'mobile.logout_title',
    status: 200,
    holds: { call: '**/post/api/logout**' },
    allowConsole: appLaunchRefused,
  },
  emailVerification: { path: '/epost-verifisering/?token=abc', title: 'email_verify.title', heading: 'email_verify.heading', status: 200 },
  emailVerificationDone: { path: '/epost-verifisering/fullfort', title: 'email_verify.done_title', heading: 'email_verify.done_heading', status: 200 },
  emailVerificationFailed: { path: '/epost-verifisering/feilet', title: 'email_verify.failed_title', heading: 'email_verify.failed_heading', status: 200 },
  logout: { path: '/logout', title: 'logout.title', heading: 'logout.heading', status: 200 },
  timeout: { path: '/timeout', title: 'timeout.title', heading: 'timeout.heading', status: 200 },
};

const visits: Record<string, Visit> = {
  ...screenVisits,
  notFound: { path: '/finnes/ikke', title: 'not_found.title', heading: 'not_found.heading', status: 404 },
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
      test.use({ viewport });

      for (const [name, visit] of Object.entries(visits)) {
        test(`${name} renders and passes axe`, async ({ page, consoleGuard }) => {
          // The browser reports a 404 document itself as a failed resource.
          if (visit.status === 404) consoleGuard.allow(/status of 404/);
          if (visit.allowConsole) consoleGuard.allow(visit.allowConsole);
          let release = () => {};
          if (visit.holds) {
            const held = new Promise<void>((resolve) => (release = resolve));
            await page.route(visit.holds.call, async (route) => {
              await held;
              await route.continue();
            });
          }
          const response = await page.goto(`${base(language)}${visit.path}`);
          expect(response?.status()).toBe(visit.status);
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, visit.heading));
          await expect(page).toHaveTitle(text(language, 'app.title', { page: text(language, visit.title) }));
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await expectNoAxeViolations(page);
          await saveScreenshot(page, name, language, viewportName);
          release();
          if (visit.holds?.then) await expect(page).toHaveURL(visit.holds.then);
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
        await expect(page.getByRole('link', { name: text(language, 'error.back_business') })).toHaveAttribute(
          'href',
          `${base(language)}/business`,
        );
        await expectNoAxeViolations(page);
        await saveScreenshot(page, 'error', language, viewportName);
      });
    });
  }
}

test('an unsupported language falls back to the same screen in nb', async ({ page }) => {
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
