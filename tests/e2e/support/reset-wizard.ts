/**
 * The one-time-code reset wizard driven by keyboard, as a person does (reset-wizard.spec.ts,
 * common-passwords.spec.ts). Codes are read from the dev outbox.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { Language } from '../../../src/contract/languages';
import type { TextKey } from '../../../src/i18n/nb';
import { base, expect, text, type TestPerson } from './fixtures';

/** The reset codes sent to an address, newest first; waits until there are at least `count`. */
export async function codesTo(request: APIRequestContext, to: string, count = 1, origin = ''): Promise<string[]> {
  let codes: string[] = [];
  await expect
    .poll(
      async () => {
        const outbox = (await (await request.get(`${origin}/dev/api/outbox`)).json()) as { to: string; code?: string; purpose: string }[];
        codes = outbox.filter((entry) => entry.to === to && entry.purpose === 'password-reset' && entry.code).map((entry) => entry.code as string);
        return codes.length;
      },
      { message: `${count} reset code(s) sent to ${to}` },
    )
    .toBeGreaterThanOrEqual(count);
  return codes;
}

export const dialog = (page: Page, language: Language) => page.getByRole('dialog', { name: text(language, 'reset.dialog_title') });

/** The step's heading has focus (each step starts there, also after Back, Forward and a reload). */
export async function atStep(page: Page, language: Language, slug: string, heading: TextKey) {
  await expect(page).toHaveURL(new RegExp(`[?&]step=${slug}$`));
  await expect(dialog(page, language).getByRole('heading', { level: 3, name: new RegExp(text(language, heading)) })).toBeFocused();
}

/** The steps after step 1 as atStep takes them: the address's step, and the heading. */
const steps = {
  emailCode: ['email-code', 'reset.email_heading'],
  smsCode: ['sms-code', 'reset.sms_heading'],
  newPassword: ['new-password', 'reset.password_heading'],
} as const;

/** At `step`, a reload keeps the wizard there; Back goes to `previous`, and Forward to `step` again. */
export async function historyKeeps(page: Page, language: Language, step: keyof typeof steps, previous: keyof typeof steps) {
  const at = (name: keyof typeof steps) => atStep(page, language, steps[name][0], steps[name][1]);
  await page.reload();
  await at(step);
  await page.goBack();
  await at(previous);
  await page.goForward();
  await at(step);
}

/** Types into a field by keyboard: Tab-free, but key by key, as a person does (`delay` ms between keys). */
export async function typeInto(page: Page, language: Language, label: TextKey, value: string, delay = 0) {
  const field = dialog(page, language).getByLabel(text(language, label), { exact: true });
  await field.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(value, { delay });
}

export async function openWizard(page: Page, language: Language, origin = '') {
  await page.goto(`${origin}${base(language)}/forgot-password`);
  await page.getByRole('button', { name: text(language, 'forgot.code_button') }).focus();
  await page.keyboard.press('Enter');
  await atStep(page, language, 'phone', 'reset.identify_heading');
}

export async function identify(page: Page, language: Language, person: { phone: string; nationalId: string }) {
  await typeInto(page, language, 'reset.phone', person.phone);
  await typeInto(page, language, 'login.national_id', person.nationalId);
  await page.keyboard.press('Enter');
}

export async function enterCode(page: Page, language: Language, label: 'reset.email_code' | 'reset.sms_code', code: string) {
  await typeInto(page, language, label, code);
  await page.keyboard.press('Enter');
}

/** Opens the wizard and goes through steps 1 to 3 with the codes sent: at step 4, the new password. */
export async function toNewPasswordStep(page: Page, request: APIRequestContext, language: Language, person: TestPerson) {
  await openWizard(page, language);
  await identify(page, language, person);
  await atStep(page, language, 'email-code', 'reset.email_heading');
  const [emailCode] = await codesTo(request, person.email);
  await enterCode(page, language, 'reset.email_code', emailCode as string);
  await atStep(page, language, 'sms-code', 'reset.sms_heading');
  const [smsCode] = await codesTo(request, person.phone);
  await enterCode(page, language, 'reset.sms_code', smsCode as string);
  await atStep(page, language, 'new-password', 'reset.password_heading');
}
