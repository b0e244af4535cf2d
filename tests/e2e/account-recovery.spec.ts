/**
 * Account recovery end to end: the one-time-code reset wizard with codes read from the dev outbox,
 * its failures, and email verification; in nb, nn and en, with axe on every step.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { Language } from '../../src/contract/languages';
import { startServer } from './support/server';
import { base, expect, expectNoAxeViolations, freshPerson, guardPage, languageTurns, languages, snoozePasskeyOffer, test, text } from './support/fixtures';

type Person = Pick<Awaited<ReturnType<typeof freshPerson>>, 'nationalId' | 'phone' | 'email'>;

const kari: Person = { nationalId: '01817010055', phone: '41234567', email: 'kari@example.no' };
const newPassword = 'Blåbær-Vaffel-2026';

/** The reset code last sent to an address; waits for it, since the sending call may still be under way. */
async function latestCode(request: APIRequestContext, to: string, origin = ''): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const outbox = (await (await request.get(`${origin}/dev/api/outbox`)).json()) as { to: string; code?: string; purpose: string }[];
        code = outbox.find((entry) => entry.to === to && entry.purpose === 'password-reset' && entry.code)?.code;
        return code;
      },
      { message: `a reset code sent to ${to}` },
    )
    .toBeTruthy();
  return code as string;
}

function dialog(page: Page, language: Language) {
  return page.getByRole('dialog', { name: text(language, 'reset.dialog_title') });
}

async function openWizard(page: Page, language: Language, origin = '') {
  await page.goto(`${origin}${base(language)}/forgot-password`);
  await page.getByRole('button', { name: text(language, 'forgot.code_button') }).click();
  await expect(dialog(page, language)).toBeVisible();
}

async function identify(page: Page, language: Language, person: Pick<Person, 'phone' | 'nationalId'>) {
  const wizard = dialog(page, language);
  await wizard.getByLabel(text(language, 'reset.phone')).fill(person.phone);
  await wizard.getByLabel(text(language, 'login.national_id')).fill(person.nationalId);
  await wizard.getByRole('button', { name: text(language, 'reset.send_codes') }).click();
}

async function enterCode(page: Page, language: Language, label: 'reset.email_code' | 'reset.sms_code', code: string) {
  const wizard = dialog(page, language);
  await wizard.getByLabel(text(language, label)).fill(code);
  await wizard.getByRole('button', { name: text(language, 'reset.next') }).click();
}

async function stepHeading(page: Page, language: Language, key: Parameters<typeof text>[1]) {
  await expect(dialog(page, language).getByRole('heading', { name: new RegExp(text(language, key)) })).toBeFocused();
}

async function warning(page: Page, language: Language, key: Parameters<typeof text>[1]) {
  const alert = dialog(page, language).getByRole('alert');
  await expect(alert).toContainText(text(language, key));
  await expect(alert).toBeFocused();
}

async function toPasswordStep(page: Page, request: APIRequestContext, language: Language, person: Person, origin = '') {
  await openWizard(page, language, origin);
  await identify(page, language, person);
  await stepHeading(page, language, 'reset.email_heading');
  await enterCode(page, language, 'reset.email_code', await latestCode(request, person.email, origin));
  await stepHeading(page, language, 'reset.sms_heading');
  await enterCode(page, language, 'reset.sms_code', await latestCode(request, person.phone, origin));
  await stepHeading(page, language, 'reset.password_heading');
}

