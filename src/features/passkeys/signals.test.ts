import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetRuntimeConfig, runtimeConfigElementId } from '../../config/runtime';
import { signalAcceptedCredentials, signalUnknownCredential, signalUserDetails } from './signals';

const account = { rpId: 'localhost', userHandle: 'dXNlcg', credentialIds: ['Y3JlZC0x', 'Y3JlZC0y'] };

/** A browser with the Signal API: every method a spy that resolves (or rejects, as a refusal). */
function withSignalApi(answer: () => Promise<void> = async () => {}) {
  const api = {
    signalAllAcceptedCredentials: vi.fn(answer),
    signalCurrentUserDetails: vi.fn(answer),
    signalUnknownCredential: vi.fn(answer),
  };
  vi.stubGlobal('PublicKeyCredential', Object.assign(class {}, api));
  return api;
}

function withSetting(passkeySignalUnknown: boolean) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = runtimeConfigElementId;
  element.textContent = JSON.stringify({ passkeySignalUnknown });
  document.head.append(element);
  resetRuntimeConfig();
}

describe('the Signal API (issue #51)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.getElementById(runtimeConfigElementId)?.remove();
    resetRuntimeConfig();
  });

  it("tells the password manager the account's complete list and its names, with the backend's IDs", () => {
    const api = withSignalApi();
    signalAcceptedCredentials(account);
    signalUserDetails({ ...account, name: 'Kari Nordmann', displayName: 'Kari Nordmann' });
    expect(api.signalAllAcceptedCredentials).toHaveBeenCalledWith({ rpId: 'localhost', userId: 'dXNlcg', allAcceptedCredentialIds: ['Y3JlZC0x', 'Y3JlZC0y'] });
    expect(api.signalCurrentUserDetails).toHaveBeenCalledWith({ rpId: 'localhost', userId: 'dXNlcg', name: 'Kari Nordmann', displayName: 'Kari Nordmann' });
  });

  it('sends an empty list only when the backend answered one, never a list it did not give', () => {
    const api = withSignalApi();
    signalAcceptedCredentials({ rpId: 'localhost', userHandle: 'dXNlcg' });
    signalAcceptedCredentials({ rpId: 'localhost', credentialIds: [] });
    signalAcceptedCredentials({ userHandle: 'dXNlcg', credentialIds: [] });
    signalUserDetails(account);
    expect(api.signalAllAcceptedCredentials).not.toHaveBeenCalled();
    expect(api.signalCurrentUserDetails).not.toHaveBeenCalled();
    signalAcceptedCredentials({ ...account, credentialIds: [] });
    expect(api.signalAllAcceptedCredentials).toHaveBeenCalledWith({ rpId: 'localhost', userId: 'dXNlcg', allAcceptedCredentialIds: [] });
  });

  it('a browser without the API, one that throws, or one that refuses: nothing happens, nothing is thrown', async () => {
    vi.stubGlobal('PublicKeyCredential', class {});
    expect(() => signalAcceptedCredentials(account)).not.toThrow();
    vi.stubGlobal(
      'PublicKeyCredential',
      Object.assign(class {}, {
        signalAllAcceptedCredentials: () => {
          throw new TypeError('no');
        },
      }),
    );
    expect(() => signalAcceptedCredentials(account)).not.toThrow();
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const api = withSignalApi(() => Promise.reject(new DOMException('refused', 'NotAllowedError')));
    signalAcceptedCredentials(account);
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(api.signalAllAcceptedCredentials).toHaveBeenCalled();
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('names an unknown passkey only where the setting allows it (off by default)', () => {
    const api = withSignalApi();
    signalUnknownCredential('localhost', 'Y3JlZC0x');
    expect(api.signalUnknownCredential).not.toHaveBeenCalled();
    withSetting(true);
    signalUnknownCredential('localhost', undefined);
    expect(api.signalUnknownCredential).not.toHaveBeenCalled();
    signalUnknownCredential('localhost', 'Y3JlZC0x');
    expect(api.signalUnknownCredential).toHaveBeenCalledWith({ rpId: 'localhost', credentialId: 'Y3JlZC0x' });
  });
});
