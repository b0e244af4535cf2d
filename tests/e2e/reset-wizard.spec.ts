/**
 * The one-time-code reset wizard as people use it (issue 19, decision 017), by keyboard: a history
 * entry per step (Back, Forward and reload at every step), sessionStorage that never holds the
 * password, three wrong codes and a way on, and sending the codes again after the countdown. One
 * language per test, in turn. Codes are read from the dev outbox.
 */
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Language } from '../../src/contract/languages';
import { chromiumFlags, chromiumPath } from '../../scripts/lib.mjs';
import { startServer, type RunningServer } from './support/server';
import { base, deploy, expect, expectNoAxeViolations, freshPerson, test, text, viewports } from './support/fixtures';
import { atStep, codesTo, dialog, enterCode, historyKeeps, identify, openWizard, typeInto } from './support/reset-wizard';

const newPassword = 'Blåbær-Vaffel-2026';
const storageKey = 'innlogging.password-reset';

// Playwright turns the back/forward cache off; a person's browser has it, and Back from the mailbox
// then shows the page as it was left (step 5), unless the wizard closes itself. On for this file.
test.use({
  launchOptions: { executablePath: chromiumPath() ?? '/usr/bin/chromium', args: chromiumFlags, ignoreDefaultArgs: ['--disable-back-forward-cache'] },
});

const storageDump = (page: Page) => page.evaluate(() => JSON.stringify({ ...sessionStorage }));

/** With SCREENSHOTS_DIR set (as routes.spec.ts does): the dialog as it is, at 375×800 and 1280×900. */
async function shoot(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  for (const [kind, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(dir, `${name}-${kind}.png`), animations: 'disabled' });
  }
  await page.setViewportSize(viewports.desktop);
}

test('every step has its own address: Back, Forward and reload at each, the title naming it; the password never stored', deploy, async ({ page, request }) => {
  const language: Language = 'nb';
  const person = await freshPerson(request);
  await openWizard(page, language);
  await expect(page).toHaveTitle(`Steg 1 av 4: ${text(language, 'reset.identify_heading')} – ${text(language, 'forgot.title')} – Digipost`);
  // Back from the first step closes the dialog; Forward opens it again.
  await page.goBack();
  await expect(dialog(page, language)).toHaveCount(0);
  await expect(page).toHaveURL(/forgot-password$/);
  await page.goForward();
  await atStep(page, language, 'phone', 'reset.identify_heading');

  await identify(page, language, person);
  await atStep(page, language, 'email-code', 'reset.email_heading');
  const masked = `${person.email[0]}*****${person.email.slice(person.email.indexOf('@'))}`;
  await expect(dialog(page, language)).toContainText(text(language, 'reset.email_body_masked', { email: masked }));
  await expect(dialog(page, language)).toContainText(text(language, 'reset.code_lifetime', { minutes: 10 }));
  await expect(dialog(page, language)).toContainText(/Du kan be om nye koder om \d+ sekund/);
  await expect(page).toHaveTitle(new RegExp(`^Steg 2 av 4: ${text(language, 'reset.email_heading')} – `));
  await expectNoAxeViolations(page);
  const [emailCode] = await codesTo(request, person.email);
  const [smsCode] = await codesTo(request, person.phone);

  await page.reload();
  await atStep(page, language, 'email-code', 'reset.email_heading');
  await page.goBack();
  await atStep(page, language, 'phone', 'reset.identify_heading');
  await expect(dialog(page, language).getByLabel(text(language, 'reset.phone'))).toHaveValue(person.phone);
  await page.reload();
  await atStep(page, language, 'phone', 'reset.identify_heading');
  await page.goForward();
  await atStep(page, language, 'email-code', 'reset.email_heading');

  await enterCode(page, language, 'reset.email_code', emailCode as string);
  await atStep(page, language, 'sms-code', 'reset.sms_heading');
  await historyKeeps(page, language, 'smsCode', 'emailCode');

  await enterCode(page, language, 'reset.sms_code', smsCode as string);
  await atStep(page, language, 'new-password', 'reset.password_heading');
  await historyKeeps(page, language, 'newPassword', 'smsCode');
  // The wizard's own Back is the history's Back.
  await dialog(page, language)
    .getByRole('link', { name: text(language, 'reset.back') })
    .press('Enter');
  await atStep(page, language, 'sms-code', 'reset.sms_heading');
  await page.goForward();
  await atStep(page, language, 'new-password', 'reset.password_heading');

  await typeInto(page, language, 'reset.new_password', newPassword);
  await typeInto(page, language, 'reset.repeat_password', newPassword);
  const whileTyped = await storageDump(page);
  expect(whileTyped).toContain(storageKey);
  expect(whileTyped).not.toContain(newPassword);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/postkasse\/$/);
  expect(await storageDump(page)).not.toContain(newPassword);
  expect(await storageDump(page)).not.toContain(storageKey);
  // Back from the mailbox (the page as the browser kept it: no load event): the reset is over, the page without the wizard.
  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL(/forgot-password$/);
  await expect(dialog(page, language)).toHaveCount(0);
  await expect(page.getByText(text(language, 'reset.signing_in'))).toHaveCount(0);
});

