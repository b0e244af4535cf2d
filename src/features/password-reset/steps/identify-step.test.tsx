/** Step 1 of the reset wizard against the emulator in this process: what was typed, the backend's refusals, one call at a time. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emulatorFetchForTests } from '../../../../server/emulator/test-fetch';
import { logEndpoint } from '../../../api/log';
import { en } from '../../../i18n/en';
import { nb } from '../../../i18n/nb';
import { closed, identifyWhileSlow, renderWizard, typedPhone } from '../../../test-support/reset-wizard';
import { forgetRootDocument } from '../../session';

vi.setConfig({ testTimeout: 30_000 });

const backend = emulatorFetchForTests('reset-identify');
const { dev, bodiesTo } = backend;
const resetStart = '/post/api/private/password-reset';
const logged = () => backend.sent.filter((call) => call.path === logEndpoint);
const apiCalls = () => backend.sent.filter((call) => call.path.startsWith('/post/api/private/'));
/** The demo persons of server/emulator/seed.ts a code reset is refused for. */
const strongAuth = { phone: '41234569', nationalId: '03837210045' };
const blocked = { phone: '41234570', nationalId: '04847310095' };
const before = (text: string) => text.split('#{when}')[0];

beforeEach(() => {
  forgetRootDocument();
  sessionStorage.clear();
});

describe('step 1 with input it cannot use', () => {
  it('both fields named in the summary and at the field, what was typed kept, nothing sent', async () => {
    const wizard = await renderWizard();
    await wizard.identify('4123 45', '0181701005');
    const summary = await screen.findByRole('heading', { level: 2, name: nb['reset.error_summary'] });
    await waitFor(() => expect(summary).toHaveFocus());
    const links = within(summary.parentElement!).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [nb['reset.invalid_phone'], '#reset-phone'],
      [nb['login.invalid_foedselsnummer'], '#reset-national-id'],
    ]);
    expect(wizard.field('reset.phone')).toHaveAttribute('aria-invalid', 'true');
    expect(wizard.field('reset.phone')).toHaveAccessibleDescription(`${nb['reset.phone_hint']} ${nb['reset.invalid_phone']}`);
    expect(wizard.field('login.national_id')).toHaveAttribute('aria-invalid', 'true');
    expect(wizard.field('reset.phone')).toHaveValue('4123 45');
    expect(wizard.field('login.national_id')).toHaveValue('0181701005');
    expect(apiCalls()).toEqual([]);

    // Corrected: the errors go and the reset starts.
    const person = await dev.person();
    await wizard.identify(typedPhone(person.phone), person.nationalId);
    await wizard.findHeading('reset.email_heading');
    expect(screen.queryByRole('heading', { name: nb['reset.error_summary'] })).toBeNull();
  });

  it('nothing typed: each field asked for ("Skriv inn …"), under a summary that says it is for a new password', async () => {
    const wizard = await renderWizard({ language: 'en', texts: en });
    await wizard.user.click(wizard.button('reset.send_codes'));
    const summary = await screen.findByRole('heading', { level: 2, name: en['reset.error_summary'] });
    expect(summary).toHaveTextContent('Correct the following to create a new password:');
    const links = within(summary.parentElement!).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Enter your mobile number', 'Enter your national ID number']);
    expect(apiCalls()).toEqual([]);
  });
});

describe('step 1 before anything is sent', () => {
  it('says the daily limit of codes, in numbers from the shared limits, and that eID comes after (issue #38)', async () => {
    await renderWizard();
    expect(screen.getByText('Du kan be om engangskoder 5 ganger i løpet av 24 timer. Etter det kan du lage nytt passord med elektronisk ID.')).toBeVisible();
  });
});

describe('step 1 when the backend says no', () => {
  /** Step 1 sent with these answers: the warning, with the step, what was typed and Send kept. */
  async function refused(phone: string, nationalId: string, text: string, offersEid: boolean) {
    const wizard = await renderWizard();
    await wizard.identify(phone, nationalId);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(wizard.heading('reset.identify_heading')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'eID reset' }) !== null).toBe(offersEid);
    expect(wizard.field('reset.phone')).toHaveValue(phone);
    expect(wizard.field('login.national_id')).toHaveValue(nationalId);
    expect(wizard.button('reset.send_codes')).not.toHaveAttribute('aria-disabled');
    return { wizard, alert };
  }

  it('a reset of this person started in this browser less than a minute ago (RESET_PASSWORD_TOO_SOON): its own words and the wait, no eID', async () => {
    const person = await dev.person();
    // Started in another tab of this browser a moment ago (from another browser it would be answered as a start: decision 028).
    await dev.startReset(person);
    const { alert } = await refused(typedPhone(person.phone), person.nationalId, before(nb['reset.error.too_soon']), false);
    expect(alert).toHaveTextContent(/om (1 minutt|\d+ sekunder)/);
  });

  it('an account that needs strong authentication: eID offered', async () => {
    await refused(typedPhone(strongAuth.phone), strongAuth.nationalId, nb['reset.error.strong_auth'], true);
  });

  it('an account with code reset turned off: eID offered', async () => {
    await refused(typedPhone(blocked.phone), blocked.nationalId, nb['reset.error.blocked'], true);
  });

  it('no one with that number and ID (404): the wrong combination', async () => {
    const person = await dev.person();
    await refused('41234999', person.nationalId, nb['reset.error.wrong_combination'], false);
  });

  it('a failure the wizard does not know: the unknown text', async () => {
    const person = await dev.person();
    await dev.fault({ path: resetStart, mode: 'error', times: 1 });
    const { alert } = await refused(person.phone, person.nationalId, nb['reset.error.unknown'], false);
    expect(alert).toHaveTextContent(nb['reset.error.unknown_title']);
  });

  it('too many wrong answers for one ID (RESET_PASSWORD_IDENTIFY_LOCKED): its own title, the wait, eID offered, phone and ID kept, focus on the message, nothing logged', async () => {
    const person = await dev.person();
    const wizard = await renderWizard();
    // Wrong phone numbers for the ID until the emulator's limit per ID (5) locks it.
    for (let guess = 0; guess < 5; guess += 1) {
      await wizard.identify(`4123400${guess}`, person.nationalId);
      await waitFor(() => expect(wizard.button('reset.send_codes')).not.toHaveAttribute('aria-disabled'));
    }
    expect(bodiesTo(resetStart)).toHaveLength(5);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(nb['reset.error.identify_locked_title']));
    expect(screen.getByRole('alert')).toHaveTextContent(/kan du prøve igjen om \d+ (minutt|minutter|timer)\./);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
    expect(wizard.field('reset.phone')).toHaveValue('41234004');
    expect(wizard.field('login.national_id')).toHaveValue(person.nationalId);
    await wizard.user.click(screen.getByRole('button', { name: 'eID reset' }));
    expect(wizard.startEid).toHaveBeenCalledOnce();
    expect(logged()).toHaveLength(0);
  });
});

describe('step 1 while its call is under way', () => {
  it('a second submit, by click or Enter, sends nothing more; the button says to wait; Escape, the backdrop and Back do nothing', async () => {
    const wizard = await identifyWhileSlow(dev, await dev.person());
    const submit = wizard.button('reset.busy');
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    await wizard.user.click(submit);
    await wizard.user.type(wizard.field('login.national_id'), '{Enter}');
    fireEvent(wizard.dialog(), new Event('cancel', { cancelable: true }));
    await wizard.user.click(wizard.dialog());
    expect(closed()).toBe(false);
    await wizard.findHeading('reset.email_heading');
    expect(bodiesTo(resetStart)).toHaveLength(1);
  });
});
