/**
 * What a browser's WebAuthn answer says, read and checked before @simplewebauthn verifies it (its
 * challenge, a cross-origin frame, the credential ID's length, the transports), the root a sign-in
 * gives the passkeys its session adds, and what the person is shown of a passkey and of their
 * passkeys for the Signal API (passkeys.ts).
 */
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Passkey } from '../../src/contract/passkeys';
import type { PasskeyRoot, PasskeyStore, StoredPasskey } from './passkey-store';
import { linkTargets, relationBase } from './root';
import type { AuthMethod, Session } from './sessions';
import { deviceNames } from './user-agent';

/** What an answer is held to in both ceremonies, sign-in and registration. */
export interface Expected {
  expectedChallenge: string;
  expectedOrigin: string[];
  expectedRPID: string;
  requireUserVerification: boolean;
}

/** The library's verification of an answer to a challenge (passkeys.ts verifiedBy, for both ceremonies): null where it refused. */
export type VerifiedBy = <T>(challenge: string, verify: (expected: Expected) => Promise<T>) => Promise<T | null>;

/** WebAuthn L3 §7.1 step 24: a credential ID is at most this long; a longer one is refused. */
export const maxCredentialIdBytes = 1023;

/**
 * The root a sign-in gives the passkeys its session adds, for every way the emulator signs anyone in:
 * only eID is eID. The password, a dev session and the broker (businesses only: no private person's
 * passkeys) count as password; a passkey passes on its own passkey's root (passkeyRoot).
 */
export const rootOfSignIn: Record<Exclude<AuthMethod, 'PASSKEY'>, PasskeyRoot> = {
  IDPORTEN: 'eid',
  PASSWORD: 'password',
  DEV: 'password',
  IDP_BROKER: 'password',
};

/** WebAuthn's AuthenticatorTransport values (L3 §5.8.4), and CTAP's older name for hybrid. */
export const knownTransports: ReadonlySet<string> = new Set(['usb', 'nfc', 'ble', 'smart-card', 'hybrid', 'internal', 'cable']);

/** A passkey as the passkeys answer shows it (contract passkeySchema), to the session asking. */
export function shown(passkey: StoredPasskey, session: Session | null): Passkey {
  return {
    id: passkey.id,
    ...(passkey.provider ? { provider: passkey.provider } : {}),
    createdAt: new Date(passkey.createdAt).toISOString(),
    ...(passkey.lastUsedAt === null ? {} : { lastUsedAt: new Date(passkey.lastUsedAt).toISOString() }),
    synced: passkey.backupEligible,
    ...(session?.passkeyId === passkey.id ? { signedInWith: true } : {}),
    link: [{ rel: `${relationBase}passkey_remove`, uri: `${linkTargets.passkeys}/${passkey.id}` }],
  };
}

/**
 * What the Signal API needs (issue #51): the person's user handle and every passkey's credential ID,
 * base64url. Only ever for the signed-in person's own answers. `passkeys`: theirs, when read already.
 */
export function acceptedCredentials(store: PasskeyStore, rpId: string, nationalId: string, passkeys = store.of(nationalId)) {
  return { rpId, userHandle: isoBase64URL.fromBuffer(store.userHandle(nationalId)), credentialIds: passkeys.map((passkey) => passkey.credentialId) };
}

/** The challenge a response answers (from its clientDataJSON), or null when that cannot be read. */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const challenge = decodeClientDataJSON(clientDataJSON).challenge;
    return typeof challenge === 'string' && challenge !== '' ? challenge : null;
  } catch {
    return null;
  }
}

/**
 * Whether the ceremony ran in a frame of another site (clientDataJSON's crossOrigin, or a topOrigin):
 * this site never puts its passkeys in a frame, so such an answer is refused. @simplewebauthn 14 lets
 * crossOrigin through when no topOrigin is given, and never looks at it at registration.
 */
export function crossOrigin(clientDataJSON: string): boolean {
  try {
    const data = decodeClientDataJSON(clientDataJSON) as { crossOrigin?: unknown; topOrigin?: unknown };
    return data.crossOrigin === true || data.topOrigin !== undefined;
  } catch {
    return true;
  }
}

export const addedFrom = (userAgent: string | undefined) => {
  const { browser, system } = deviceNames(userAgent);
  return { addedBrowser: browser, addedSystem: system };
};
