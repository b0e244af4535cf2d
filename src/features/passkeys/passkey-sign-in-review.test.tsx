/**
 * Outside review of passkeys (issue #36): the private login's passkey part, a gap it found (mended).
 */
import { describe, expect, it, vi } from 'vitest';
import { createRef, type RefObject } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import type { FetcherWithComponents } from 'react-router';
import { I18nProvider } from '../../i18n/i18n-context';
import { en } from '../../i18n/en';
import { enLater } from '../../i18n/later/en';
import type { PasskeyLoginResult } from './passkey-login-action';

vi.mock('./webauthn', async (original) => ({
  ...(await original<typeof import('./webauthn')>()),
  autofillAvailable: vi.fn(async () => true),
  // The first round's passkey is picked at once; a later round waits for the person, as a browser's autofill does.
  getPasskey: vi
    .fn()
    .mockResolvedValueOnce({ id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: {} })
    .mockImplementation(() => new Promise(() => {})),
  stopPasskeyRequest: vi.fn(),
}));

import { getPasskey } from './webauthn';
import { PasskeySignIn } from './passkey-sign-in';

// The page's options, as its loader holds them.
const options = vi.fn(async () => ({ challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' }));

function fetcherWith(data: PasskeyLoginResult | undefined, submit = vi.fn()) {
  return { state: 'idle', data, submit } as unknown as FetcherWithComponents<PasskeyLoginResult>;
}

function view(fetcher: FetcherWithComponents<PasskeyLoginResult>, stopRef: RefObject<(() => void) | null>) {
  return (
    <I18nProvider language="en" texts={{ ...en, ...enLater } as typeof en}>
      <PasskeySignIn options={options} fetcher={fetcher} autofill stopRef={stopRef} eidLogin={null} passwordForm="login" />
    </I18nProvider>
  );
}

describe('review: the passkey autofill on the private login', () => {
  it('offers the passkeys in the ID field again after a passkey picked there was refused', async () => {
    const stopRef = createRef<(() => void) | null>() as RefObject<(() => void) | null>;
    const submit = vi.fn();
    const { rerender } = render(view(fetcherWith(undefined, submit), stopRef));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(getPasskey).toHaveBeenCalledTimes(1);
    // The backend's answer: the passkey is not known (removed). The person should be able to pick another.
    rerender(view(fetcherWith({ intent: 'passkey', cause: 'not-recognised' }, submit), stopRef));
    await screen.findByRole('alert');
    await waitFor(() => expect(getPasskey).toHaveBeenCalledTimes(2), { timeout: 1000 });
    // Its new round takes the page's options again: new ones, since the refused answer spent the last.
    expect(options).toHaveBeenCalledTimes(2);
  });
});
