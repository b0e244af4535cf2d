/**
 * Step 5 of the reset wizard, when the sign-in with the new password does not work, against the
 * emulator in this process (its password-login limit per address at 1, so one wrong login locks it).
 */
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultLimits } from '../../../../server/emulator/limits';
import { emulatorFetchForTests } from '../../../../server/emulator/test-fetch';
import { passwordLogin } from '../../../api/login';
import { en } from '../../../i18n/en';
import { nb } from '../../../i18n/nb';
import { renderWizard } from '../../../test-support/reset-wizard';
import { forgetRootDocument, loadRootDocument } from '../../session';

vi.setConfig({ testTimeout: 30_000 });

const backend = emulatorFetchForTests('reset-done', { limits: { ...defaultLimits, passwordFailuresPerAddress: 1 } });
const { dev } = backend;
const loginPath = '/post/api/private/login/password';
const assign = vi.fn();

beforeEach(() => {
  forgetRootDocument();
  sessionStorage.clear();
  assign.mockReset();
  vi.stubGlobal('location', { ...window.location, assign });
});

describe('step 5, when the sign-in does not work', () => {
  it('a limit on password logins: changed, log in later (with the wait) or with eID', async () => {
    const wizard = await renderWizard();
    const person = await dev.person();
    // A wrong password from this browser's address a moment ago: the address's limit is reached.
    const root = await loadRootDocument();
    await passwordLogin(root.link.find((link) => link.uri === loginPath)!, person.nationalId, 'Feil-passord-1').catch(() => {});
    await wizard.reach('newPassword', person, dev.codesTo);
    await wizard.choosePassword();
    await screen.findByRole('heading', { name: nb['password.changed'] });
    expect(await screen.findByText(/Logg inn med det nye passordet om \d+ (minutt|minutter|sekunder)/)).toBeVisible();
    expect(screen.getByRole('link', { name: nb['error.back_private'] })).toHaveAttribute('href', '/innlogging/');
    expect(assign).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('any other refusal: changed, log in with the new password', async () => {
    const wizard = await renderWizard({ language: 'en', texts: en });
    await wizard.reach('newPassword', await dev.person(), dev.codesTo);
    await dev.fault({ path: loginPath, mode: 'error', times: 1 });
    await wizard.choosePassword();
    expect(await screen.findByText(en['reset.sign_in_failed'])).toBeVisible();
    expect(screen.getByRole('link', { name: en['error.back_private'] })).toHaveAttribute('href', '/innlogging/en/');
    expect(assign).not.toHaveBeenCalled();
  });
});
