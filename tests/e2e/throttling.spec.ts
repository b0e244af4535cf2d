/**
 * Attempt limits end to end (issue 15, decision 009): a fresh person locked out of password login
 * after five wrong passwords in a browser they never signed in on (decision 028: until the window ends),
 * the wait told in whole minutes, the ID kept, the password emptied and
 * eID offered in the message, in nb, nn and en; the app's password login the same way; and the reset
 * wizard at its limit of five resets a day, reached for real.
 */
import type { Page } from '@playwright/test';
import type { Language } from '../../src/contract/languages';
import { startAppLogin } from './support/app-client';
import { base, expect, expectNoAxeViolations, freshPerson, languages, test, text, type TestPerson } from './support/fixtures';
import { signInOverApi } from './support/passkeys';
import { startServer } from './support/server';

const wrongPassword = 'Feil-passord-1';
/** The lock for browsers the person never signed in on lasts until its fixed window ends (15 minutes here): its wait in whole minutes. */
const someMinutes: Record<Language, RegExp> = { nb: /igjen om \d+ minutt(er)?,/, nn: /igjen om \d+ minutt(ar)?,/, en: /again in \d+ minutes?,/ };
/** Every 4xx answer is a console error in the browser. */
const refusals = /status of (403|429)/;

const nationalIdField = (page: Page, language: Language) => page.getByLabel(text(language, 'login.national_id'));
const passwordField = (page: Page, language: Language) => page.getByLabel(text(language, 'login.password'), { exact: true });

async function submitPassword(page: Page, language: Language, password: string) {
  await passwordField(page, language).fill(password);
  await page.getByRole('button', { name: text(language, 'login.submit'), exact: true }).click();
}

/** Four wrong passwords are told as such; the fifth is refused with the lock. */
async function lockOut(page: Page, language: Language, person: TestPerson) {
  await nationalIdField(page, language).fill(person.nationalId);
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    const answer = page.waitForResponse((response) => response.url().endsWith('/login/password'));
    await submitPassword(page, language, wrongPassword);
    expect((await answer).status(), `wrong password ${attempt}`).toBe(403);
    await expect(page.getByRole('alert').filter({ hasText: text(language, 'login.wrong_password_title') })).toBeFocused();
  }
  const answer = page.waitForResponse((response) => response.url().endsWith('/login/password'));
  await submitPassword(page, language, wrongPassword);
  const locked = await answer;
  expect(locked.status()).toBe(429);
  expect(Number(locked.headers()['retry-after'])).toBeGreaterThan(0);
}

async function expectLockoutMessage(page: Page, language: Language, person: TestPerson) {
  const message = page.getByRole('alert').filter({ hasText: text(language, 'login.locked_new_devices_title') });
  await expect(message).toBeVisible();
  await expect(message).toContainText(someMinutes[language]);
  await expect(message).toBeFocused();
  await expect(nationalIdField(page, language)).toHaveValue(person.nationalId);
  await expect(passwordField(page, language)).toHaveValue('');
  return message;
}

for (const language of languages) {
  test.describe(language, () => {
    test('five wrong passwords lock the password login: the wait, the ID kept, the password emptied, eID offered and working', async ({
      page,
      consoleGuard,
    }) => {
      consoleGuard.allow(refusals);
      // A name of its own, to be picked out at the simulated ID-porten.
      const person = await freshPerson(page.request, { fullName: `Låst Testesen ${language} ${Date.now()}` });
      await page.goto(`${base(language)}/`);
      await page.getByRole('button', { name: text(language, 'login.password_accordion') }).click();
      await lockOut(page, language, person);
      await expectLockoutMessage(page, language, person);
      await expectNoAxeViolations(page);

      // Locked is locked: the right password is refused too, and told the same way.
      await submitPassword(page, language, person.password);
      const message = await expectLockoutMessage(page, language, person);
      await expect(page).toHaveURL(new RegExp(`${base(language)}/$`));

      // The way that always works, from the message itself.
      await message.getByRole('button', { name: text(language, 'login.eid_button') }).click();
      await expect(page).toHaveURL(/\/dev\/idporten\?request=/);
      await page.getByRole('button', { name: person.fullName }).click();
      await expect(page).toHaveURL(/\/postkasse\/\?login-successful=true$/);
      await expect(page.getByText(person.fullName)).toBeVisible();
    });
  });
}

test("the app's password login, locked: the same message, and eID for the app", async ({ page, consoleGuard }) => {
  consoleGuard.allow(refusals);
  const person = await freshPerson(page.request);
  const language: Language = 'en';
  const login = await startAppLogin(page.request);
  await page.goto(`${base(language)}/mobileLogin/${login.token}/password`);
  await lockOut(page, language, person);
  const message = await expectLockoutMessage(page, language, person);
  await expectNoAxeViolations(page);
  await message.getByRole('link', { name: text(language, 'login.eid_button') }).click();
  await expect(page).toHaveURL(/\/dev\/idporten\?request=/);
});

