/**
 * Issue #19, the app's password page: "Forgot password" keeps the person in the app's flow (the token
 * travels through the one-time-code reset, and the app receives its code after it), the page's wording
 * without "also", the minimal footer of the app's pages, and the pages' analytics events.
 *
 * The reset wizard is driven by its labels and roles only (the dialog named reset.dialog_title, the
 * fields by label, each step's form sent with Enter), so that it survives changes to how its steps
 * look or are addressed.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Language } from '../../src/contract/languages';
import type { TextKey } from '../../src/i18n/nb';
import { appRedirect, finishAppLogin, startAppLogin } from './support/app-client';
import { appLaunchRefused, base, deploy, expect, expectNoAxeViolations, freshPerson, test, text, viewports } from './support/fixtures';

interface RecordedEvent {
  category: string;
  action: string;
  label: string;
  url: string;
}

const newPassword = 'Blåbær-Vaffel-2026';

function uniqueMarker() {
  return `e2e${Math.random().toString(36).slice(2, 10).replace(/\d/g, 'x')}`;
}

/** The analytics events the emulator recorded on pages whose address holds the marker. */
async function recordedWith(request: APIRequestContext, marker: string) {
  const response = await request.get('/dev/api/analytics');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as RecordedEvent[])
    .filter((event) => event.url.includes(marker))
    .map(({ category, action, label }) => ({ category, action, label }));
}

/** The reset code last sent to an address; waits for it, since the sending call may still be under way. */
async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const outbox = (await (await request.get('/dev/api/outbox')).json()) as { to: string; code?: string; purpose: string }[];
        code = outbox.find((entry) => entry.to === to && entry.purpose === 'password-reset' && entry.code)?.code;
        return code;
      },
      { message: `a reset code sent to ${to}` },
    )
    .toBeTruthy();
  return code as string;
}

/** Presses a control by keyboard: focus on it, then Enter. */
async function pressByKeyboard(control: Locator) {
  await control.focus();
  await expect(control).toBeFocused();
  await control.press('Enter');
}

/** The app pages' footer: what a person in the app's web view needs, and none of the rest (hidden copies included). */
async function expectMinimalFooter(page: Page, language: Language) {
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: text(language, 'footer.help_and_contact') })).toBeVisible();
  await expect(footer.getByRole('link', { name: text(language, 'footer.privacy'), exact: true, includeHidden: true }).first()).toBeAttached();
  // Every page links the accessibility statement, the app's too (issue #37).
  await expect(footer.getByRole('link', { name: text(language, 'footer.accessibility') })).toHaveAttribute('href', `${base(language)}/tilgjengelighet`);
  await expect(footer.getByRole('button', { name: text(language, 'footer.chatbot'), includeHidden: true })).toHaveCount(0);
  await expect(footer.getByRole('link', { name: text(language, 'footer.social_link', { network: 'Facebook' }), includeHidden: true })).toHaveCount(0);
  for (const key of ['footer.business_prices', 'footer.partner_program', 'footer.business_services'] as const) {
    await expect(footer.getByRole('link', { name: text(language, key), exact: true, includeHidden: true })).toHaveCount(0);
  }
}

/** The password page's wording: the password is its one way in, so not "also". */
async function expectPasswordOnlyWording(page: Page, language: Language) {
  await expect(page.getByText(text(language, 'login.options_password_only'))).toBeVisible();
  await expect(page.getByText(text(language, 'login.options'))).toHaveCount(0);
}

function wizard(page: Page, language: Language) {
  return page.getByRole('dialog', { name: text(language, 'reset.dialog_title') });
}

/** Types into a wizard field found by its label, and sends the step's form with Enter. */
async function typeAndSend(page: Page, language: Language, label: TextKey, value: string) {
  const field = wizard(page, language).getByLabel(text(language, label), { exact: true });
  await expect(field).toBeVisible();
  await field.fill(value);
  await field.press('Enter');
}

/** Opens the code reset on the forgot-password page and goes through its steps to the new password (sent). */
async function resetWithCodes(page: Page, language: Language, request: APIRequestContext, person: { phone: string; nationalId: string; email: string }) {
  await pressByKeyboard(page.getByRole('button', { name: text(language, 'forgot.code_button') }));
  await expect(wizard(page, language)).toBeVisible();
  await wizard(page, language).getByLabel(text(language, 'reset.phone')).fill(person.phone);
  await typeAndSend(page, language, 'login.national_id', person.nationalId);
  await typeAndSend(page, language, 'reset.email_code', await latestCode(request, person.email));
  await typeAndSend(page, language, 'reset.sms_code', await latestCode(request, person.phone));
  await wizard(page, language).getByLabel(text(language, 'reset.new_password'), { exact: true }).fill(newPassword);
  await typeAndSend(page, language, 'reset.repeat_password', newPassword);
}

