/**
 * The private login's passkey part takes its options from the page, whose loader asked for them, and
 * makes no call of its own (issue #48): the button's dialog opens with options in hand.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRef, type RefObject } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FetcherWithComponents } from 'react-router';
import { AppError } from '../../api/errors';
import type { RequestOptions } from '../../contract/passkeys';
import { I18nProvider } from '../../i18n/i18n-context';
import { en } from '../../i18n/en';
import { enLater } from '../../i18n/later/en';
import type { PasskeyLoginResult } from './passkey-login-action';

vi.mock('./passkey-calls', () => ({ loginOptions: vi.fn() }));
vi.mock('./webauthn', async (original) => ({
  ...(await original<typeof import('./webauthn')>()),
  autofillAvailable: vi.fn(async () => true),
  getPasskey: vi.fn(async () => credential),
  stopPasskeyRequest: vi.fn(),
}));

import { loginOptions } from './passkey-calls';
import { getPasskey } from './webauthn';
import { PasskeySignIn } from './passkey-sign-in';

const credential = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: {} };
const held: RequestOptions = { challenge: 'aGVsZA', rpId: 'localhost', userVerification: 'required' };
const texts = { ...en, ...enLater } as typeof en;

function renderSignIn(options: () => Promise<RequestOptions>, { autofill = false } = {}) {
  const submit = vi.fn();
  const fetcher = { state: 'idle', data: undefined, submit } as unknown as FetcherWithComponents<PasskeyLoginResult>;
  const stopRef = createRef<(() => void) | null>() as RefObject<(() => void) | null>;
  render(
    <I18nProvider language="en" texts={texts}>
      <PasskeySignIn options={options} fetcher={fetcher} autofill={autofill} stopRef={stopRef} eidLogin={null} passwordForm="login" />
    </I18nProvider>,
  );
  return { submit };
}

const pressButton = () => userEvent.click(screen.getByRole('button', { name: texts['passkey.button'] }));

afterEach(() => {
  vi.clearAllMocks();
});

describe('the passkey part of the private login', () => {
  it('opens the dialog with the options the page holds, and asks the backend for nothing itself', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const options = vi.fn(async () => held);
    const { submit } = renderSignIn(options);
    await pressButton();
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(options).toHaveBeenCalledTimes(1);
    expect(getPasskey).toHaveBeenCalledWith(held);
    expect(submit).toHaveBeenCalledWith({ intent: 'passkey', credential: JSON.stringify(credential), rpId: 'localhost' }, { method: 'post' });
    expect(loginOptions).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('offers the passkeys in the ID field with the options the page holds', async () => {
    const options = vi.fn(async () => held);
    const { submit } = renderSignIn(options, { autofill: true });
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(getPasskey).toHaveBeenCalledWith(held, { autofill: true });
    expect(loginOptions).not.toHaveBeenCalled();
  });

  it('tells the person when no options could be had, and the page stays', async () => {
    const options = vi.fn(async (): Promise<RequestOptions> => {
      throw new AppError('Network error', { statusCode: 0, nolog: true, noUsableAnswer: true });
    });
    const { submit } = renderSignIn(options);
    await pressButton();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(texts['passkey.error_title']);
    expect(getPasskey).not.toHaveBeenCalled();
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: texts['passkey.button'] })).toBeVisible();
  });
});
