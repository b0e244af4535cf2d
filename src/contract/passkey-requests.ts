/**
 * The passkey calls' request bodies (issue #36; the calls are listed in passkeys.ts) as schemas, in the
 * JSON forms of WebAuthn Level 3: the emulator parses every body with them (bodyOr400). The browser
 * imports their types only: none of this code is in the browser (valibot's functions used here would
 * join the first load's libraries chunk).
 */
import * as v from 'valibot';

/** base64url without padding, as WebAuthn's JSON forms write binary values; at most `max` characters. */
const base64url = (name: string, max: number) =>
  v.pipe(v.string(`${name} must be a string`), v.regex(/^[A-Za-z0-9_-]*$/, `${name} must be base64url`), v.maxLength(max, `${name} is too long`));

const bodyMessage = 'Body must be a JSON object';
/** A credential ID is at most 1,023 bytes (WebAuthn L3 §7.1 step 24): 1,364 characters of base64url. */
const credentialIdChars = 1364;
const credentialMessage = 'credential must be a public-key credential in its JSON form';
const attachments = ['platform', 'cross-platform'] as const;

/** The sign-in's options call takes an empty object (the session is the context). */
export const passkeyOptionsRequestSchema = v.object({}, bodyMessage);

/**
 * The registration's options call: an empty object, or `{upgrade: true}` for the automatic upgrade
 * (issue #51: a conditional create right after a password sign-in, whose passkey may come back with
 * the user-present and user-verified flags off).
 */
export const passkeyRegisterOptionsRequestSchema = v.object({ upgrade: v.optional(v.literal(true, 'upgrade must be true or absent')) }, bodyMessage);

/** An authentication response (WebAuthn L3 AuthenticationResponseJSON). */
export const authenticationResponseSchema = v.object(
  {
    id: base64url('credential.id', credentialIdChars),
    rawId: base64url('credential.rawId', credentialIdChars),
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
    id: base64url('credential.id', credentialIdChars),
    rawId: base64url('credential.rawId', credentialIdChars),
    type: v.literal('public-key', 'credential.type must be public-key'),
    response: v.object(
      {
        clientDataJSON: base64url('credential.response.clientDataJSON', 4096),
        // Within the API's body limit (16 KiB, server/emulator/request-guards.ts) with room for the rest.
        attestationObject: base64url('credential.response.attestationObject', 12_288),
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

/** POST passkey_undo_lookup and passkey_undo: the token of a "this was not me" link (its form is the emulator's to judge: any other is unknown). */
export const passkeyUndoSchema = v.object({ token: v.pipe(v.string('token must be a string'), v.maxLength(256, 'token is too long')) }, bodyMessage);

/** POST passkey_login. */
export const passkeyLoginSchema = v.object(
  {
    credential: authenticationResponseSchema,
    // The app's login page names the app authorization the sign-in is made for, as its password form does (docs/decisions/019; issue #51).
    appAuthorization: v.optional(v.string('appAuthorization must be a string')),
  },
  bodyMessage,
);
/** POST passkey_register. */
export const passkeyRegisterSchema = v.object({ credential: registrationResponseSchema }, bodyMessage);

export type AuthenticationResponse = v.InferInput<typeof authenticationResponseSchema>;
export type RegistrationResponse = v.InferInput<typeof registrationResponseSchema>;
export type PasskeyLoginPayload = v.InferInput<typeof passkeyLoginSchema>;
export type PasskeyRegisterPayload = v.InferInput<typeof passkeyRegisterSchema>;
export type PasskeyOptionsPayload = v.InferInput<typeof passkeyOptionsRequestSchema>;
export type PasskeyRegisterOptionsPayload = v.InferInput<typeof passkeyRegisterOptionsRequestSchema>;
export type PasskeyUndoPayload = v.InferInput<typeof passkeyUndoSchema>;