test('a step address with nothing saved starts at step 1 instead; closing the wizard forgets the reset', async ({ page, request }) => {
  const language: Language = 'en';
  await page.goto(`${base(language)}/forgot-password?step=sms-code`);
  await atStep(page, language, 'phone', 'reset.identify_heading');
  const person = await freshPerson(request);
  await identify(page, language, person);
  await atStep(page, language, 'email-code', 'reset.email_heading');
  expect(await storageDump(page)).toContain(person.nationalId);
  await page.keyboard.press('Escape');
  await expect(dialog(page, language)).toHaveCount(0);
  await expect(page).toHaveURL(/forgot-password$/);
  expect(await storageDump(page)).not.toContain(storageKey);
  await expect(page).toHaveTitle(`${text(language, 'forgot.title')} – Digipost`);
});

for (const [kind, viewport] of Object.entries(viewports)) {
  test(`as people paste and see it (issue #37, ${kind}): a warning leaves the dialog's top where it was; +47 and codes with dashes taken; the strength bar clear of the guidance`, async ({
    page,
    request,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 404/);
    const language: Language = 'nb';
    await page.setViewportSize(viewport);
    // The dialog appears at once (no sliding in), so its top can be measured as soon as it is open.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const person = await freshPerson(request);
    await openWizard(page, language);
    const top = async () => (await dialog(page, language).boundingBox())?.y;
    const before = await top();
    // The wrong combination: a warning of two lines, and the dialog's top stays put (centred, it moved up by half the growth).
    await identify(page, language, { phone: person.phone, nationalId: '01817010055' });
    await expect(dialog(page, language).getByText(text(language, 'reset.error.wrong_combination'))).toBeVisible();
    expect(await top()).toBe(before);
    // The phone as people write it, the codes as pasted from an email and an SMS (3.3.8).
    await identify(page, language, {
      phone: `+47 ${person.phone.slice(0, 3)} ${person.phone.slice(3, 5)} ${person.phone.slice(5)}`,
      nationalId: person.nationalId,
    });
    await atStep(page, language, 'email-code', 'reset.email_heading');
    expect(await top()).toBe(before);
    const [emailCode = ''] = await codesTo(request, person.email);
    await enterCode(page, language, 'reset.email_code', `${emailCode.slice(0, 3)}-${emailCode.slice(3)}`);
    await atStep(page, language, 'sms-code', 'reset.sms_heading');
    const [smsCode = ''] = await codesTo(request, person.phone);
    await enterCode(page, language, 'reset.sms_code', `${smsCode.slice(0, 3)}\u2013${smsCode.slice(3)}`);
    await atStep(page, language, 'new-password', 'reset.password_heading');
    await typeInto(page, language, 'reset.new_password', 'kort');
    const guidance = await page.locator('.strength-meter__guidance').boundingBox();
    const bar = await page.locator('.strength-meter__bar').boundingBox();
    const label = page.locator('.strength-meter__label');
    await expect(label).not.toBeEmpty();
    const labelBox = await label.boundingBox();
    if (!guidance || !bar || !labelBox) throw new Error('no strength meter');
    // Hedwig's spacing: 12 px under the guidance, 8 px above the label (strength-meter.css).
    expect(Math.round(bar.y - (guidance.y + guidance.height))).toBe(12);
    expect(Math.round(labelBox.y - (bar.y + bar.height))).toBe(8);
  });
}