test('a full reset for Kari Nordmann, then sign-in with the new password and not the old', async ({ page, request, consoleGuard }) => {
  consoleGuard.allow(/status of 403/);
  // Kari's password changes here, so this runs against a server of its own.
  const server = await startServer();
  try {
    const origin = server.url;
    const language: Language = 'nb';
    await openWizard(page, language, origin);
    await expectNoAxeViolations(page);
    await identify(page, language, kari);
    await stepHeading(page, language, 'reset.email_heading');
    await expectNoAxeViolations(page);
    const code = page.getByLabel(text(language, 'reset.email_code'));
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    const emailCode = await latestCode(request, kari.email, origin);
    await enterCode(page, language, 'reset.email_code', `${emailCode.slice(0, 3)} ${emailCode.slice(3)}`);
    await stepHeading(page, language, 'reset.sms_heading');
    await expectNoAxeViolations(page);
    await enterCode(page, language, 'reset.sms_code', await latestCode(request, kari.phone, origin));
    await stepHeading(page, language, 'reset.password_heading');
    await dialog(page, language).getByLabel(text(language, 'reset.new_password'), { exact: true }).fill(newPassword);
    await expect(page.locator('#reset-strength')).toContainText(text(language, 'password.strength', { label: text(language, 'password.strength_3') }));
    await expectNoAxeViolations(page);
    await dialog(page, language).getByLabel(text(language, 'reset.repeat_password'), { exact: true }).fill(newPassword);
    await dialog(page, language)
      .getByRole('button', { name: text(language, 'reset.save') })
      .click();
    await expect(page).toHaveURL(`${origin}/postkasse/`);
    await expect(page.getByText('Kari Nordmann')).toBeVisible();
    await page.getByRole('button', { name: 'Log out' }).click();

    const login = async (password: string) => {
      await page.goto(`${origin}${base(language)}/`);
      await page.getByRole('button', { name: text(language, 'login.password_accordion') }).click();
      await page.getByLabel(text(language, 'login.national_id')).fill(kari.nationalId);
      await page.getByLabel(text(language, 'login.password'), { exact: true }).fill(password);
      await page.getByRole('button', { name: text(language, 'login.submit'), exact: true }).click();
    };
    await login('Sommerfugl-42');
    await expect(page.getByRole('alert')).toContainText(text(language, 'login.wrong_password_title'));
    await login(newPassword);
    await expect(page).toHaveURL(`${origin}/postkasse/`);
  } finally {
    // Leave the page first: a request still open when the server stops is a console error.
    await page.goto('about:blank');
    await server.stop();
  }
});

test('the back button after a completed reset sends nothing again and opens no step of the wizard', async ({ page, request }) => {
  const language: Language = 'nb';
  const person = await freshPerson(request);
  const posts: string[] = [];
  page.on('request', (call) => {
    if (call.method() === 'POST') posts.push(new URL(call.url()).pathname);
  });
  await toPasswordStep(page, request, language, person);
  await dialog(page, language).getByLabel(text(language, 'reset.new_password'), { exact: true }).fill(newPassword);
  await dialog(page, language).getByLabel(text(language, 'reset.repeat_password'), { exact: true }).fill(newPassword);
  await dialog(page, language)
    .getByRole('button', { name: text(language, 'reset.save') })
    .click();
  await expect(page).toHaveURL(/\/postkasse\/$/);
  const sent = posts.length;
  expect(sent, 'the reset sent its calls').toBeGreaterThan(0);

  await page.goBack();
  await page.waitForLoadState('load');
  // Whatever screen the person lands on is whole: a heading, no half-done step of the wizard.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(dialog(page, language)).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(posts.slice(sent), 'calls sent after going back').toEqual([]);
  await page.goForward();
  await expect(page).toHaveURL(/\/postkasse\/$/);
  expect(posts.slice(sent), 'calls sent after going forward again').toEqual([]);
});

test('the new password survives a restart of the emulator', async ({ page, request, consoleGuard }) => {
  const first = await startServer();
  const person = await freshPerson(request, { origin: first.url });
  await toPasswordStep(page, request, 'en', person, first.url);
  await dialog(page, 'en').getByLabel(text('en', 'reset.new_password'), { exact: true }).fill(newPassword);
  await dialog(page, 'en').getByLabel(text('en', 'reset.repeat_password'), { exact: true }).fill(newPassword);
  await dialog(page, 'en')
    .getByRole('button', { name: text('en', 'reset.save') })
    .click();
  await expect(page).toHaveURL(`${first.url}/postkasse/`);
  // Same data folder, new process.
  const dataDir = first.dataDir;
  await page.goto('about:blank');
  await first.stopKeepingData();
  const second = await startServer({}, dataDir);
  try {
    const context = await page.context().browser()!.newContext();
    await snoozePasskeyOffer(context);
    const fresh = await context.newPage();
    await guardPage(fresh, consoleGuard);
    await fresh.goto(`${second.url}/innlogging/en/`);
    await fresh.getByRole('button', { name: text('en', 'login.password_accordion') }).click();
    await fresh.getByLabel(text('en', 'login.national_id')).fill(person.nationalId);
    await fresh.getByLabel(text('en', 'login.password'), { exact: true }).fill(newPassword);
    await fresh.getByRole('button', { name: text('en', 'login.submit'), exact: true }).click();
    await expect(fresh).toHaveURL(`${second.url}/postkasse/`);
    await context.close();
  } finally {
    await second.stop();
  }
});