test('nb: the app\'s "Forgot password" → one-time-code reset → the app receives its code', deploy, async ({ page, request, consoleGuard }) => {
  consoleGuard.allow(appLaunchRefused);
  const language: Language = 'nb';
  await page.setViewportSize(viewports.phone);
  const person = await freshPerson(request);
  const started = await startAppLogin(request);
  const marker = uniqueMarker();

  await page.goto(`${base(language)}/mobileLogin/${started.token}/password?run=${marker}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'login.heading'));
  await expectPasswordOnlyWording(page, language);
  await expectMinimalFooter(page, language);
  // Sent empty: refused on the page, and counted as the web page counts its password logins.
  await page.getByLabel(text(language, 'login.password'), { exact: true }).press('Enter');
  await expect(page.getByText(text(language, 'login.enter_password')).first()).toBeVisible();

  await pressByKeyboard(page.getByRole('link', { name: text(language, 'login.forgot_password') }));
  await expect(page).toHaveURL(`${base(language)}/mobileLogin/${started.token}/forgot-password`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'forgot.heading'));
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page.getByText(text(language, 'forgot.app_lead'))).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expectMinimalFooter(page, language);
  await expectNoAxeViolations(page);
  await expect
    .poll(() => recordedWith(request, marker))
    .toEqual([
      { category: 'login-private-user-password', action: 'button click', label: 'mobile password login' },
      { category: 'login-private-user-password', action: 'link click', label: 'mobile forgot password' },
    ]);

  // The browser's Back returns to the password page with the token; Forward comes here again.
  await page.goBack();
  await expect(page).toHaveURL(`${base(language)}/mobileLogin/${started.token}/password?run=${marker}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'login.heading'));
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'forgot.heading'));

  const app = appRedirect(page, 'ios');
  await resetWithCodes(page, language, request, person);

  // Signed in with the new password inside the flow: on to the app's approval (no question: the
  // login happened inside this flow), not the web mailbox; the app's backend gets the person's code.
  const redirectUrl = await app;
  await expect(page).toHaveURL(`${base(language)}/mobileSuccess/${started.token}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'mobile.redirect_title'));
  expect((await finishAppLogin(new URL(page.url()).origin, started, redirectUrl)).person).toBe(person.nationalId);
});

test("en: step 5's sign-in refused in the app's flow: its way on is the app's password page, where the new password takes the person back to the app", async ({
  page,
  request,
  consoleGuard,
}) => {
  consoleGuard.allow(appLaunchRefused);
  consoleGuard.allow(/status of 500/);
  const language: Language = 'en';
  await page.setViewportSize(viewports.phone);
  const person = await freshPerson(request);
  const started = await startAppLogin(request);
  await page.goto(`${base(language)}/mobileLogin/${started.token}/forgot-password`);
  // The sign-in after the reset fails once (a fault at the emulator, for this browser only).
  expect(
    (await page.request.post('/dev/api/faults', { data: { path: '/post/api/private/login/password', method: 'POST', mode: 'error', times: 1 } })).status(),
  ).toBe(201);
  await resetWithCodes(page, language, request, person);
  await expect(wizard(page, language).getByText(text(language, 'reset.sign_in_failed'))).toBeVisible();
  await expectNoAxeViolations(page);

  await pressByKeyboard(wizard(page, language).getByRole('link', { name: text(language, 'error.back_private') }));
  await expect(page).toHaveURL(`${base(language)}/mobileLogin/${started.token}/password`);
  await page.getByLabel(text(language, 'login.national_id')).fill(person.nationalId);
  await page.getByLabel(text(language, 'login.password'), { exact: true }).fill(newPassword);
  const app = appRedirect(page, 'ios');
  await page.getByLabel(text(language, 'login.password'), { exact: true }).press('Enter');
  expect((await finishAppLogin(new URL(page.url()).origin, started, await app)).person).toBe(person.nationalId);
});

for (const [language, viewportName] of [
  ['nn', 'phone'],
  ['en', 'desktop'],
] as const) {
  test(`${language} ${viewportName}: the app's forgot-password page: its texts, eID in the flow, its events, back to the password page`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewports[viewportName]);
    const { token } = await startAppLogin(request);
    const marker = uniqueMarker();
    await page.goto(`${base(language)}/mobileLogin/${token}/forgot-password?run=${marker}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'forgot.heading'));
    await expect(page.getByText(text(language, 'forgot.app_lead'))).toBeVisible();
    await expect(page.getByText(text(language, 'forgot.app_eid_body'))).toBeVisible();
    // eID needs no password: a login into the same app flow.
    await expect(page.getByRole('link', { name: text(language, 'login.eid_button') })).toHaveAttribute(
      'href',
      `${base(language)}/mobileLogin/${token}/idporten3`,
    );
    await expectMinimalFooter(page, language);
    await expectNoAxeViolations(page);

    await pressByKeyboard(page.getByRole('button', { name: text(language, 'forgot.code_button') }));
    await expect(wizard(page, language)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(wizard(page, language)).toHaveCount(0);
    await expect
      .poll(() => recordedWith(request, marker))
      // The page's event (the wizard may record its own).
      .toEqual(expect.arrayContaining([{ category: 'login-private-user-password', action: 'button click', label: 'mobile forgot password codes' }]));

    await pressByKeyboard(page.getByRole('link', { name: text(language, 'forgot.app_back') }));
    await expect(page).toHaveURL(`${base(language)}/mobileLogin/${token}/password`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'login.heading'));
    await expectPasswordOnlyWording(page, language);
    await expectMinimalFooter(page, language);
    await expectNoAxeViolations(page);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('nb: the prerendered app pages show the minimal footer and the wording without "also"', async ({ page }) => {
    await page.goto(`${base('nb')}/mobileLogin/AbCdEf123456/password`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nb', 'login.heading'));
    await expectPasswordOnlyWording(page, 'nb');
    await expectMinimalFooter(page, 'nb');
    await expect(page.getByRole('link', { name: text('nb', 'login.forgot_password') })).toHaveAttribute(
      'href',
      `${base('nb')}/mobileLogin/AbCdEf123456/forgot-password`,
    );
    await page.goto(`${base('nb')}/mobileLogin/AbCdEf123456/forgot-password`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nb', 'forgot.heading'));
    await expectMinimalFooter(page, 'nb');
  });
});
