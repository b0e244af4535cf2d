/**
 * Making a passkey (WebAuthn registration), through @simplewebauthn/browser: the offer after a password
 * sign-in, the passkeys page and the password manager's silent upgrade. Apart from webauthn.ts (signing
 * in with one), whose pages do not fetch this code (issue #52).
 */
import { startRegistration, WebAuthnAbortService } from '@simplewebauthn/browser';
import type { CreationOptions, RegistrationResponse } from '../../contract/passkeys';
import { CeremonyEnded, ended } from './webauthn';

export async function createPasskey(options: CreationOptions): Promise<RegistrationResponse> {
  try {
    return (await startRegistration({ optionsJSON: options as never })) as RegistrationResponse;
  } catch (error) {
    throw ended(error);
  }
}

/**
 * The automatic upgrade (issue #51): asks the password manager that just filled the password to make a
 * passkey with no prompt (`mediation: 'conditional'`), given `withinMs`: then the request is aborted and
 * the wait ends, even where the create never settles (an extension that replaces it and ignores the
 * abort; an outside review). Any end without a credential throws CeremonyEnded.
 */
export async function createPasskeySilently(options: CreationOptions, withinMs: number): Promise<RegistrationResponse> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      WebAuthnAbortService.cancelCeremony();
      reject(new CeremonyEnded('aborted', new Error(`No passkey within ${withinMs} ms`)));
    }, withinMs);
  });
  try {
    const created = startRegistration({ optionsJSON: options as never, useAutoRegister: true }).catch((error: unknown) => {
      throw ended(error);
    });
    return (await Promise.race([created, late])) as RegistrationResponse;
  } finally {
    clearTimeout(timer);
  }
}
