/**
 * A password sent at once, while the passkey sign-in's options (asked for as the page loads) are still
 * on their way, as a password manager that fills and sends the form does. The password sign-in starts a
 * new session; the options' request must not reach the backend after it, with the old session's CSRF
 * token (it was refused with a 403, a console error, in CI's run of 047153e). The options' answer is
 * held back here, so the race is the same every run.
 */
import type { Page } from '@playwright/test';
import { appRedirect, startAppLogin } from './support/app-client';
import { appLaunchRefused, base, expect, expectAppRunning, test, text } from './support/fixtures';

const kari = { nationalId: '01817010055', password: 'Sommerfugl-42' };

/**
 * Holds the options' request until the password's sign-in has been answered, or for 1.5 s where no
 * password comes meanwhile (the page waits for the options before it sends one: at most 2 s). `asked`:
 * the page has sent the options' request; `answered`: the backend's answer to it, its status.
 */
async function holdPasskeyOptions(page: Page) {
  const answered = page.waitForResponse((response) => response.url().endsWith('/passkeys/login/options')).then((response) => response.status());
  let sent: () => void = () => {};
  const asked = new Promise<void>((resolve) => {
    sent = resolve;
  });
  await page.route('**/passkeys/login/options', async (route) => {
    sent();
    const signedIn = page.waitForResponse((response) => response.url().endsWith('/login/password'), { timeout: 0 });
    await Promise.race([signedIn, new Promise((resolve) => setTimeout(resolve, 1_500))]);
    await route.continue();
  });
  // In an object: an async function's returned promise would be waited for with the route.
  return { asked, answered };
}

async function sendPassword(page: Page) {
  await page.getByLabel(text('nb', 'login.national_id')).fill(kari.nationalId);
  await page.getByLabel(text('nb', 'login.password'), { exact: true }).fill(kari.password);
  await page.getByRole('button', { name: text('nb', 'login.submit'), exact: true }).click();
}

test("the app's password page: a password sent before the passkey options are answered signs in, with no refused request", async ({ page, consoleGuard }) => {
  consoleGuard.allow(appLaunchRefused);
  const { asked, answered } = await holdPasskeyOptions(page);
  const login = await startAppLogin(page.request, 'ios');
  await page.goto(`${base('nb')}${login.passwordLoginUrl.replace('/innlogging', '')}`);
  await expectAppRunning(page);
  await asked;
  const redirect = appRedirect(page, 'ios');
  await sendPassword(page);
  await redirect;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nb', 'mobile.redirect_title'));
  expect(await answered).toBe(200);
});

test('the private login: a password sent before the passkey options are answered signs in, with no refused request', async ({ page }) => {
  const { asked, answered } = await holdPasskeyOptions(page);
  await page.goto(`${base('nb')}/`);
  await expectAppRunning(page);
  await page.getByRole('button', { name: text('nb', 'login.password_accordion') }).click();
  await asked;
  await sendPassword(page);
  await expect(page).toHaveURL(/\/postkasse\/$/);
  expect(await answered).toBe(200);
});
