/**
 * The passkey calls of the contract (src/contract/passkeys.ts), each through its link. Loaded with the
 * passkey parts, after the first paint: nothing of this is in a first load.
 */
import * as v from 'valibot';
import { request, send, type RequestOptions as CallOptions } from '../../api/client';
import { AppError, type Link } from '../../api/errors';
import { reportError } from '../../api/log';
import { requireLink } from '../../api/links';
import type { RootDocument } from '../../api/root';
import {
  creationOptionsSchema,
  passkeyListSchema,
  passkeyRegisteredSchema,
  requestOptionsSchema,
  type AuthenticationResponse,
  type CreationOptions,
  type PasskeyList,
  type RegistrationResponse,
  type RequestOptions,
} from '../../contract/passkeys';

/**
 * An options answer, checked by its schema and then kept whole: it goes to the browser as the backend
 * wrote it (request() would leave out the fields the schema does not name, such as extensions).
 */
async function options<S extends typeof requestOptionsSchema | typeof creationOptionsSchema>(
  url: string,
  schema: S,
  call: CallOptions,
): Promise<v.InferOutput<S> & Record<string, unknown>> {
  const { status, text } = await send(url, call);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (v.safeParse(schema, json).success) return json as v.InferOutput<S> & Record<string, unknown>;
  const error = new AppError(`Unexpected answer from ${url}`, { statusCode: status, noUsableAnswer: true });
  void reportError(error, { url });
  throw error;
}

/** Options for a sign-in with any of this site's passkeys (discoverable: no ID typed). */
export function loginOptions(root: RootDocument): Promise<RequestOptions> {
  return options(requireLink(root.link, 'passkey_login_options').uri, requestOptionsSchema, { method: 'POST', body: {} });
}

/** Signs in with the browser's answer. A 403 (a passkey not known, refused, a suspended account) is told to the person, not reported. */
export async function passkeyLogin(root: RootDocument, credential: AuthenticationResponse): Promise<void> {
  await send(requireLink(root.link, 'passkey_login').uri, { method: 'POST', body: { credential }, quietStatuses: [400, 403] });
}

export function registerOptions(root: RootDocument): Promise<CreationOptions> {
  return options(requireLink(root.link, 'passkey_register_options').uri, creationOptionsSchema, { method: 'POST', body: {}, quietStatuses: [403, 409] });
}

export async function registerPasskey(root: RootDocument, credential: RegistrationResponse) {
  return (
    await request(requireLink(root.link, 'passkey_register').uri, passkeyRegisteredSchema, {
      method: 'POST',
      body: { credential },
      quietStatuses: [400, 403, 409],
    })
  ).passkey;
}

export function listPasskeys(root: RootDocument): Promise<PasskeyList> {
  return request(requireLink(root.link, 'passkeys').uri, passkeyListSchema);
}

export async function removePasskey(link: Link): Promise<void> {
  await send(link.uri, { method: 'DELETE', quietStatuses: [403, 404] });
}
