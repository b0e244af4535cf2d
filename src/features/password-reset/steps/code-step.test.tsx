/**
 * Steps 2 and 3 of the reset wizard against the emulator in this process (with its minimum interval
 * between resets at 0, so a start again is not refused; the wizard still counts its own minute).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultLimits } from '../../../../server/emulator/limits';
import { emulatorFetchForTests } from '../../../../server/emulator/test-fetch';
import { logEndpoint } from '../../../api/log';
import { nb } from '../../../i18n/nb';
import { page, renderWizard } from '../../../test-support/reset-wizard';
import { forgetRootDocument } from '../../session';
import { resetStorageKey } from '../reset-storage';

vi.setConfig({ testTimeout: 30_000 });

const backend = emulatorFetchForTests('reset-codes', { limits: { ...defaultLimits, resetMinimumIntervalMs: 0 } });
const { dev, bodiesTo } = backend;
const resetStart = '/post/api/private/password-reset';
const logged = () => backend.sent.filter((call) => call.path === logEndpoint);
/** A code that is not `right`. */
const wrongFor = (right: string, n = 1) => (right === `00000${n}` ? `00000${n + 1}` : `00000${n}`);

/** At this step with a fresh person's codes, the reset's next call faulted once, then the step's right code sent. */
async function sendCodeWhile(step: 'emailCode' | 'smsCode', fault: { mode: 'error' | 'drop' | 'slow'; delayMs?: number }) {
  const wizard = await renderWizard();
  const codes = await wizard.reach(step, await dev.person(), dev.codesTo);
  await dev.fault({ path: `${resetStart}/*`, times: 1, ...fault });
  const code = codes[step];
  await wizard.enterCode(step === 'emailCode' ? 'reset.email_code' : 'reset.sms_code', code);
  return { wizard, code };
}