for (const language of languages) {
  test.describe(language, () => {
    const turn = languageTurns(language);
    if (turn())
      test('the forgot-password screen offers eID and one-time codes', async ({ page }) => {
        await page.goto(`${base(language)}/forgot-password`);
        await expect(page.getByRole('heading', { level: 2, name: text(language, 'forgot.eid_heading') })).toBeVisible();
        await expect(page.getByRole('heading', { level: 2, name: text(language, 'forgot.code_heading') })).toBeVisible();
        await expect(page.getByText(text(language, 'customer_service.heading'))).toBeVisible();
        await page.getByRole('button', { name: text(language, 'forgot.eid_button') }).click();
        await expect(page).toHaveURL(/\/dev\/idporten\?request=/);
        await expect(page.getByText(/4$/)).toBeVisible();
      });

    if (turn())
      test('going back keeps what was typed and sends no new codes', async ({ page, request }) => {
        const person = await freshPerson(request);
        await openWizard(page, language);
        await identify(page, language, person);
        await stepHeading(page, language, 'reset.email_heading');
        await dialog(page, language).getByLabel(text(language, 'reset.email_code')).fill('12');
        await dialog(page, language)
          .getByRole('link', { name: text(language, 'reset.back') })
          .click();
        await stepHeading(page, language, 'reset.identify_heading');
        await expect(dialog(page, language).getByLabel(text(language, 'reset.phone'))).toHaveValue(person.phone);
        await expect(dialog(page, language).getByLabel(text(language, 'login.national_id'))).toHaveValue(person.nationalId);
        await dialog(page, language)
          .getByRole('button', { name: text(language, 'reset.send_codes') })
          .click();
        await stepHeading(page, language, 'reset.email_heading');
        const outbox = (await (await request.get('/dev/api/outbox')).json()) as { to: string }[];
        expect(outbox.filter((entry) => entry.to === person.email)).toHaveLength(1);
      });

    if (turn())
      test('a wrong code three times ends the reset: the tries left, then no code field, a way on', async ({ page, request, consoleGuard }) => {
        consoleGuard.allow(/status of 400/);
        const person = await freshPerson(request);
        await openWizard(page, language);
        await identify(page, language, person);
        const right = await latestCode(request, person.email);
        const wrong = right === '000000' ? '111111' : '000000';
        await enterCode(page, language, 'reset.email_code', wrong);
        await expect(dialog(page, language).getByLabel(text(language, 'reset.email_code'))).toHaveAttribute('aria-invalid', 'true');
        await expectNoAxeViolations(page);
        await enterCode(page, language, 'reset.email_code', wrong);
        await expect(dialog(page, language).getByLabel(text(language, 'reset.email_code'))).toHaveAttribute('aria-invalid', 'true');
        await enterCode(page, language, 'reset.email_code', wrong);
        await warning(page, language, 'reset.ended_title');
        // No dead end: no code field (even the right code could not be used), a way on instead.
        await expect(dialog(page, language).getByLabel(text(language, 'reset.email_code'))).toHaveCount(0);
        await expect(dialog(page, language).getByRole('button', { name: text(language, 'reset.start_again') })).toBeVisible();
        await expect(dialog(page, language).getByRole('button', { name: text(language, 'reset.eid_button') })).toBeVisible();
      });

    if (turn())
      test('a code that is not 6 digits is caught before any call', async ({ page, request }) => {
        const person = await freshPerson(request);
        await openWizard(page, language);
        await identify(page, language, person);
        await enterCode(page, language, 'reset.email_code', '12a45');
        await expect(dialog(page, language).getByRole('link', { name: text(language, 'reset.invalid_code') })).toBeVisible();
      });

    if (turn())
      test('a second reset within a minute is too soon, told with its own words and the wait', async ({ page, request, consoleGuard }) => {
        consoleGuard.allow(/status of 429/);
        const person = await freshPerson(request);
        await openWizard(page, language);
        await identify(page, language, person);
        await stepHeading(page, language, 'reset.email_heading');
        // Closed (the reset abandoned), opened again, the same answers: a new reset, within the minute.
        await page.keyboard.press('Escape');
        await expect(dialog(page, language)).toHaveCount(0);
        await page.getByRole('button', { name: text(language, 'forgot.code_button') }).click();
        await identify(page, language, person);
        const alert = dialog(page, language).getByRole('alert');
        await expect(alert).toContainText(text(language, 'reset.error.too_soon', { when: '@' }).split('@')[0] as string);
        await expect(alert).toContainText(text(language, 'throttle.in_minutes', { count: 1 }).replace(/N\{count,([^,]+),[^}]+\}/, '$1'));
        await expect(alert).toBeFocused();
      });

    // Nina and Per are refused before any reset starts, so they count towards no limit; the wrong
    // combination is a person of the test's own with a phone that is not theirs.
    for (const [who, phone, nationalId, key] of [
      ['strong authentication', '41234569', '03837210045', 'reset.error.strong_auth'],
      ['code reset blocked', '41234570', '04847310095', 'reset.error.blocked'],
      ['an unknown combination', '41234599', null, 'reset.error.wrong_combination'],
    ] as const) {
      test(`step 1 refuses ${who}`, async ({ page, consoleGuard }) => {
        consoleGuard.allow(/status of 40[34]/);
        await openWizard(page, language);
        await identify(page, language, { phone, nationalId: nationalId ?? (await freshPerson(page.request)).nationalId });
        await warning(page, language, key);
        await expect(dialog(page, language).getByLabel(text(language, 'reset.phone'))).toHaveValue(phone);
        // Where codes cannot help, the eID reset is right there.
        await expect(dialog(page, language).getByRole('button', { name: text(language, 'reset.eid_button') })).toHaveCount(
          key === 'reset.error.wrong_combination' ? 0 : 1,
        );
        await expectNoAxeViolations(page);
      });
    }

    if (turn())
      test('an invalid phone number and ID number are caught in step 1', async ({ page }) => {
        await openWizard(page, language);
        await identify(page, language, { phone: '1234', nationalId: '123' });
        await expect(dialog(page, language).getByRole('link', { name: text(language, 'reset.invalid_phone') })).toBeVisible();
        await expect(dialog(page, language).getByRole('link', { name: text(language, 'login.invalid_foedselsnummer') })).toBeVisible();
        await expect(dialog(page, language).getByText(text(language, 'reset.error_summary'))).toBeFocused();
      });

    if (turn())
      test('mismatched and too common new passwords are refused', async ({ page, request }) => {
        const person = await freshPerson(request);
        await toPasswordStep(page, request, language, person);
        const wizard = dialog(page, language);
        const password = wizard.getByLabel(text(language, 'reset.new_password'), { exact: true });
        const repeat = wizard.getByLabel(text(language, 'reset.repeat_password'), { exact: true });
        await expect(password).toHaveAttribute('autocomplete', 'new-password');
        await password.fill(newPassword);
        await repeat.fill(`${newPassword}x`);
        await wizard.getByRole('button', { name: text(language, 'reset.save') }).click();
        await expect(wizard.getByRole('link', { name: text(language, 'password.not_equal') })).toBeVisible();
        await password.fill('passord123');
        // The strength meter says so first, once the common-password list is here (then Save refuses it
        // in the browser; without the list the backend would).
        await expect(wizard.locator('.strength-meter').getByText(text(language, 'password.too_common'))).toBeVisible();
        await repeat.fill('passord123');
        await wizard.getByRole('button', { name: text(language, 'reset.save') }).click();
        await expect(wizard.getByRole('link', { name: text(language, 'password.too_common') })).toBeVisible();
        await expectNoAxeViolations(page);
      });

    if (turn())
      test('email verification succeeds with a fresh link', async ({ page, request }) => {
        const { link } = (await (await request.post('/dev/api/email-verification', { data: {} })).json()) as { link: string };
        await page.goto(link.replace('/innlogging/', `${base(language)}/`));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'email_verify.heading'));
        await expectNoAxeViolations(page);
        await page.getByRole('button', { name: text(language, 'email_verify.button') }).click();
        await expect(page).toHaveURL(new RegExp(`${base(language)}/epost-verifisering/fullfort$`));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'email_verify.done_heading'));
        await expectNoAxeViolations(page);
      });

    if (turn())
      test('email verification fails for an expired link, and for a used one', async ({ page, request, consoleGuard }) => {
        consoleGuard.allow(/status of 400/);
        const { link: expired } = (await (await request.post('/dev/api/email-verification', { data: { expired: true } })).json()) as { link: string };
        await page.goto(expired.replace('/innlogging/', `${base(language)}/`));
        await page.getByRole('button', { name: text(language, 'email_verify.button') }).click();
        await expect(page).toHaveURL(new RegExp(`${base(language)}/epost-verifisering/feilet$`));
        await expect(page.getByText(text(language, 'email_verify.failed_body'))).toBeVisible();
        await expectNoAxeViolations(page);

        const { link } = (await (await request.post('/dev/api/email-verification', { data: {} })).json()) as { link: string };
        await page.goto(link);
        await page.getByRole('button', { name: text('nb', 'email_verify.button') }).click();
        await expect(page).toHaveURL(/fullfort$/);
        await page.goto(link);
        await page.getByRole('button', { name: text('nb', 'email_verify.button') }).click();
        await expect(page).toHaveURL(/feilet$/);
      });
  });
}
