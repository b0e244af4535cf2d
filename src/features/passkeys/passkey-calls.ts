/**
 * The passkey calls of the contract (src/contract/passkeys.ts), each through its link. Loaded with the
 * passkey parts, after the first paint: nothing of this is in a first load.
 */
import { request, send } from '../../api/client';
import type { Link } from '../../contract/answers';
import { requireLink } from '../../api/links';
import type { RootDocument } from '../../api/root';
import {
  creationOptionsSchema,
  passkeyListSchema,
  passkeyRegisteredSchema,
  passkeySignedInSchema,
  passkeyUndoInfoSchema,
  passkeyUndoneSchema,
  requestOptionsSchema,
  type AuthenticationResponse,
  type CreationOptions,
  type PasskeyList,
  type PasskeySignedIn,
  type PasskeyUndoInfo,
  type RegistrationResponse,
  type RequestOptions,
} from '../../contract/passkeys';
import type {
  PasskeyLoginPayload,
  PasskeyOptionsPayload,
  PasskeyRegisterOptionsPayload,
  PasskeyRegisterPayload,
  PasskeyUndoPayload,
} from '../../contract/passkey-requests';

/** Options for a sign-in with any of this site's passkeys (discoverable: no ID typed). */
export function loginOptions(root: RootDocument): Promise<RequestOptions> {
  // Whole: the options go to the browser as the backend wrote them (extensions, hints and the like).
  return request(requireLink(root.link, 'passkey_login_options').uri, requestOptionsSchema, {
    method: 'POST',
    body: {} satisfies PasskeyOptionsPayload,
    whole: true,
  });
}

/**
 * Signs in with the browser's answer; `appAuthorization`: made on the app's login page, for that app
 * login (docs/decisions/019). Answers what the signals need. A 403 (a passkey not known, refused, a
 * suspended account) is told to the person, not reported.
 */
export function passkeyLogin(root: RootDocument, credential: AuthenticationResponse, appAuthorization?: string): Promise<PasskeySignedIn> {
  return request(requireLink(root.link, 'passkey_login').uri, passkeySignedInSchema, {
    method: 'POST',
    body: { credential, ...(appAuthorization ? { appAuthorization } : {}) } satisfies PasskeyLoginPayload,
    quietStatuses: [400, 403],
  });
}

/** Options to make a passkey; `upgrade`: the automatic upgrade's, right after a password sign-in (issue #51). */
export function registerOptions(root: RootDocument, { upgrade = false } = {}): Promise<CreationOptions> {
  return request(requireLink(root.link, 'passkey_register_options').uri, creationOptionsSchema, {
    method: 'POST',
    body: (upgrade ? { upgrade: true } : {}) satisfies PasskeyRegisterOptionsPayload,
    quietStatuses: [403, 409],
    whole: true,
  });
}

export async function registerPasskey(root: RootDocument, credential: RegistrationResponse) {
  return (
    await request(requireLink(root.link, 'passkey_register').uri, passkeyRegisteredSchema, {
      method: 'POST',
      body: { credential } satisfies PasskeyRegisterPayload,
      quietStatuses: [400, 403, 409],
    })
  ).passkey;
}

export function listPasskeys(root: RootDocument): Promise<PasskeyList> {
  return request(requireLink(root.link, 'passkeys').uri, passkeyListSchema);
}

/** What a "this was not me" link names (issue #45); opening it changes nothing. A link that does nothing any more (404, 410) is told, not reported. */
export function undoLookup(root: RootDocument, token: string): Promise<PasskeyUndoInfo> {
  return request(requireLink(root.link, 'passkey_undo_lookup').uri, passkeyUndoInfoSchema, {
    method: 'POST',
    body: { token } satisfies PasskeyUndoPayload,
    quietStatuses: [404, 410],
  });
}

/** Undoes the link's passkey (and those added with it), ending every session of the account: how many passkeys went, and whether the one named was among them. */
export function undoPasskey(root: RootDocument, token: string): Promise<{ removed: number; named: boolean }> {
  return request(requireLink(root.link, 'passkey_undo').uri, passkeyUndoneSchema, {
    method: 'POST',
    body: { token } satisfies PasskeyUndoPayload,
    quietStatuses: [404, 410],
  });
}

export async function removePasskey(link: Link): Promise<void> {
  await send(link.uri, { method: 'DELETE', quietStatuses: [403, 404] });
}