beforeEach(() => {
  forgetRootDocument();
  sessionStorage.clear();
  document.title = 'Glemt passord – Digipost';
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('a code step with input it cannot use', () => {
  it('a code that is not 6 digits: said at the field, kept, nothing sent', async () => {
    const wizard = await renderWizard();
    await wizard.reach('emailCode', await dev.person(), dev.codesTo);
    await wizard.enterCode('reset.email_code', '12345');
    expect(await screen.findByRole('link', { name: nb['reset.invalid_code'] })).toHaveAttribute('href', '#reset-email-code');
    expect(wizard.field('reset.email_code')).toHaveAttribute('aria-invalid', 'true');
    expect(wizard.field('reset.email_code')).toHaveValue('12345');
    expect(bodiesTo(/\/email-code$/)).toEqual([]);
  });
});

describe('a code step when the backend says no', () => {
  it('a wrong code: the field marked with the tries left, in the summary too, the code kept, the title says "Feil: "; the right one then works', async () => {
    const wizard = await renderWizard();
    const { emailCode } = await wizard.reach('emailCode', await dev.person(), dev.codesTo);
    const wrong = wrongFor(emailCode);
    await wizard.enterCode('reset.email_code', wrong);
    const twoLeft = 'Feil kode. Du har 2 forsøk igjen.';
    const link = await within(wizard.dialog()).findByRole('link', { name: twoLeft });
    // The summary takes focus (as on every step), its link to the field.
    expect(link).toHaveAttribute('href', '#reset-email-code');
    await waitFor(() => expect(wizard.dialog().querySelector('.form-error-summary')?.contains(document.activeElement)).toBe(true));
    expect(wizard.field('reset.email_code')).toHaveAttribute('aria-invalid', 'true');
    expect(wizard.field('reset.email_code')).toHaveAccessibleDescription(expect.stringContaining(twoLeft));
    expect(wizard.field('reset.email_code')).toHaveValue(wrong);
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(document.title).toMatch(/^Feil: Steg 2 av 4: Koden fra e-posten – /));

    await wizard.enterCode('reset.email_code', emailCode);
    await wizard.findHeading('reset.sms_heading');
    expect(within(wizard.dialog()).queryByRole('link', { name: twoLeft })).toBeNull();
    await waitFor(() => expect(document.title).toMatch(/^Steg 3 av 4: Koden fra SMS – /));
    expect(bodiesTo(/\/email-code$/)).toEqual([{ code: wrong }, { code: emailCode }]);
  });

  it('the third wrong code: no code field and no Next, start again and eID; start again sends a NEW reset with the same answers', async () => {
    const person = await dev.person();
    const wizard = await renderWizard();
    const { emailCode, smsCode } = await wizard.reach('smsCode', person, dev.codesTo);
    await wizard.enterCode('reset.sms_code', wrongFor(smsCode, 1));
    await within(wizard.dialog()).findByRole('link', { name: 'Feil kode. Du har 2 forsøk igjen.' });
    await wizard.enterCode('reset.sms_code', wrongFor(smsCode, 3));
    await within(wizard.dialog()).findByRole('link', { name: 'Feil kode. Du har 1 forsøk igjen.' });
    await wizard.enterCode('reset.sms_code', wrongFor(smsCode, 5));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(nb['reset.ended_title']);
    expect(alert).toHaveTextContent('Du har skrevet inn feil kode 3 ganger');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(within(wizard.dialog()).queryByLabelText(nb['reset.sms_code'])).toBeNull();
    expect(within(wizard.dialog()).queryByRole('button', { name: nb['reset.next'] })).toBeNull();
    expect(screen.getByRole('button', { name: 'eID reset' })).toBeVisible();
    expect(document.title).toMatch(/^Feil: /);
    expect(bodiesTo(/\/sms-code$/)).toHaveLength(3);
    // Nothing of the ended reset is kept: no links, no codes.
    await waitFor(() => expect(sessionStorage.getItem(resetStorageKey)).not.toContain('/email-code'));
    expect(sessionStorage.getItem(resetStorageKey)).not.toContain(emailCode);

    await wizard.user.click(wizard.button('reset.start_again'));
    await waitFor(() => expect(wizard.heading('reset.identify_heading')).toHaveFocus());
    // Within the backend's minute: the wait is said at step 1 too.
    expect(wizard.dialog()).toHaveTextContent(/Du kan be om nye koder om \d+ sekund/);
    expect(wizard.field('reset.phone')).toHaveValue(person.phone);
    expect(wizard.field('login.national_id')).toHaveValue(person.nationalId);
    await wizard.user.click(wizard.button('reset.send_codes'));
    await wizard.findHeading('reset.email_heading');
    expect(bodiesTo(resetStart)).toHaveLength(2);
  });

  it('the codes expired (the reset ended, not by tries), then start again with the same answers: a new reset, not the ended links', async () => {
    const wizard = await renderWizard();
    const { emailCode } = await wizard.reach('emailCode', await dev.person(), dev.codesTo);
    // This browser's clock at the emulator, 11 minutes on: the codes live 10.
    await dev.advanceClock(11);
    await wizard.enterCode('reset.email_code', emailCode);
    expect(await screen.findByRole('alert')).toHaveTextContent('Kodene virker ikke lenger. De virker i 10 minutter');
    await wizard.user.click(wizard.button('reset.start_again'));
    await wizard.user.click(await screen.findByRole('button', { name: nb['reset.send_codes'] }));
    await wizard.findHeading('reset.email_heading');
    expect(bodiesTo(resetStart)).toHaveLength(2);
  });

  it('a failure with a code the wizard does not know: the unknown text, under "An error has occurred"', async () => {
    await sendCodeWhile('emailCode', { mode: 'error' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(nb['reset.error.unknown']);
    // SPEC §8: any other code has the header "An error has occurred".
    expect(alert).toHaveTextContent(nb['reset.error.unknown_title']);
  });

  it('a lost connection: the unknown text, the step and the code kept, nothing reported; trying again works', async () => {
    const { wizard, code: smsCode } = await sendCodeWhile('smsCode', { mode: 'drop' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(nb['reset.error.unknown']);
    expect(wizard.field('reset.sms_code')).toHaveValue(smsCode);
    expect(logged()).toHaveLength(0);

    await wizard.user.click(wizard.button('reset.next'));
    await wizard.findHeading('reset.password_heading');
    // The dropped one never reached the emulator's handler; the page sent it twice.
    expect(bodiesTo(/\/sms-code$/)).toEqual([{ code: smsCode }, { code: smsCode }]);
  });
});

describe('a code step while its call is under way', () => {
  it('Back does nothing (and says so) and a second Next sends nothing more', async () => {
    const { wizard } = await sendCodeWhile('emailCode', { mode: 'slow', delayMs: 1500 });
    expect(wizard.back()).toHaveAttribute('aria-disabled', 'true');
    await wizard.user.click(wizard.back());
    expect(page.url).toBe('/forgot-password?step=email-code');
    await wizard.user.click(wizard.button('reset.busy'));
    await wizard.findHeading('reset.sms_heading');
    expect(bodiesTo(/\/email-code$/)).toHaveLength(1);
  });
});

describe('sending the codes again', () => {
  it('a countdown from the start, then a new reset for the same person: the email step again, with new links and a notice', async () => {
    const person = await dev.person();
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
    const wizard = await renderWizard();
    const { emailCode } = await wizard.reach('smsCode', person, dev.codesTo);
    expect(wizard.dialog()).toHaveTextContent('Du kan be om nye koder om 60 sekunder.');
    expect(within(wizard.dialog()).queryByRole('button', { name: nb['reset.resend'] })).toBeNull();
    // The day's limit said before it bites (issue #38), from the backend's resetsLeft: 5 a day, this the first.
    expect(wizard.dialog()).toHaveTextContent(
      'Du kan be om nye koder 4 ganger til. Etter det må du vente opptil 24 timer, eller lage nytt passord med elektronisk ID.',
    );
    // The moment it is over is announced politely, once; the seconds are not.
    expect(wizard.dialog().querySelector('[aria-live="polite"].visually-hidden')).toHaveTextContent('');
    clock.mockReturnValue(now + 60_000);
    const resend = await within(wizard.dialog()).findByRole('button', { name: nb['reset.resend'] });
    expect(wizard.dialog().querySelector('[aria-live="polite"].visually-hidden')).toHaveTextContent(nb['reset.resend_ready']);
    await wizard.user.click(resend);
    await wizard.findHeading('reset.email_heading');
    expect(bodiesTo(resetStart)).toEqual([
      { phoneNumber: person.phone, taxReference: person.nationalId },
      { phoneNumber: person.phone, taxReference: person.nationalId },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent(nb['reset.resent']);
    // The notice takes focus (it is read out, then the heading and field follow it), not the heading
    // alone, which says nothing new: a notice put in at the same moment is often not announced.
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    expect(wizard.dialog()).toHaveTextContent(`${person.email[0]}*****@`);
    expect(wizard.field('reset.email_code')).toHaveValue('');
    await waitFor(() => expect(page.url).toBe('/forgot-password?step=email-code'));
    expect(wizard.dialog()).toHaveTextContent('Du kan be om nye koder om 60 sekunder.');
    // New codes: the first email code is no longer the one.
    const [fresh] = await dev.codesTo(person.email);
    expect(fresh).not.toBe(emailCode);
    expect(wizard.dialog()).toHaveTextContent('Du kan be om nye koder 3 ganger til.');
  });

  it("the day's last codes: said so, no button that would be refused, a new password with eID offered instead, also once the reset ends", async () => {
    const person = await dev.person();
    let now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
    const wizard = await renderWizard();
    await wizard.reach('emailCode', person, dev.codesTo);
    for (const left of [3, 2, 1, 0]) {
      now += 60_000;
      await wizard.user.click(await within(wizard.dialog()).findByRole('button', { name: nb['reset.resend'] }));
      await waitFor(() => expect(bodiesTo(resetStart)).toHaveLength(5 - left));
      await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
      if (left > 0) expect(wizard.dialog()).toHaveTextContent(`Du kan be om nye koder ${left} ${left === 1 ? 'gang' : 'ganger'} til.`);
    }
    expect(wizard.dialog()).toHaveTextContent(nb['reset.resend_none_left'].replace('#{hours}', '24'));
    now += 60_000;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(within(wizard.dialog()).queryByRole('button', { name: nb['reset.resend'] })).toBeNull();
    expect(within(wizard.dialog()).getByRole('button', { name: 'eID reset' })).toBeVisible();

    // Three wrong codes end it: no "start again to get new codes", which the day's limit would refuse.
    const [emailCode] = await dev.codesTo(person.email);
    for (let wrong = 1; wrong <= 3; wrong += 1) {
      await within(wizard.dialog()).findByRole('button', { name: nb['reset.next'] });
      await wizard.enterCode('reset.email_code', wrongFor(emailCode as string, wrong));
    }
    const ended = await within(wizard.dialog()).findByRole('alert');
    expect(ended).toHaveTextContent(nb['reset.error.daily_limit_title']);
    expect(ended).toHaveTextContent(
      'Du har skrevet inn feil kode 3 ganger. For å beskytte kontoen din virker ikke kodene lenger. Du kan ikke be om flere koder på opptil 24 timer',
    );
    expect(within(wizard.dialog()).queryByRole('button', { name: nb['reset.start_again'] })).toBeNull();
    expect(within(wizard.dialog()).getByRole('button', { name: 'eID reset' })).toBeVisible();
    clock.mockRestore();
  });
});
