/**
 * The hand-back to the app (issue #49): the page sends the browser to the app, and a browser that
 * does not open it (this one never does: it has no app for the scheme, and refuses to launch one
 * without a tap) must not strand the person on a spinner. After a moment a button opens the same app
 * address, on the password route and on the eID route (which ends the ID-porten session on the way).
 */
import type { Page } from '@playwright/test';
import { appRedirect, finishAppLogin, startAppLogin } from './support/app-client';
import { appLaunchRefused, base, expect, expectNoAxeViolations, test, text, viewports } from './support/fixtures';

async function expectHandBack(page: Page, language: 'nb' | 'en', redirectUrl: string) {
  const openApp = page.getByRole('link', { name: text(language, 'mobile.open_app') });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'mobile.redirect_title'));
  // At first the page only says what is happening.
  await expect(openApp).toHaveCount(0);
  await expect(page.getByText(text(language, 'mobile.returning'))).toBeVisible();
  // Then the button, with what to do if nothing happens.
  await expect(openApp).toBeVisible({ timeout: 6_000 });
  await expect(page.getByText(text(language, 'mobile.open_app_help'))).toBeVisible();
  // The spinner makes way for it.
  await expect(page.locator('.hds-spinner, .delayed-spinner')).toHaveCount(0);
  await expect(openApp).toHaveAttribute('href', redirectUrl);
  await expectNoAxeViolations(page);
  // A plain link to the app's address: a tap on it is the gesture a browser waits for to open an app
  // (the system takes it from there; a headless browser shows nothing of it to the page).
  expect(await openApp.evaluate((link) => link.tagName === 'A' && !link.hasAttribute('target') && !link.hasAttribute('download'))).toBe(true);
}

test.describe('the hand-back to the app', () => {
  test('password route (nb, phone): a button opens the app when the browser stays on the page', async ({ page, consoleGuard }) => {
    consoleGuard.allow(appLaunchRefused);
    await page.setViewportSize(viewports.phone);
    const login = await startAppLogin(page.request, 'ios');
    await page.goto(`${base('nb')}${login.passwordLoginUrl.replace('/innlogging', '')}`);
    await page.getByLabel(text('nb', 'login.national_id')).fill('01817010055');
    await page.getByLabel(text('nb', 'login.password'), { exact: true }).fill('Sommerfugl-42');
    const redirect = appRedirect(page, 'ios');
    await page.getByRole('button', { name: text('nb', 'login.submit'), exact: true }).click();
    const redirectUrl = await redirect;
    await expectHandBack(page, 'nb', redirectUrl);
    await page.screenshot({ path: test.info().outputPath('hand-back-nb-phone.png'), fullPage: true });
    // The code still works once, as the app would use it.
    const tokens = await finishAppLogin(new URL(page.url()).origin, login, redirectUrl);
    expect(tokens.person).toBe('01817010055');
  });

  test('eID route, ending the ID-porten session on the way (en, desktop): the button opens the app itself', async ({ page, consoleGuard }) => {
    consoleGuard.allow(appLaunchRefused);
    await page.setViewportSize(viewports.desktop);
    const login = await startAppLogin(page.request, 'android');
    await page.goto(`${base('en')}/mobileLogin/${login.token}/idporten4`);
    await expect(page).toHaveURL(/\/dev\/idporten\?request=/);
    const redirect = appRedirect(page, 'android');
    await page.getByRole('button', { name: 'Kari Nordmann' }).click();
    const redirectUrl = await redirect;
    await expect(page).toHaveURL(/\/mobileSuccessWithIDportenLogout\//);
    await expectHandBack(page, 'en', redirectUrl);
  });

  test('logout then back to the app (nn, phone): the button, and a line that says the person is logged out', async ({ page, consoleGuard }) => {
    consoleGuard.allow(appLaunchRefused);
    await page.setViewportSize(viewports.phone);
    await page.request.post('/dev/api/session', { data: { role: 'PRIVAT', nationalId: '01817010055', level: 103 } });
    const redirectUrl = 'no.digipost.ios://oauth-callback/?logout=1';
    await page.goto(`${base('nn')}/mobileLogout/${encodeURIComponent(redirectUrl)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nn', 'mobile.logout_title'));
    const openApp = page.getByRole('link', { name: text('nn', 'mobile.open_app') });
    await expect(openApp).toBeVisible({ timeout: 6_000 });
    await expect(openApp).toHaveAttribute('href', redirectUrl);
    await expect(page.getByText(text('nn', 'mobile.open_app_help_logged_out'))).toBeVisible();
    // Not "log in again": that is for a login whose code the app never got.
    await expect(page.getByText(text('nn', 'mobile.open_app_help'))).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('hand-back-logout-nn-phone.png'), fullPage: true });
  });

  // Widths where, without balanced lines, the "…" went onto a line of its own (measured: nb and nn
  // 340–360 px, en 325–345 px).
  for (const [language, width] of [
    ['nb', 350],
    ['nn', 360],
    ['en', 335],
  ] as const) {
    test(`${language} at ${width} px: the message's closing "…" stays with the word before it`, async ({ page, consoleGuard }) => {
      consoleGuard.allow(appLaunchRefused);
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${base(language)}/mobileRedirect/${encodeURIComponent('no.digipost.test://oauth-callback/?done=1')}`, { waitUntil: 'commit' });
      const message = page.locator('.mobile-page__message');
      await expect(message).toHaveText(text(language, 'mobile.returning'));
      const lines = await message.evaluate((paragraph) => {
        const words = paragraph.firstChild as Text;
        const end = words.data.lastIndexOf('…');
        const top = (from: number, to: number) => {
          const range = document.createRange();
          range.setStart(words, from);
          range.setEnd(words, to);
          return Math.round(range.getBoundingClientRect().top);
        };
        return { ellipsis: top(end, end + 1), wordBefore: top(end - 3, end - 2) };
      });
      expect(lines.ellipsis).toBe(lines.wordBefore);
    });
  }
});
