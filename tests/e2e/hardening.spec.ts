/**
 * Faults injected at the emulator, and what real people do to login pages (issue #9): pages left open
 * past the session timeout, password managers, other tabs, the back button, double clicks.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { base, deploy, expect, expectNoAxeViolations, guardPage, test, text } from './support/fixtures';

const kari = { nationalId: '01817010055', password: 'Sommerfugl-42' };
const passwordLoginPath = '/post/api/private/login/password';

async function injectFault(request: APIRequestContext, fault: { path: string; mode: string; delayMs?: number; times?: number; method?: string }) {
  const response = await request.post('/dev/api/faults', { data: fault });
  expect(response.status()).toBe(201);
}

async function advanceServerClock(request: APIRequestContext, minutes: number) {
  expect((await request.post('/dev/api/clock', { data: { advanceMinutes: minutes } })).ok()).toBe(true);
}

async function openPasswordForm(page: Page) {
  await page.getByRole('button', { name: text('nb', 'login.password_accordion') }).click();
}

async function fillPasswordForm(page: Page, nationalId = kari.nationalId, password = kari.password) {
  await page.getByLabel(text('nb', 'login.national_id')).fill(nationalId);
  await page.getByLabel(text('nb', 'login.password'), { exact: true }).fill(password);
}

const submitButton = (page: Page) => page.getByRole('button', { name: text('nb', 'login.submit'), exact: true });

/** Kari signed in with her password from the private login page, at the mailbox. */
async function signInAsKari(page: Page) {
  await page.goto(`${base('nb')}/`);
  await openPasswordForm(page);
  await fillPasswordForm(page);
  await submitButton(page).click();
  await expect(page).toHaveURL(/\/postkasse\/$/);
}