test('the reset wizard at five resets a day: the wait, phone and ID kept, a new password with eID offered', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 429/);
  // Five resets of one person a minute apart take five minutes of real time (the limits go by real
  // time, not a browser's dev clock): a server of its own without the minute between resets.
  const server = await startServer({ LIMIT_RESET_MINIMUM_INTERVAL_SECONDS: '0' });
  try {
    const origin = server.url;
    const language: Language = 'nb';
    const person = await freshPerson(page.request, { origin });
    const dialog = page.getByRole('dialog', { name: text(language, 'reset.dialog_title') });
    const identify = async () => {
      await page.goto(`${origin}${base(language)}/forgot-password`);
      await page.getByRole('button', { name: text(language, 'forgot.code_button') }).click();
      await dialog.getByLabel(text(language, 'reset.phone')).fill(person.phone);
      await dialog.getByLabel(text(language, 'login.national_id')).fill(person.nationalId);
      await dialog.getByRole('button', { name: text(language, 'reset.send_codes') }).click();
    };
    for (let reset = 1; reset <= 5; reset += 1) {
      await identify();
      await expect(dialog.getByRole('heading', { name: new RegExp(text(language, 'reset.email_heading')) }), `reset ${reset}`).toBeFocused();
      // Closed, so the next start is a new reset (the wizard would otherwise go on with this one, decision 017).
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
    await identify();
    const message = dialog.getByRole('alert');
    await expect(message).toContainText(text(language, 'reset.error.daily_limit_title'));
    // The first of the five ends its day in a little under 24 hours: told in whole hours, rounded up.
    await expect(message).toContainText('igjen om 24 timer.');
    await expect(message).toBeFocused();
    await expect(dialog.getByLabel(text(language, 'reset.phone'))).toHaveValue(person.phone);
    await expect(dialog.getByLabel(text(language, 'login.national_id'))).toHaveValue(person.nationalId);
    await expectNoAxeViolations(page);
    await message.getByRole('button', { name: text(language, 'reset.eid_button') }).click();
    await expect(page).toHaveURL(/\/dev\/idporten\?request=/);
    // The eID reset is the level-4 login, as section one of the page starts it.
    await expect(page.getByText(/4$/)).toBeVisible();
  } finally {
    // Leave the page first: a request still open when the server stops is a console error.
    await page.goto('about:blank');
    await server.stop();
  }
});

test('at the ceiling of failures in a row, password login stops: its own message, the right password refused too, eID offered and opening it again', async ({
  page,
  consoleGuard,
}) => {
  // A server of its own to start, six answers and an eID round trip: on a busy two-core machine this
  // once ran past 60 s (CI, 2026-11-28; it passed on the retry).
  test.slow();
  consoleGuard.allow(refusals);
  // The ceiling reached in three failures on a server of its own (the real one is 100, with locks
  // between: server/attempt-limits.test.ts walks them).
  const server = await startServer({ LIMIT_PASSWORD_FAILURES_PER_ID: '3', LIMIT_PASSWORD_FAILURE_CEILING: '3' });
  try {
    const origin = server.url;
    const language: Language = 'nb';
    const person = await freshPerson(page.request, { origin, fullName: `Stengt Testesen ${Date.now()}` });
    // The ceiling is a device's (decision 028): this browser signed in once before (its device cookie kept, its session let go).
    await signInOverApi(page.request, person, origin);
    await page.context().clearCookies({ name: 'SESSION' });
    await page.goto(`${origin}${base(language)}/`);
    await page.getByRole('button', { name: text(language, 'login.password_accordion') }).click();
    await nationalIdField(page, language).fill(person.nationalId);
    for (const password of [wrongPassword, wrongPassword, wrongPassword, person.password]) {
      const answer = page.waitForResponse((response) => response.url().endsWith('/login/password'));
      await submitPassword(page, language, password);
      await answer;
      // The form has taken the answer (the password emptied): a press before that is the same login pressed
      // twice, which the form ignores, and the wait for its answer never ends (a full run hung here for 3 min).
      await expect(passwordField(page, language)).toHaveValue('');
    }
    const message = page.getByRole('alert').filter({ hasText: text(language, 'login.stopped_title') });
    await expect(message).toBeFocused();
    await expect(message).toContainText(text(language, 'login.stopped'));
    await expect(page.getByText(text(language, 'login.locked_title'))).toHaveCount(0);
    await expect(nationalIdField(page, language)).toHaveValue(person.nationalId);
    await expect(passwordField(page, language)).toHaveValue('');
    await expectNoAxeViolations(page);
    await message.getByRole('button', { name: text(language, 'login.eid_button') }).click();
    await page.getByRole('button', { name: person.fullName }).click();
    await expect(page).toHaveURL(/\/postkasse\/\?login-successful=true$/);
  } finally {
    await page.goto('about:blank');
    await server.stop();
  }
});
