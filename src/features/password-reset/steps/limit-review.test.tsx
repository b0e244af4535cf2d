/**
 * Review of issue #38: the day's last reset, then three wrong codes. The ended reset must not send the
 * person to "Start again to get new codes" when the backend has already said none are left
 * (resetsLeft 0): that start is refused (RESET_PASSWORD_DAILY_LIMIT) for up to a day.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultLimits } from '../../../../server/emulator/limits';
import { emulatorFetchForTests } from '../../../../server/emulator/test-fetch';
import { browserClient } from '../../../../server/emulator/test-client';
import { nb } from '../../../i18n/nb';
import { renderWizard } from '../../../test-support/reset-wizard';
import { forgetRootDocument } from '../../session/root-document';

vi.setConfig({ testTimeout: 60_000 });

const backend = emulatorFetchForTests('reset-limit-review', { limits: { ...defaultLimits, resetMinimumIntervalMs: 0 } });
const { dev, bodiesTo } = backend;
const resetStart = '/post/api/private/password-reset';
const wrongFor = (right: string, n: number) => (right === `00000${n}` ? `00000${n + 1}` : `00000${n}`);

beforeEach(() => {
  forgetRootDocument();
  sessionStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the reset that ends after the last codes of the day', () => {
  it('three wrong codes with none left: no "start again to get new codes", eID offered instead', async () => {
    const person = await dev.person();
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const wizard = renderWizard();
    await wizard.reach('emailCode', person, dev.codesTo);
    for (const left of [3, 2, 1, 0]) {
      now += 60_000;
      await wizard.user.click(await within(wizard.dialog()).findByRole('button', { name: nb['reset.resend'] }));
      await waitFor(() => expect(bodiesTo(resetStart)).toHaveLength(5 - left));
      await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    }
    expect(wizard.dialog()).toHaveTextContent(nb['reset.resend_none_left'].replace('#{hours}', '24'));
    const [emailCode] = await dev.codesTo(person.email);
    for (let wrong = 1; wrong <= 3; wrong += 1) {
      await within(wizard.dialog()).findByRole('button', { name: nb['reset.next'] });
      await wizard.enterCode('reset.email_code', wrongFor(emailCode as string, wrong));
    }
    await within(wizard.dialog()).findByText(nb['reset.ended_title']);

    // What the backend would answer to the start the wizard offers: the day's limit.
    const other = browserClient(backend.emulator.app, { address: '10.38.38.38' });
    await other.root();
    const refused = await other.post(resetStart, { phoneNumber: person.phone, taxReference: person.nationalId });
    expect(`${refused.status} ${((await refused.json()) as { 'error-code': string })['error-code']}`).toBe('429 RESET_PASSWORD_DAILY_LIMIT');

    // So the ended reset must not promise new codes, nor make "start again" the way on.
    expect(wizard.dialog()).not.toHaveTextContent(/Start på nytt for å få nye koder/);
    expect(within(wizard.dialog()).queryByRole('button', { name: nb['reset.start_again'] })).toBeNull();
    expect(within(wizard.dialog()).getByRole('button', { name: 'eID reset' })).toBeVisible();
  });
});