test.describe('faults at the emulator', () => {
  for (const mode of ['error', 'malformed', 'drop'] as const) {
    for (const screen of [
      { path: '/', name: 'private login' },
      { path: '/business', name: 'business login' },
      { path: '/forgot-password', name: 'forgot password' },
      { path: '/mobileLogin/AbCdEf123456/password', name: 'mobile password login' },
    ]) {
      test(`the root document ${mode === 'drop' ? 'dropped' : mode === 'error' ? 'failing' : 'malformed'}: ${screen.name} shows a translated error, and a retry works`, async ({
        page,
        consoleGuard,
      }) => {
        consoleGuard.allow(/status of 500|ERR_EMPTY_RESPONSE|Failed to load resource/);
        // A page that makes no call of its own (the logged-out pages ask for the root document).
        await page.goto(`${base('nb')}/loginError`);
        await injectFault(page.request, { path: '/post/api', method: 'GET', mode });
        await page.goto(`${base('nb')}${screen.path}`);
        const heading = page.getByRole('heading', { level: 1 });
        await expect(heading).toHaveText(screen.path.startsWith('/mobile') ? text('nb', 'mobile.error_title') : text('nb', 'error.heading'));
        await expectNoAxeViolations(page);
        if (!screen.path.startsWith('/mobile')) {
          await page.request.delete('/dev/api/faults');
          await page.getByRole('button', { name: text('nb', 'error.retry') }).click();
          await expect(heading).not.toHaveText(text('nb', 'error.heading'));
        }
      });
    }
  }

  test('a slow root document: the spinner while it is awaited, then the page', async ({ page }) => {
    // Held until the spinner has shown, not slowed by a fixed time: on a busy machine the app may start
    // later than a fixed delay lasts. That nothing shows in the first second is the delayed spinner's
    // unit test, on a fake clock (src/ui/delayed-spinner.test.tsx).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/post/api', async (route) => {
      if (route.request().method() === 'GET') await held;
      await route.continue();
    });
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/post/api' && request.method() === 'GET');
    await page.goto(`${base('nb')}/`, { waitUntil: 'commit' });
    await asked;
    const spinner = page.getByRole('status').filter({ hasText: text('nb', 'spinner.loading') });
    await expect(spinner).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nb', 'login.heading'));
    await expect(spinner).toHaveCount(0);
  });

  for (const mode of ['error', 'drop'] as const) {
    test(`the password login ${mode === 'error' ? 'failing' : 'dropped'}: a translated message, the ID kept`, async ({ page, consoleGuard }) => {
      consoleGuard.allow(/status of 500|ERR_EMPTY_RESPONSE|Failed to load resource/);
      await page.goto(`${base('nb')}/`);
      await injectFault(page.request, { path: passwordLoginPath, mode });
      await openPasswordForm(page);
      await fillPasswordForm(page);
      await submitButton(page).click();
      const alert = page.getByRole('alert');
      await expect(alert).toBeVisible();
      await expect(alert).toBeFocused();
      await expect(page.getByLabel(text('nb', 'login.national_id'))).toHaveValue(kari.nationalId);
      await expect(submitButton(page)).toBeEnabled();
      await expectNoAxeViolations(page);
    });
  }

  test('a slow password login clicked twice sends one login', async ({ page }) => {
    await page.goto(`${base('nb')}/`);
    // Slow: held until both clicks are made, however long that takes on a busy machine.
    let release: () => void = () => {};
    const clicked = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${passwordLoginPath}`, async (route) => {
      await clicked;
      await route.continue();
    });
    let logins = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === passwordLoginPath) logins += 1;
    });
    await openPasswordForm(page);
    await fillPasswordForm(page);
    await submitButton(page).dblclick();
    release();
    await expect(page).toHaveURL(/\/postkasse\/$/);
    expect(logins).toBe(1);
  });
});

test.describe('what people do to login pages', () => {
  test('a login page left open past the session timeout still signs in', async ({ page, consoleGuard }) => {
    // The first try with the old token is refused; the page renews its session and sends it again.
    consoleGuard.allow(/status of 403/);
    await page.goto(`${base('nb')}/`);
    await openPasswordForm(page);
    await fillPasswordForm(page);
    await advanceServerClock(page.request, 31);
    await submitButton(page).click();
    await expect(page).toHaveURL(/\/postkasse\/$/);
    await expect(page.getByText('Kari Nordmann')).toBeVisible();
  });

  test('an old token is renewed before the call when the page knows it is old', async ({ page }) => {
    let refused = 0;
    page.on('response', (response) => {
      if (response.status() === 403) refused += 1;
    });
    await page.clock.install();
    await page.goto(`${base('nb')}/`);
    await openPasswordForm(page);
    await fillPasswordForm(page);
    await advanceServerClock(page.request, 31);
    await page.clock.fastForward('31:00');
    await submitButton(page).click();
    await expect(page).toHaveURL(/\/postkasse\/$/);
    expect(refused).toBe(0);
  });

  test('thirty minutes away from the mailbox: the timeout page', deploy, async ({ page }) => {
    await signInAsKari(page);
    await advanceServerClock(page.request, 31);
    await page.reload();
    await expect(page).toHaveURL(/\/innlogging\/timeout$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nb', 'timeout.heading'));
    await expectNoAxeViolations(page);
  });

  test('logging out after the session already ended ends logged out, not on an error page', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 403/);
    await page.request.post('/dev/api/session', { data: { role: 'PRIVAT', nationalId: kari.nationalId, level: 103 } });
    await page.goto(`${base('nb')}/business`);
    const dialog = page.getByRole('dialog', { name: text('nb', 'wrong_role.heading_private') });
    await expect(dialog).toBeVisible();
    await advanceServerClock(page.request, 31);
    await dialog.getByRole('button', { name: text('nb', 'wrong_role.logout') }).click();
    await expect(page).toHaveURL(new RegExp(`${base('nb')}/business$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nb', 'business.heading'));
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('credentials filled in by a password manager, without key events, are what is sent', async ({ page }) => {
    await page.goto(`${base('nb')}/`);
    await openPasswordForm(page);
    // The form's code loads when the accordion opens; a password manager fills the fields once there.
    await expect(page.locator('input[autocomplete="current-password"]')).toBeVisible();
    // A password manager sets the values directly: no keydown, no input event React could have seen.
    await page.evaluate(({ nationalId, password }) => {
      const id = document.querySelector<HTMLInputElement>('input[autocomplete~="username"]');
      const secret = document.querySelector<HTMLInputElement>('input[autocomplete="current-password"]');
      if (!id || !secret) throw new Error('login fields not found');
      id.value = nationalId;
      secret.value = password;
    }, kari);
    await submitButton(page).click();
    await expect(page).toHaveURL(/\/postkasse\/$/);
  });

  test('a sign-in in another tab is noticed when this tab is used again', async ({ page, context, consoleGuard }) => {
    await page.goto(`${base('nb')}/business`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nb', 'business.heading'));
    const other = await context.newPage();
    await guardPage(other, consoleGuard);
    await signInAsKari(other);
    // Back to the first tab: it sees the private session at once, not when a form is sent.
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(page.getByRole('dialog', { name: text('nb', 'wrong_role.heading_private') })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a logout in another tab is noticed when this tab is used again', async ({ page, context, consoleGuard }) => {
    await page.request.post('/dev/api/session', { data: { role: 'PRIVAT', nationalId: kari.nationalId, level: 103 } });
    await page.goto(`${base('nb')}/business`);
    await expect(page.getByRole('dialog', { name: text('nb', 'wrong_role.heading_private') })).toBeVisible();
    const other = await context.newPage();
    await guardPage(other, consoleGuard);
    await other.goto('/postkasse/');
    await other.getByRole('button', { name: 'Log out' }).click();
    await expect(other).toHaveURL(/\/innlogging\/logout$/);
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nb', 'business.heading'));
  });

  test('the back button after signing in resubmits nothing and shows no broken step', async ({ page }) => {
    let logins = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === passwordLoginPath) logins += 1;
    });
    await signInAsKari(page);
    await page.goBack();
    // Signed in already: the login page sends the person on to the mailbox again.
    await expect(page).toHaveURL(/\/postkasse\/$/);
    expect(logins).toBe(1);
  });
});

test('a CSP violation on a page fails the test that caused it', async ({ page, consoleGuard }) => {
  await page.goto(`${base('nb')}/timeout`);
  await page.addScriptTag({ content: 'window.__inlineRan = true;' }).catch(() => {});
  await expect.poll(() => consoleGuard.problems.some((problem) => /CSP violation: script-src/.test(problem))).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
  // The guard would fail this test on the violation; here it is the point, so it is allowed.
  consoleGuard.allow(/CSP violation|Content Security Policy/);
});