test.describe('with the reset interval at 0 on a server of its own', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    // The front end still counts its 60 seconds (the page's clock is moved); the server lets a new reset in at once.
    server = await startServer({ LIMIT_RESET_MINIMUM_INTERVAL_SECONDS: '0' });
  });
  test.afterAll(async () => {
    await server.stop();
  });

  /** A new person's reset at step 2 on this server, with the page's clock under the test's hand. */
  async function toEmailCodeWithClock(page: Page, request: APIRequestContext, language: Language) {
    await page.clock.install();
    const person = await freshPerson(request, { origin: server.url });
    await openWizard(page, language, server.url);
    await identify(page, language, person);
    await atStep(page, language, 'email-code', 'reset.email_heading');
    return person;
  }

  test('three wrong codes: the tries left at the field, then no field and a way on; start again works', async ({ page, request, consoleGuard }) => {
    consoleGuard.allow(/status of 400/);
    const language: Language = 'nn';
    const origin = server.url;
    const person = await freshPerson(request, { origin });
    await openWizard(page, language, origin);
    await identify(page, language, person);
    await atStep(page, language, 'email-code', 'reset.email_heading');
    const [right] = await codesTo(request, person.email, 1, origin);
    const wrong = right === '000000' ? '111111' : '000000';
    const field = dialog(page, language).getByLabel(text(language, 'reset.email_code'));

    await enterCode(page, language, 'reset.email_code', wrong);
    const twoLeft = text(language, 'reset.error.wrong_code_tries', { tries: 2 });
    await expect(dialog(page, language).getByRole('link', { name: twoLeft })).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog(page, language).locator('.hds-error-message')).toContainText(twoLeft);
    await expect(page).toHaveTitle(new RegExp(`^Feil: Steg 2 av 4: ${text(language, 'reset.email_heading')} – `));
    await expectNoAxeViolations(page);
    await shoot(page, 'reset-wrong-code-nn');

    await enterCode(page, language, 'reset.email_code', wrong);
    await expect(dialog(page, language).getByRole('link', { name: text(language, 'reset.error.wrong_code_tries', { tries: 1 }) })).toBeVisible();
    await enterCode(page, language, 'reset.email_code', wrong);
    const ended = dialog(page, language).getByRole('alert');
    await expect(ended).toContainText(text(language, 'reset.ended.too_many', { tries: 3 }));
    await expect(ended).toBeFocused();
    await expect(field).toHaveCount(0);
    await expect(dialog(page, language).getByRole('button', { name: text(language, 'reset.next') })).toHaveCount(0);
    await expect(dialog(page, language).getByRole('button', { name: text(language, 'reset.eid_button') })).toBeVisible();
    await expect(page).toHaveTitle(/^Feil: /);
    await expectNoAxeViolations(page);
    await shoot(page, 'reset-ended-nn');

    await dialog(page, language)
      .getByRole('button', { name: text(language, 'reset.start_again') })
      .press('Enter');
    await atStep(page, language, 'phone', 'reset.identify_heading');
    await expect(dialog(page, language).getByLabel(text(language, 'reset.phone'))).toHaveValue(person.phone);
    await dialog(page, language)
      .getByRole('button', { name: text(language, 'reset.send_codes') })
      .press('Enter');
    await atStep(page, language, 'email-code', 'reset.email_heading');
    // A new reset: new codes, and the new email code works.
    const [fresh] = await codesTo(request, person.email, 2, origin);
    await enterCode(page, language, 'reset.email_code', fresh as string);
    await atStep(page, language, 'sms-code', 'reset.sms_heading');
  });

  test('send the codes again after the countdown: the new code works, the old one does not', async ({ page, request, consoleGuard }) => {
    consoleGuard.allow(/status of 400/);
    const language: Language = 'en';
    const origin = server.url;
    const person = await toEmailCodeWithClock(page, request, language);
    const resend = dialog(page, language).getByRole('button', { name: text(language, 'reset.resend') });
    await expect(dialog(page, language)).toContainText(/You can ask for new codes in (60|59) seconds/);
    await expect(resend).toHaveCount(0);
    await shoot(page, 'reset-email-code-en');
    const [old] = await codesTo(request, person.email, 1, origin);

    await page.clock.fastForward(30_000);
    await expect(dialog(page, language)).toContainText(/You can ask for new codes in (30|29) seconds/);
    await page.clock.fastForward(31_000);
    await expect(resend).toBeVisible();
    await expect(dialog(page, language).getByText(text(language, 'reset.resend_ready'))).toHaveAttribute('aria-live', 'polite');
    await resend.press('Enter');
    // The notice that new codes were sent takes focus (read out), not the heading.
    await expect(dialog(page, language).getByRole('status')).toContainText(text(language, 'reset.resent'));
    await expect(dialog(page, language).getByRole('status')).toBeFocused();
    await expect(page).toHaveURL(/[?&]step=email-code$/);
    const [fresh] = await codesTo(request, person.email, 2, origin);
    expect(fresh).not.toBe(old);

    await enterCode(page, language, 'reset.email_code', old as string);
    await expect(dialog(page, language).getByLabel(text(language, 'reset.email_code'))).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveTitle(new RegExp(`^Error: Step 2 of 4: ${text(language, 'reset.email_heading')} – ${text(language, 'forgot.title')} – Digipost$`));
    await enterCode(page, language, 'reset.email_code', fresh as string);
    await atStep(page, language, 'sms-code', 'reset.sms_heading');
    await expectNoAxeViolations(page);
  });

  test("new codes from step 3: the wizard's Back goes back in the history to step 1, and Back from there closes the dialog", async ({
    page,
    request,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 400/);
    const language: Language = 'nb';
    const origin = server.url;
    const person = await toEmailCodeWithClock(page, request, language);
    const [emailCode] = await codesTo(request, person.email, 1, origin);
    await enterCode(page, language, 'reset.email_code', emailCode as string);
    await atStep(page, language, 'sms-code', 'reset.sms_heading');
    await page.clock.fastForward(61_000);
    await dialog(page, language)
      .getByRole('button', { name: text(language, 'reset.resend') })
      .press('Enter');
    await expect(dialog(page, language).getByRole('status')).toBeFocused();
    await expect(page).toHaveURL(/[?&]step=email-code$/);
    await dialog(page, language)
      .getByRole('link', { name: text(language, 'reset.back') })
      .press('Enter');
    await atStep(page, language, 'phone', 'reset.identify_heading');
    await page.goBack();
    await expect(dialog(page, language)).toHaveCount(0);
    await expect(page).toHaveURL(/forgot-password$/);
    // Forward to step 2 of the new reset: its heading, the notice of new codes said once already.
    await page.goForward();
    await page.goForward();
    await atStep(page, language, 'email-code', 'reset.email_heading');
    await expect(dialog(page, language).getByText(text(language, 'reset.resent'))).toHaveCount(0);
  });
});
