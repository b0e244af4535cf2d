import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreationOptions } from '../../contract/passkeys';

const calls = vi.hoisted(() => ({ listPasskeys: vi.fn(), registerOptions: vi.fn(), registerPasskey: vi.fn(), loadRootDocument: vi.fn() }));
vi.mock('./passkey-calls', () => ({ listPasskeys: calls.listPasskeys, registerOptions: calls.registerOptions, registerPasskey: calls.registerPasskey }));
vi.mock('../session', () => ({ loadRootDocument: calls.loadRootDocument }));

const { passkeyUpgradeWithinMs, upgradeToPasskey } = await import('./upgrade');
const { CeremonyEnded } = await import('./webauthn');
const { createPasskeySilently } = await import('./webauthn-create');
const { conditionalCreateAvailable } = await import('./offer');

const root = { csrfToken: 'new-session', link: [] };
const options: CreationOptions = {
  challenge: 'dXBncmFkZQ',
  rp: { id: 'localhost', name: 'Digipost' },
  user: { id: 'dXNlcg', name: '01017012345', displayName: 'Kari Nordmann' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
} as CreationOptions;
const made = {
  id: 'Y3JlZA',
  rawId: new Uint8Array([1, 2, 3]).buffer,
  type: 'public-key',
  authenticatorAttachment: 'platform',
  getClientExtensionResults: () => ({}),
  response: {
    clientDataJSON: new Uint8Array([1]).buffer,
    attestationObject: new Uint8Array([2]).buffer,
    getTransports: () => ['internal'],
    getPublicKeyAlgorithm: () => -7,
    getPublicKey: () => null,
    getAuthenticatorData: () => new Uint8Array([3]).buffer,
  },
};

/** A browser with WebAuthn: `conditionalCreate` as given, and a create that answers as `create` does. */
function browser(conditionalCreate: boolean | 'no-api', create: (options: CredentialCreationOptions) => Promise<unknown>) {
  const capabilities = conditionalCreate === 'no-api' ? {} : { getClientCapabilities: async () => ({ conditionalCreate }) };
  vi.stubGlobal('PublicKeyCredential', Object.assign(class {}, capabilities));
  const spy = vi.fn(create);
  vi.stubGlobal('navigator', { ...navigator, credentials: { create: spy, get: vi.fn() } });
  return spy;
}

describe('the automatic upgrade (issue #51)', () => {
  beforeEach(() => {
    calls.loadRootDocument.mockResolvedValue(root);
    calls.listPasskeys.mockResolvedValue({ passkeys: [], recentSignIn: true });
    calls.registerOptions.mockResolvedValue(options);
    calls.registerPasskey.mockResolvedValue({});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it("asks for the upgrade's fresh options, creates with mediation 'conditional', and registers what is made", async () => {
    const create = browser(true, async () => made);
    expect(await upgradeToPasskey()).toBe('made');
    expect(calls.registerOptions).toHaveBeenCalledWith(root, { upgrade: true });
    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0]?.[0]).toMatchObject({ mediation: 'conditional', publicKey: { user: { name: '01017012345' } } });
    expect(calls.registerPasskey).toHaveBeenCalledWith(root, expect.objectContaining({ id: 'Y3JlZA' }));
  });

  it('knows which browsers can create silently (conditionalCreate; none without getClientCapabilities)', async () => {
    for (const [support, expected] of [
      [true, true],
      [false, false],
      ['no-api', false],
    ] as const) {
      browser(support, async () => made);
      expect(await conditionalCreateAvailable()).toBe(expected);
    }
  });

  it('a create that never settles (an extension that ignores the abort): the upgrade still ends in time', async () => {
    vi.useFakeTimers();
    browser(true, () => new Promise(() => {}));
    let settled: string | undefined;
    void upgradeToPasskey().then((outcome) => {
      settled = outcome;
    });
    await vi.advanceTimersByTimeAsync(passkeyUpgradeWithinMs);
    expect(settled).toBe('not-made');
    expect(calls.registerPasskey).not.toHaveBeenCalled();
  });

  it('made, but refused by the backend: not made, and the password manager may drop it', async () => {
    const unknown = vi.fn(async () => {});
    browser(true, async () => made);
    Object.assign(window.PublicKeyCredential, { signalUnknownCredential: unknown });
    calls.registerPasskey.mockRejectedValueOnce(new Error('PASSKEY_UPGRADE_NOT_ALLOWED'));
    expect(await upgradeToPasskey()).toBe('not-made');
    // Only where the setting allows it (off here, as by default): asked, not sent.
    expect(unknown).not.toHaveBeenCalled();
  });

  it('asks no options for an account that has a passkey: no offer either', async () => {
    const create = browser(true, async () => made);
    calls.listPasskeys.mockResolvedValueOnce({ passkeys: [{ id: 'p1' }], recentSignIn: true });
    expect(await upgradeToPasskey()).toBe('has-passkey');
    expect(calls.registerOptions).not.toHaveBeenCalled();
    expect(create).not.toHaveBeenCalled();
  });

  it('a refusal by the backend or the browser is no passkey and no error', async () => {
    calls.registerOptions.mockRejectedValueOnce(new Error('PASSKEY_UPGRADE_NOT_ALLOWED'));
    const create = browser(true, async () => {
      throw new DOMException('no', 'NotAllowedError');
    });
    expect(await upgradeToPasskey()).toBe('not-made');
    expect(create).not.toHaveBeenCalled();
    expect(await upgradeToPasskey()).toBe('not-made');
    expect(create).toHaveBeenCalledTimes(1);
    expect(calls.registerPasskey).not.toHaveBeenCalled();
  });

  it(`stops the silent create after ${passkeyUpgradeWithinMs} ms, and registers nothing`, async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    browser(true, (request) => {
      signal = request.signal ?? undefined;
      return new Promise((_, reject) => request.signal?.addEventListener('abort', () => reject(new DOMException('stopped', 'AbortError'))));
    });
    const upgrade = upgradeToPasskey();
    await vi.advanceTimersByTimeAsync(passkeyUpgradeWithinMs - 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await upgrade).toBe('not-made');
    expect(signal?.aborted).toBe(true);
    expect(calls.registerPasskey).not.toHaveBeenCalled();
  });

  it('the silent create ends as any other ceremony: CeremonyEnded, aborted', async () => {
    vi.useFakeTimers();
    browser(true, (request) => new Promise((_, reject) => request.signal?.addEventListener('abort', () => reject(new DOMException('stopped', 'AbortError')))));
    const ended = createPasskeySilently(options, 100).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(100);
    const error = await ended;
    expect(error).toBeInstanceOf(CeremonyEnded);
    expect((error as InstanceType<typeof CeremonyEnded>).end).toBe('aborted');
  });
});
