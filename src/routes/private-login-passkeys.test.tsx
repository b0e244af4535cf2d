/**
 * The private login's loader asks for the passkey sign-in's options (issue #48): without waiting for
 * them, only where the browser has WebAuthn and the backend the links, and the page then takes those,
 * not new ones, at its click.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const passkeyLinks = ['passkey_login_options', 'passkey_login'].map((name) => ({ rel: `/post/api/relations/${name}`, uri: `/post/api/private/${name}` }));
vi.mock('../features/session/root-document', () => ({
  loadRootDocument: vi.fn(async () => ({ link: passkeyLinks, csrfToken: 'session-a' })),
  forgetRootDocument: vi.fn(),
}));
// The backend never answers: the page must not wait for it.
vi.mock('../features/passkeys/passkey-calls', () => ({ loginOptions: vi.fn(() => new Promise(() => {})) }));

import { loginOptions } from '../features/passkeys/passkey-calls';
import { spendSignInOptions } from '../features/passkeys/sign-in-options';
import { loader } from './private-login';

const withWebAuthn = () => vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(loginOptions).mockClear();
  spendSignInOptions();
});

async function pageData() {
  const data = await loader();
  if (data instanceof Response) throw new Error('The loader sent the browser on');
  return data;
}

describe('the private login’s loader and the passkey sign-in’s options', () => {
  it('asks for them as the page loads, without waiting for the answer', async () => {
    withWebAuthn();
    const { passkeyOptions } = await pageData();
    expect(passkeyOptions).not.toBeNull();
    await vi.waitFor(() => expect(loginOptions).toHaveBeenCalledTimes(1));
  });

  it('hands the page those same ones at its click', async () => {
    withWebAuthn();
    const held = { challenge: 'aGVsZA', rpId: 'localhost', userVerification: 'required' };
    vi.mocked(loginOptions).mockResolvedValueOnce(held);
    const { passkeyOptions } = await pageData();
    expect(await passkeyOptions?.()).toBe(held);
    expect(loginOptions).toHaveBeenCalledTimes(1);
  });

  it('asks for none in a browser without WebAuthn', async () => {
    const { passkeyOptions } = await pageData();
    expect(passkeyOptions).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loginOptions).not.toHaveBeenCalled();
  });
});
