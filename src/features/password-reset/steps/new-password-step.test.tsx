/** Step 4 of the reset wizard against the emulator in this process: the password checked here and there, a refused save, one save at a time. */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emulatorFetchForTests } from '../../../../server/emulator/test-fetch';
import { nb } from '../../../i18n/nb';
import { newPassword, renderWizard } from '../../../test-support/reset-wizard';
import { loadCommonPasswordCheck } from '../../password-strength';
import { forgetRootDocument } from '../../session';

vi.setConfig({ testTimeout: 30_000 });

// Whether the browser has the common-password list when Save is pressed (on a slow line it may not
// yet: the backend's own check then refuses a common password).
const browser = vi.hoisted(() => ({ hasCommonList: true }));
vi.mock('../../password-strength/load-common-passwords', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../password-strength/load-common-passwords')>();
  return { ...actual, loadedCommonPasswordCheck: () => (browser.hasCommonList ? actual.loadedCommonPasswordCheck() : null) };
});

const backend = emulatorFetchForTests('reset-new-password');
const { dev, bodiesTo } = backend;
const resetStart = '/post/api/private/password-reset';
const saves = () => bodiesTo(/\/password-reset\/[\w-]+$/);
const logins = () => bodiesTo('/post/api/private/login/password');
const assign = vi.fn();

// The common-password list is a chunk of its own, which the strength meter asks for: loaded once, up front.
beforeAll(async () => {
  await loadCommonPasswordCheck();
}, 60_000);

beforeEach(() => {
  forgetRootDocument();
  sessionStorage.clear();
  document.title = 'Glemt passord – Digipost';
  browser.hasCommonList = true;
  assign.mockReset();
  vi.stubGlobal('location', { ...window.location, assign });
});

