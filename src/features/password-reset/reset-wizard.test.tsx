/**
 * The reset wizard as a whole, against the emulator in this process: the journey from step 1 to the
 * mailbox, the steps in the history and in sessionStorage (decision 017), closing it, and a call under
 * way while the page's data reloads. Each step's own cases: steps/*.test.tsx.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emulatorFetchForTests } from '../../../server/emulator/test-fetch';
import { nb } from '../../i18n/nb';
import { closed, identifyWhileSlow, newPassword, page, renderWizard, typedPhone } from '../../test-support/reset-wizard';
import { loadCommonPasswordCheck } from '../password-strength';
import { forgetRootDocument } from '../session';
import { resetStorageKey } from './reset-storage';

// Each test types its way through up to four steps, key by key: slow on a busy machine, not stuck.
vi.setConfig({ testTimeout: 30_000 });

const backend = emulatorFetchForTests('reset-wizard');
const { dev, bodiesTo } = backend;
const resetStart = '/post/api/private/password-reset';
const assign = vi.fn();

beforeEach(async () => {
  // A new browser: no session, no reset kept (decision 017).
  forgetRootDocument();
  sessionStorage.clear();
  document.title = 'Glemt passord – Digipost';
  assign.mockReset();
  vi.stubGlobal('location', { ...window.location, assign });
  // The common-password list is a chunk of its own, which step 4's strength meter asks for.
  await loadCommonPasswordCheck();
}, 60_000);

const apiCalls = () => backend.sent.map((call) => call.path).filter((path) => path.startsWith('/post/api/private/') || path === '/post/api/private');

describe('the reset wizard, step by step', () => {
  it('identify, email code, SMS code, new password, then signs in and goes to the mailbox', async () => {
    const person = await dev.person();
    const wizard = await renderWizard();
    expect(wizard.heading('reset.identify_heading')).toHaveTextContent('Steg 1 av 4');
    await waitFor(() => expect(wizard.heading('reset.identify_heading')).toHaveFocus());

    await wizard.identify(typedPhone(person.phone), `${person.nationalId.slice(0, 6)} ${person.nationalId.slice(6)}`);
    const emailHeading = await wizard.findHeading('reset.email_heading');
    expect(emailHeading).toHaveTextContent('Steg 2 av 4');
    await waitFor(() => expect(emailHeading).toHaveFocus());
    expect(bodiesTo(resetStart)).toEqual([{ phoneNumber: person.phone, taxReference: person.nationalId }]);
    const [emailCode] = await dev.codesTo(person.email);
    const [smsCode] = await dev.codesTo(person.phone);

    await wizard.enterCode('reset.email_code', `${emailCode.slice(0, 3)} ${emailCode.slice(3)}`);
    const smsHeading = await wizard.findHeading('reset.sms_heading');
    await waitFor(() => expect(smsHeading).toHaveFocus());
    expect(wizard.dialog()).toHaveTextContent(`Vi har sendt en kode på 6 siffer til mobilnummeret ${person.phone}.`);
    expect(bodiesTo(/\/email-code$/)).toEqual([{ code: emailCode }]);

    await wizard.enterCode('reset.sms_code', smsCode);
    const passwordHeading = await wizard.findHeading('reset.password_heading');
    await waitFor(() => expect(passwordHeading).toHaveFocus());
    expect(bodiesTo(/\/sms-code$/)).toEqual([{ code: smsCode }]);

    await wizard.choosePassword();
    const done = await screen.findByRole('heading', { name: nb['password.changed'] });
    expect(done).not.toHaveTextContent('Steg');
    await waitFor(() => expect(done).toHaveFocus());
    expect(bodiesTo(/\/password-reset\/[\w-]+$/)).toEqual([{ emailcode: emailCode, smscode: smsCode, password: { password: newPassword } }]);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/postkasse/'));
    expect(bodiesTo('/post/api/private/login/password')).toEqual([{ username: person.nationalId, password: newPassword }]);
    expect(screen.getByRole('status')).toHaveTextContent(nb['reset.signing_in']);
    // One call each, in SPEC §4's order (rendered under StrictMode, as the app is).
    expect(apiCalls().map((path) => path.replace(/password-reset\/[\w-]+/, 'password-reset/:id'))).toEqual([
      resetStart,
      `${resetStart}/:id/email-code`,
      `${resetStart}/:id/sms-code`,
      `${resetStart}/:id`,
      '/post/api/private/login/password',
    ]);
    expect(screen.queryByRole('button', { name: nb['modal.close'] })).toBeNull();
  });

  it('Back keeps what was typed; step 1 with the same answers goes on without a new reset, other answers start one', async () => {
    const [person, other] = [await dev.person(), await dev.person()];
    const wizard = await renderWizard();
    const { emailCode } = await wizard.reach('smsCode', person, dev.codesTo);
    await wizard.user.type(wizard.field('reset.sms_code'), '99');
    await wizard.user.click(wizard.back());
    await wizard.findHeading('reset.email_heading');
    expect(wizard.field('reset.email_code')).toHaveValue(emailCode);
    await wizard.user.click(wizard.back());
    await waitFor(() => expect(wizard.heading('reset.identify_heading')).toHaveFocus());
    expect(wizard.field('reset.phone')).toHaveValue(person.phone);
    expect(wizard.field('login.national_id')).toHaveValue(person.nationalId);
    // The reset is still open (same answers go on with it): no wait to tell.
    expect(wizard.dialog()).not.toHaveTextContent('Du kan be om nye koder');

    await wizard.user.click(wizard.button('reset.send_codes'));
    await wizard.findHeading('reset.email_heading');
    expect(bodiesTo(resetStart)).toHaveLength(1);

    await wizard.user.click(wizard.back());
    await wizard.findHeading('reset.identify_heading');
    await wizard.identify(other.phone, other.nationalId);
    await wizard.findHeading('reset.email_heading');
    expect(bodiesTo(resetStart)).toEqual([
      { phoneNumber: person.phone, taxReference: person.nationalId },
      { phoneNumber: other.phone, taxReference: other.nationalId },
    ]);
  });
});

describe('the reset wizard in the history and in sessionStorage (decision 017)', () => {
  it('each step is in the URL; Back goes to the step before, in the history', async () => {
    const wizard = await renderWizard();
    await waitFor(() => expect(page.url).toBe('/forgot-password?step=phone'));
    await wizard.reach('smsCode', await dev.person(), dev.codesTo);
    await waitFor(() => expect(page.url).toBe('/forgot-password?step=sms-code'));
    await wizard.user.click(wizard.back());
    await waitFor(() => expect(page.url).toBe('/forgot-password?step=email-code'));
    await waitFor(() => expect(wizard.heading('reset.email_heading')).toHaveFocus());
    await waitFor(() => expect(document.title).toMatch(/^Steg 2 av 4: Koden fra e-posten – /));
  });

  it('resumes a stored reset at the step in the URL, and says where the email code went and how long codes live', async () => {
    const person = await dev.person();
    const first = await renderWizard();
    const { emailCode } = await first.reach('smsCode', person, dev.codesTo);
    first.rendered.unmount();
    // A reload at step 2's address: the links and the code come from storage.
    const wizard = await renderWizard({ entry: '/forgot-password?step=email-code' });
    await waitFor(() => expect(wizard.heading('reset.email_heading')).toHaveFocus());
    const masked = `${person.email[0]}*****${person.email.slice(person.email.indexOf('@'))}`;
    expect(wizard.dialog()).toHaveTextContent(`Vi har sendt en kode på 6 siffer til ${masked}. Kodene virker i 10 minutter.`);
    expect(wizard.field('reset.email_code')).toHaveValue(emailCode);
    await wizard.user.click(wizard.button('reset.next'));
    await wizard.findHeading('reset.sms_heading');
    expect(bodiesTo(/\/email-code$/)).toEqual([{ code: emailCode }, { code: emailCode }]);
  });

  it('a step later than the stored reset allows: the furthest it allows, in place', async () => {
    const first = await renderWizard();
    await first.reach('emailCode', await dev.person(), dev.codesTo);
    first.rendered.unmount();
    const wizard = await renderWizard({ entry: '/forgot-password?step=new-password' });
    await waitFor(() => expect(page.url).toBe('/forgot-password?step=email-code'));
    expect(wizard.heading('reset.email_heading')).toBeVisible();
  });

  it("another page's reset is not resumed here; a step address with nothing stored starts at step 1", async () => {
    const first = await renderWizard();
    await first.reach('smsCode', await dev.person(), dev.codesTo);
    first.rendered.unmount();
    const kept = JSON.parse(sessionStorage.getItem(resetStorageKey) ?? '{}');
    sessionStorage.setItem(resetStorageKey, JSON.stringify({ ...kept, path: '/mobileLogin/abc/forgot-password' }));
    const wizard = await renderWizard({ entry: '/forgot-password?step=sms-code' });
    await waitFor(() => expect(page.url).toBe('/forgot-password?step=phone'));
    expect(wizard.field('reset.phone')).toHaveValue('');
  });

  it('keeps phone, ID, links, accepted codes and tries, never the password; forgets all once saved', async () => {
    const person = await dev.person();
    const wizard = await renderWizard();
    const { emailCode, smsCode } = await wizard.reach('newPassword', person, dev.codesTo);
    const kept = sessionStorage.getItem(resetStorageKey) ?? '';
    expect(JSON.parse(kept)).toMatchObject({ phoneNumber: person.phone, nationalId: person.nationalId, emailCode, smsCode, triesUsed: 0 });
    await wizard.user.type(wizard.field('reset.new_password'), newPassword);
    await wizard.user.type(wizard.field('reset.repeat_password'), newPassword);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(newPassword);
    await wizard.user.click(wizard.button('reset.save'));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(sessionStorage.getItem(resetStorageKey)).toBeNull();
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(newPassword);
  });

  it('Back from the mailbox to the page the browser kept (back/forward cache): the finished reset closes, not "Logger deg inn …" for ever', async () => {
    const wizard = await renderWizard();
    await wizard.reach('newPassword', await dev.person(), dev.codesTo);
    await wizard.choosePassword();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/postkasse/'));
    await waitFor(() => expect(page.url).toBe('/forgot-password?step=done'));
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    await waitFor(() => expect(closed()).toBe(true));
    await waitFor(() => expect(screen.queryByRole('heading', { name: nb['password.changed'] })).toBeNull());
    expect(screen.queryByText(nb['reset.signing_in'])).toBeNull();
    expect(sessionStorage.getItem(resetStorageKey)).toBeNull();
  });
});

describe('closing the reset wizard', () => {
  it('closes on Escape, on the cross and on the backdrop when nothing is under way', async () => {
    for (const how of ['Escape', 'cross', 'backdrop'] as const) {
      const wizard = await renderWizard();
      await wizard.findHeading('reset.identify_heading');
      if (how === 'Escape') fireEvent(wizard.dialog(), new Event('cancel', { cancelable: true }));
      else await wizard.user.click(how === 'cross' ? wizard.button('modal.close') : wizard.dialog());
      await waitFor(() => expect(closed(), how).toBe(true));
      wizard.rendered.unmount();
    }
  });

  it('closing the wizard abandons the reset: nothing kept', async () => {
    const wizard = await renderWizard();
    await wizard.reach('emailCode', await dev.person(), dev.codesTo);
    expect(sessionStorage.getItem(resetStorageKey)).not.toBeNull();
    await wizard.user.click(screen.getByRole('button', { name: nb['modal.close'] }));
    expect(sessionStorage.getItem(resetStorageKey)).toBeNull();
    await waitFor(() => expect(closed()).toBe(true));
  });
});

describe('the reset wizard while a call is under way', () => {
  it("the page's data reloaded while a call is under way: still one call", async () => {
    const wizard = await identifyWhileSlow(dev, await dev.person());
    await act(() => wizard.router.revalidate());
    await wizard.findHeading('reset.email_heading');
    expect(bodiesTo(resetStart)).toHaveLength(1);
  });
});
