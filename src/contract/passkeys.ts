/**
 * The passkey calls (issue #36, beyond SPEC; docs/decisions/025): their answers as schemas (valibot),
 * in the JSON forms of WebAuthn Level 3 (PublicKeyCredential's toJSON() and parse…OptionsFromJSON());
 * the request bodies are in passkey-requests.ts. The front end checks the answers where they enter.
 * Kept out of answers.ts, which is in every screen's first load: nothing of WebAuthn is (vite.config.ts
 * keeps this file out of the common chunk). Only valibot functions the first load uses already are
 * used here: the library is one chunk, and any function the app uses anywhere is in it.
 * Free of React and browser APIs.
 *
 * The calls, each found through a link of the root document (contract/api.ts linkNames):
 *
 * | link | method, body | answer |
 * |---|---|---|
 * | passkey_login_options | POST {} | 200 request options (discoverable: no allowCredentials) |
 * | passkey_login | POST {credential: authentication response, appAuthorization?} | 200 {rpId, userHandle, credentialIds, name, displayName}: signed in, as a password sign-in |
 * | passkey_register_options | POST {} or {upgrade: true} (signed in) | 200 creation options |
 * | passkey_register | POST {credential: registration response} (signed in) | 201 {passkey} |
 * | passkeys | GET (signed in) | 200 {passkeys, recentSignIn, rpId, userHandle, credentialIds} |
 * | passkey_remove (on each passkey) | DELETE (signed in) | 204; every session signed in with it ends (this one too) |
 * | passkey_undo_lookup | POST {token} (no sign-in) | 200 what the "this was not me" link names (issue #45) |
 * | passkey_undo | POST {token} (no sign-in) | 200 {removed}: it and the passkeys added with it gone, every session of the account ended |
 *
 * The upgrade's options (issue #51) name the person by their national ID (`user.name`, what their
 * password manager saved the password under, docs/decisions/025) and are refused with
 * PASSKEY_UPGRADE_NOT_ALLOWED outside a password sign-in of the last passkeyUpgradeSignInMinutes, in
 * the app's flow, or when the account has a passkey.
 *
 * Refusals: PASSKEY_* (contract/api.ts passkeyErrorCodes), NOT_AUTHORIZED (not signed in as a private
 * person), KONTO_SUSPENDERT, ADDRESS_LOCKED (429, Retry-After: the client address's sign-in lock, decision 026),
 * VALIDATION_FAILED (a body these schemas refuse).
 */
import * as v from 'valibot';
import { linksSchema } from './answers';

const descriptor = v.object({ id: v.string(), type: v.string(), transports: v.optional(v.array(v.string())) });

/**
 * The options answers: checked for what the browser cannot do without, then passed on to the browser
 * whole, as the backend wrote them (fields this app does not name, such as extensions, are kept:
 * features/passkeys/passkey-calls.ts).
 */
export const requestOptionsSchema = v.object({
  challenge: v.pipe(v.string(), v.nonEmpty()),
  rpId: v.optional(v.string()),
  timeout: v.optional(v.number()),
  userVerification: v.optional(v.string()),
  allowCredentials: v.optional(v.array(descriptor)),
});

export const creationOptionsSchema = v.object({
  challenge: v.pipe(v.string(), v.nonEmpty()),
  rp: v.object({ id: v.optional(v.string()), name: v.string() }),
  user: v.object({ id: v.pipe(v.string(), v.nonEmpty()), name: v.string(), displayName: v.string() }),
  pubKeyCredParams: v.array(v.object({ type: v.string(), alg: v.number() })),
  timeout: v.optional(v.number()),
  excludeCredentials: v.optional(v.array(descriptor)),
});

/** One passkey of a person, as the passkeys answer lists it. Times are ISO 8601 (UTC). */
export const passkeySchema = v.object({
  id: v.string(),
  /** The provider, named from the credential's AAGUID where a maintained list knows it (e.g. "Google Password Manager"). */
  provider: v.optional(v.string()),
  createdAt: v.string(),
  /** Absent until it has been used. */
  lastUsedAt: v.optional(v.string()),
  /** Whether the provider may sync it to the person's other devices (the backup-eligible flag). */
  synced: v.optional(v.boolean()),
  /** The session asking was signed in with this passkey: removing it ends that session (issue #44). */
  signedInWith: v.optional(v.boolean()),
  link: linksSchema,
});

/**
 * What the WebAuthn Signal API needs to keep the person's password manager true to the account (issue
 * #51): the relying party ID, their user handle and the credential IDs of every passkey the account
 * has, both base64url, as signalAllAcceptedCredentials takes them. Given to the signed-in person only.
 * Optional: a backend without them gets no signal sent.
 */
const acceptedCredentials = {
  rpId: v.optional(v.string()),
  userHandle: v.optional(v.string()),
  credentialIds: v.optional(v.array(v.string())),
};

/**
 * POST passkey_login's answer: signed in, the account's passkeys for the signals, and the names its
 * passkeys should show (signalCurrentUserDetails: the person's full name, docs/decisions/025).
 */
export const passkeySignedInSchema = v.object({ ...acceptedCredentials, name: v.optional(v.string()), displayName: v.optional(v.string()) });

/** GET passkeys: the person's passkeys, oldest first, whether this session may add or remove one now, and the signals' IDs. */
export const passkeyListSchema = v.object({
  passkeys: v.array(passkeySchema),
  /** A sign-in within passkeyRecentSignInMinutes: adding and removing are allowed. */
  recentSignIn: v.boolean(),
  ...acceptedCredentials,
});

/** POST passkey_register's answer (201). */
export const passkeyRegisteredSchema = v.object({ passkey: passkeySchema });

/**
 * passkey_undo_lookup's answer: the passkey a "this was not me" link names (issue #45). The browser and
 * system it was added from are names from a fixed list (never the User-Agent's own text); absent when
 * not known.
 */
export const passkeyUndoInfoSchema = v.object({
  provider: v.optional(v.string()),
  createdAt: v.string(),
  browser: v.optional(v.string()),
  system: v.optional(v.string()),
});

/**
 * passkey_undo's answer: how many passkeys were removed (the one named, and those added from its
 * sessions), and whether the one named was among them (false: it had been removed already, and the
 * link removed what was added with it).
 */
export const passkeyUndoneSchema = v.object({ removed: v.number(), named: v.boolean() });

/** The options as the backend wrote them: what the schema names, and anything else it sent. */
export type RequestOptions = v.InferOutput<typeof requestOptionsSchema> & Record<string, unknown>;
export type CreationOptions = v.InferOutput<typeof creationOptionsSchema> & Record<string, unknown>;
export type { AuthenticationResponse, RegistrationResponse } from './passkey-requests';
export type Passkey = v.InferOutput<typeof passkeySchema>;
export type PasskeyList = v.InferOutput<typeof passkeyListSchema>;
export type PasskeySignedIn = v.InferOutput<typeof passkeySignedInSchema>;
export type PasskeyUndoInfo = v.InferOutput<typeof passkeyUndoInfoSchema>;
