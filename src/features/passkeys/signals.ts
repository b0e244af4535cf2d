/**
 * The WebAuthn Signal API (issue #51): tells the person's password manager which of this site's
 * passkeys the account still has, and the name they should show, so a passkey removed here stops being
 * offered in autofill. Each call is feature-detected, and none is awaited on the way anywhere: a
 * browser without the API, or one that refuses, changes nothing.
 */
import { runtimeConfig } from '../../config/runtime';

/** What the backend answers the signed-in person with (contract passkeys.ts: acceptedCredentials). */
export interface AcceptedCredentials {
  rpId?: string;
  userHandle?: string;
  credentialIds?: string[];
}

type SignalApi = {
  signalAllAcceptedCredentials?: (options: { rpId: string; userId: string; allAcceptedCredentialIds: string[] }) => Promise<void>;
  signalCurrentUserDetails?: (options: { rpId: string; userId: string; name: string; displayName: string }) => Promise<void>;
  signalUnknownCredential?: (options: { rpId: string; credentialId: string }) => Promise<void>;
};

const api = (): SignalApi | undefined => (typeof window === 'undefined' ? undefined : (window.PublicKeyCredential as unknown as SignalApi | undefined));

/** Calls one method if the browser has it; never throws, never waited for. */
function signal<K extends keyof SignalApi>(method: K, options: Parameters<NonNullable<SignalApi[K]>>[0]) {
  const call = api()?.[method] as ((options: unknown) => Promise<void>) | undefined;
  if (typeof call !== 'function') return;
  try {
    void call.call(window.PublicKeyCredential, options).catch(() => {});
  } catch {
    // A browser that throws at once: as one without the method.
  }
}

/**
 * The account's complete list of passkeys, from a successful answer only: a list missing anything (a
 * backend without the fields) sends nothing, never an empty list that would erase every passkey.
 */
export function signalAcceptedCredentials({ rpId, userHandle, credentialIds }: AcceptedCredentials) {
  if (!rpId || !userHandle || !credentialIds) return;
  signal('signalAllAcceptedCredentials', { rpId, userId: userHandle, allAcceptedCredentialIds: credentialIds });
}

/** The names the account's passkeys should show, as the backend gives them after a passkey sign-in. */
export function signalUserDetails({ rpId, userHandle, name, displayName }: AcceptedCredentials & { name?: string; displayName?: string }) {
  if (!rpId || !userHandle || !name || !displayName) return;
  signal('signalCurrentUserDetails', { rpId, userId: userHandle, name, displayName });
}

/**
 * A passkey the backend does not know (PASSKEY_NOT_RECOGNISED): the password manager may delete it.
 * Only where the setting allows it (runtime config passkeySignalUnknown: production only).
 */
export function signalUnknownCredential(rpId: string | undefined, credentialId: string | undefined) {
  if (runtimeConfig().passkeySignalUnknown !== true || !rpId || !credentialId) return;
  signal('signalUnknownCredential', { rpId, credentialId });
}
