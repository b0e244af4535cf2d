/**
 * The browser's side of a passkey (WebAuthn), through @simplewebauthn/browser: it turns the contract's
 * JSON options into the browser's and the browser's credential back into JSON, and keeps one request at
 * a time (a new one, or stopPasskeyRequest(), aborts the one under way). Loaded after the first paint.
 * Making one is webauthn-create.ts's: the sign-in does not fetch that code (issue #52).
 */
import { startAuthentication, WebAuthnAbortService, WebAuthnError } from '@simplewebauthn/browser';
import type { AuthenticationResponse, RequestOptions } from '../../contract/passkeys';

/**
 * How a browser dialog ended without a credential:
 * - cancelled: NotAllowedError. The person closed the dialog, or the device has no passkey for this
 *   site; the page cannot tell which (WebAuthn hides it on purpose).
 * - aborted: this page stopped it (a form submitted, another request, the page left).
 * - exists: creating one on an authenticator that already holds one of this account's (excludeCredentials).
 * - failed: anything else (a security error, an unsupported option).
 */
export type CeremonyEnd = 'cancelled' | 'aborted' | 'exists' | 'failed';

export class CeremonyEnded extends Error {
  constructor(
    readonly end: CeremonyEnd,
    cause: unknown,
  ) {
    super(`Passkey dialog ended: ${end}`, { cause });
    this.name = 'CeremonyEnded';
  }
}

/** The CeremonyEnded for an error of a browser dialog (webauthn-create.ts's too). */
export function ended(error: unknown): CeremonyEnded {
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_CEREMONY_ABORTED') return new CeremonyEnded('aborted', error);
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return new CeremonyEnded('exists', error);
  }
  const name = error instanceof Error ? (error.cause instanceof Error ? error.cause.name : error.name) : '';
  if (name === 'AbortError') return new CeremonyEnded('aborted', error);
  if (name === 'NotAllowedError') return new CeremonyEnded('cancelled', error);
  if (name === 'InvalidStateError') return new CeremonyEnded('exists', error);
  return new CeremonyEnded('failed', error);
}

/**
 * Asks the browser for one of this site's passkeys. `autofill`: conditional mediation, offered in the
 * autofill of the field marked `autocomplete="username webauthn"`; it waits until the person picks one
 * there (or is aborted).
 */
export async function getPasskey(options: RequestOptions, { autofill = false } = {}): Promise<AuthenticationResponse> {
  try {
    // The field may not be in the page yet (the password form opens later): the browser offers the
    // passkeys in whichever such field gets focus.
    return (await startAuthentication({
      optionsJSON: options as never,
      useBrowserAutofill: autofill,
      verifyBrowserAutofillInput: false,
    })) as AuthenticationResponse;
  } catch (error) {
    throw ended(error);
  }
}

/** Stops the passkey request under way, if any (the password form was sent, the page is left). */
export function stopPasskeyRequest() {
  WebAuthnAbortService.cancelCeremony();
}

/** Whether the browser can offer passkeys in a field's autofill (conditional mediation). */
export async function autofillAvailable(): Promise<boolean> {
  return (await window.PublicKeyCredential?.isConditionalMediationAvailable?.()) ?? false;
}