describe('step 4 with a password it cannot use', () => {
  it('a common password: the meter says so while it is typed; saved anyway, it is refused at the field, nothing sent', async () => {
    const wizard = await renderWizard();
    await wizard.reach('newPassword', await dev.person(), dev.codesTo);
    await wizard.user.type(wizard.field('reset.new_password'), 'Passord123!');
    // The meter takes the loaded list on its first effect: on a busy machine after the typing is done.
    expect(await within(wizard.dialog()).findByText(nb['password.too_common'], { selector: '.strength-meter__warning' })).toBeVisible();
    // Described by the meter once: its live region, beside it, is not part of the description.
    expect(wizard.field('reset.new_password')).toHaveAccessibleDescription(
      `${nb['password.guidance'].replace('#{min}', '8').replace('#{recommended}', '9')} Styrke: Ikke sterkt nok ${nb['password.too_common']}`,
    );
    await wizard.user.type(wizard.field('reset.repeat_password'), 'Passord123!');
    await wizard.user.click(wizard.button('reset.save'));
    expect(await screen.findByRole('link', { name: nb['password.too_common'] })).toHaveAttribute('href', '#reset-new-password');
    expect(wizard.field('reset.new_password')).toHaveAttribute('aria-invalid', 'true');
    expect(saves()).toEqual([]);
  });

  it('a refused common password is said in the error summary and at the field, not by the meter a third time (issue #50)', async () => {
    const wizard = await renderWizard();
    await wizard.reach('newPassword', await dev.person(), dev.codesTo);
    await wizard.choosePassword('Passord123!');
    expect(await within(wizard.dialog()).findByRole('link', { name: nb['password.too_common'] })).toBeVisible();
    // The same password typed again into the emptied field: the meter scores it, but leaves the words to the form.
    await wizard.user.clear(wizard.field('reset.new_password'));
    await wizard.user.type(wizard.field('reset.new_password'), 'Passord123!');
    await waitFor(() => expect(within(wizard.dialog()).getByText(/Styrke: Ikke sterkt nok/, { selector: '.strength-meter__label' })).toBeVisible());
    expect(wizard.dialog().querySelector('.strength-meter__warning')).toBeNull();
    expect(within(wizard.dialog()).getAllByText(nb['password.too_common'])).toHaveLength(2);
    expect(wizard.dialog().querySelector('#reset-new-password-error')).toHaveTextContent(nb['password.too_common']);
    // Described by the meter and the error: the words once, from the error.
    const once = nb['password.too_common'].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(wizard.field('reset.new_password')).toHaveAccessibleDescription(new RegExp(`^(?!.*${once}.*${once}).*${once}`));
    expect(saves()).toEqual([]);
  });

  it.each([
    ['kort1', 'kort1', 'reset.new_password', 'password.not_strong_enough'],
    [newPassword, '', 'reset.repeat_password', 'password.repeat_missing'],
    [newPassword, 'Fjellgeit-Sommer-43', 'reset.repeat_password', 'password.not_equal'],
  ] as const)('new password %o, repeat %o: %s says %s, nothing sent', async (password, repeat, label, message) => {
    const wizard = await renderWizard();
    await wizard.reach('newPassword', await dev.person(), dev.codesTo);
    await wizard.choosePassword(password, repeat);
    expect(await screen.findByRole('link', { name: nb[message] })).toBeVisible();
    expect(wizard.field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(wizard.field(label)).toHaveAccessibleDescription(expect.stringContaining(nb[message]));
    expect(saves()).toEqual([]);
  });
});

describe('step 4 when the backend says no', () => {
  it('a refused save: the warning, both password fields emptied, still on step 4, no sign-in', async () => {
    const wizard = await renderWizard();
    await wizard.reach('newPassword', await dev.person(), dev.codesTo);
    await dev.fault({ path: `${resetStart}/*`, mode: 'error', times: 1 });
    await wizard.choosePassword();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(nb['reset.error.unknown']);
    expect(wizard.field('reset.new_password')).toHaveValue('');
    expect(wizard.field('reset.repeat_password')).toHaveValue('');
    expect(wizard.heading('reset.password_heading')).toBeVisible();
    expect(logins()).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
  });

  it("the server refuses the password by a rule (its own common-password check, the browser's list not there yet): the text at the password field and in the summary, both fields emptied, still on step 4", async () => {
    browser.hasCommonList = false;
    const wizard = await renderWizard();
    const { emailCode, smsCode } = await wizard.reach('newPassword', await dev.person(), dev.codesTo);
    await wizard.choosePassword('Passord2024!');
    const link = await within(wizard.dialog()).findByRole('link', { name: nb['password.too_common'] });
    expect(link).toHaveAttribute('href', '#reset-new-password');
    await waitFor(() => expect(wizard.dialog().querySelector('.form-error-summary')?.contains(document.activeElement)).toBe(true));
    expect(wizard.field('reset.new_password')).toHaveAttribute('aria-invalid', 'true');
    expect(wizard.field('reset.new_password')).toHaveAccessibleDescription(expect.stringContaining(nb['password.too_common']));
    expect(wizard.field('reset.new_password')).toHaveValue('');
    expect(wizard.field('reset.repeat_password')).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(wizard.heading('reset.password_heading')).toBeVisible();
    await waitFor(() => expect(document.title).toMatch(/^Feil: Steg 4 av 4: /));
    expect(logins()).toEqual([]);

    // Another password saves. (Cleared by user-event first: it does not see the form's reset() and
    // would type after the old value it remembers; the field itself is empty, as checked above.)
    await wizard.user.clear(wizard.field('reset.new_password'));
    await wizard.user.clear(wizard.field('reset.repeat_password'));
    await wizard.choosePassword(newPassword);
    await screen.findByRole('heading', { name: nb['password.changed'] });
    expect(saves()).toEqual([
      { emailcode: emailCode, smscode: smsCode, password: { password: 'Passord2024!' } },
      { emailcode: emailCode, smscode: smsCode, password: { password: newPassword } },
    ]);
  });
});

describe('step 4 while its call is under way', () => {
  it('saving the password: a second click sends one save and signs in once', async () => {
    const wizard = await renderWizard();
    await wizard.reach('newPassword', await dev.person(), dev.codesTo);
    await dev.fault({ path: `${resetStart}/*`, mode: 'slow', delayMs: 1500, times: 1 });
    await wizard.choosePassword();
    await waitFor(() => expect(wizard.button('reset.busy')).toHaveAttribute('aria-disabled', 'true'));
    await wizard.user.click(wizard.button('reset.busy'));
    await screen.findByRole('heading', { name: nb['password.changed'] });
    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(saves()).toHaveLength(1);
    expect(logins()).toHaveLength(1);
  });
});
