/**
 * The passkey calls (issue #36, beyond SPEC; docs/decisions/025): their request bodies and answers as
 * schemas (valibot), in the JSON forms of WebAuthn Level 3 (PublicKeyCredential's toJSON() and
 * parse…OptionsFromJSON()). The emulator parses every body with them; the front end checks the answers
 * where they enter. Kept out of answers.ts and requests.ts, which are in every screen's first load:
 * nothing of WebAuthn is (vite.config.ts keeps this file out of the common chunk). Free of React and
 * browser APIs.
 *
 * The calls, each found through a link of the root document (contract/api.ts linkNames):
 *
 * | link | method, body | answer |
 * |---|---|---|
 * | passkey_login_options | POST {} | 200 request options (discoverable: no allowCredentials) |
 * | passkey_login | POST {credential: authentication response} | 200 {}: signed in, as a password sign-in |
 * | passkey_register_options | POST {} (signed in) | 200 creation options |
 * | passkey_register | POST {credential: registration response} (signed in) | 201 {passkey} |
 * | passkeys | GET (signed in) | 200 {passkeys, recentSignIn} |
 * | passkey_remove (on each passkey) | DELETE (signed in) | 204 |
 *
 * Refusals: PASSKEY_* (contract/api.ts passkeyErrorCodes), NOT_AUTHORIZED (not signed in as a private
 * person), KONTO_SUSPENDERT, TOO_MANY_ATTEMPTS (429, Retry-After: the client address's sign-in lock),
 * VALIDATION_FAILED (a body these schemas refuse).
 */
import * as v from 'valibot';
import { linksSchema } from './answers';

/** base64url without padding, as WebAuthn's JSON forms write binary values; at most `max` characters. */
const base64url = (name: string, max: number) =>
  v.pipe(v.string(`${name} must be a string`), v.regex(/^[A-Za-z0-9_-]*$/, `${name} must be base64url`), v.maxLength(max, `${name} is too long`));

const bodyMessage = 'Body must be a JSON object';
const credentialMessage = 'credential must be a public-key credential in its JSON form';
const attachments = ['platform', 'cross-platform'] as const;

/** The options calls take an empty object (the session is the context). */
export const passkeyOptionsRequestSchema = v.object({}, bodyMessage);

/** An authentication response (WebAuthn L3 AuthenticationResponseJSON). */
export const authenticationResponseSchema = v.object(
  {
    id: base64url('credential.id', 1366),
    rawId: base64url('credential.rawId', 1366),
    type: v.literal('public-key', 'credential.type must be public-key'),
    response: v.object(
      {
        clientDataJSON: base64url('credential.response.clientDataJSON', 4096),
        authenticatorData: base64url('credential.response.authenticatorData', 4096),
        signature: base64url('credential.response.signature', 2048),
        userHandle: v.optional(base64url('credential.response.userHandle', 128)),
      },
      'credential.response must be an object',
    ),
    authenticatorAttachment: v.optional(v.picklist(attachments, 'credential.authenticatorAttachment must be platform or cross-platform')),
    clientExtensionResults: v.optional(v.record(v.string(), v.unknown()), {}),
  },
  credentialMessage,
);

/** A registration response (WebAuthn L3 RegistrationResponseJSON). */
export const registrationResponseSchema = v.object(
  {
    id: base64url('credential.id', 1366),
    rawId: base64url('credential.rawId', 1366),
    type: v.literal('public-key', 'credential.type must be public-key'),
    response: v.object(
      {
        clientDataJSON: base64url('credential.response.clientDataJSON', 4096),
        attestationObject: base64url('credential.response.attestationObject', 32_768),
        authenticatorData: v.optional(base64url('credential.response.authenticatorData', 8192)),
        transports: v.optional(v.array(v.string('credential.response.transports must be strings'))),
        publicKeyAlgorithm: v.optional(v.number('credential.response.publicKeyAlgorithm must be a number')),
        publicKey: v.optional(base64url('credential.response.publicKey', 4096)),
      },
      'credential.response must be an object',
    ),
    authenticatorAttachment: v.optional(v.picklist(attachments, 'credential.authenticatorAttachment must be platform or cross-platform')),
    clientExtensionResults: v.optional(v.record(v.string(), v.unknown()), {}),
  },
  credentialMessage,
);

/** POST passkey_login. */
export const passkeyLoginSchema = v.object({ credential: authenticationResponseSchema }, bodyMessage);
/** POST passkey_register. */
export const passkeyRegisterSchema = v.object({ credential: registrationResponseSchema }, bodyMessage);

export type AuthenticationResponse = v.InferInput<typeof authenticationResponseSchema>;
export type RegistrationResponse = v.InferInput<typeof registrationResponseSchema>;
export type PasskeyLoginPayload = v.InferInput<typeof passkeyLoginSchema>;
export type PasskeyRegisterPayload = v.InferInput<typeof passkeyRegisterSchema>;

const descriptor = v.looseObject({ id: v.string(), type: v.literal('public-key'), transports: v.optional(v.array(v.string())) });

/**
 * The options answers pass on to the browser whole (looseObject: fields this app does not name, such as
 * extensions, are kept, not left out). Checked for what the browser cannot do without.
 */
export const requestOptionsSchema = v.looseObject({
  challenge: v.pipe(v.string(), v.nonEmpty()),
  rpId: v.optional(v.string()),
  timeout: v.optional(v.number()),
  userVerification: v.optional(v.string()),
  allowCredentials: v.optional(v.array(descriptor)),
});

export const creationOptionsSchema = v.looseObject({
  challenge: v.pipe(v.string(), v.nonEmpty()),
  rp: v.looseObject({ id: v.optional(v.string()), name: v.string() }),
  user: v.looseObject({ id: v.pipe(v.string(), v.nonEmpty()), name: v.string(), displayName: v.string() }),
  pubKeyCredParams: v.array(v.looseObject({ type: v.literal('public-key'), alg: v.number() })),
  timeout: v.optional(v.number()),
  excludeCredentials: v.optional(v.array(descriptor)),
  authenticatorSelection: v.optional(v.looseObject({})),
  attestation: v.optional(v.string()),
});

/** One passkey of a person, as the passkeys answer lists it. Times are ISO 8601 (UTC). */
export const passkeySchema = v.object({
  id: v.string(),
  /** The provider, named from the credential's AAGUID where a maintained list knows it (e.g. "Google Password Manager"). */
  provider: v.optional(v.string()),
  createdAt: v.string(),
  lastUsedAt: v.optional(v.nullable(v.string())),
  /** Whether the provider may sync it to the person's other devices (the backup-eligible flag). */
  synced: v.optional(v.boolean()),
  link: linksSchema,
});

/** GET passkeys: the person's passkeys, oldest first, and whether this session may add or remove one now. */
export const passkeyListSchema = v.object({
  passkeys: v.array(passkeySchema),
  /** A sign-in within passkeyRecentSignInMinutes: adding and removing are allowed. */
  recentSignIn: v.boolean(),
});

/** POST passkey_register's answer (201). */
export const passkeyRegisteredSchema = v.object({ passkey: passkeySchema });

export type RequestOptions = v.InferOutput<typeof requestOptionsSchema>;
export type CreationOptions = v.InferOutput<typeof creationOptionsSchema>;
export type Passkey = v.InferOutput<typeof passkeySchema>;
export type PasskeyList = v.InferOutput<typeof passkeyListSchema>;
