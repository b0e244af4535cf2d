/**
 * The names of SPEC §3 and §7 shared by the front end and the backend emulator: link names, roles and
 * error codes. The emulator answers only with these codes (its apiError takes an ApiErrorCode), and the
 * front end's error tables are written against them. Free of React and browser APIs.
 */
export { languages, type Language } from './languages';
export { loginRoles, type LoginRole } from './login-roles';

/** Link names of the root document and later answers: call targets are chosen by them (SPEC §3). */
export const linkNames = [
  'login_idp',
  'login_secure',
  'login_secure_new_auth',
  'login_password',
  'reset_password',
  'check_email_code',
  'check_sms_code',
  'self',
  'logout',
  'logout_idp',
  'token_approve',
  // Passkeys (issue #36, beyond SPEC; docs/decisions/025 and src/contract/passkeys.ts). A backend
  // without them gets no passkey part in the front end.
  'passkey_login_options',
  'passkey_login',
  'passkey_register_options',
  'passkey_register',
  'passkeys',
  // On each passkey of the passkeys answer: DELETE it.
  'passkey_remove',
  // "This was not me" (issue #45, docs/decisions/027): what a link mailed with an added passkey names,
  // and undoing that passkey. Need no sign-in.
  'passkey_undo_lookup',
  'passkey_undo',
] as const;
export type LinkName = (typeof linkNames)[number];

/** The session roles of the root document (SPEC §3). */
export const roles = ['PRIVAT', 'VIRKSOMHET', 'ADMIN', 'REGISTRERING'] as const;
export type Role = (typeof roles)[number];

/** The password reset's own refusals (SPEC §8 reset catalogue). */
export const resetErrorCodes = [
  'RESET_PASSWORD_WRONG_CODE',
  'RESET_PASSWORD_INVALIDATED',
  'RESET_PASSWORD_TOO_SOON',
  // Too many resets, or too many wrong (ID, phone) guesses: the general limit of SPEC §8, for a backend
  // that does not tell the causes apart. The three below tell them (beyond SPEC, docs/decisions/026):
  'RESET_PASSWORD_LIMIT',
  // The person's resets for the window (resetsPerPerson in resetWindowHours) are used up (429, Retry-After).
  'RESET_PASSWORD_DAILY_LIMIT',
  // Too many wrong phone numbers for the national ID typed, or wrong IDs for the phone typed, from anywhere (429, Retry-After).
  'RESET_PASSWORD_IDENTIFY_LOCKED',
  // Too many wrong (ID, phone) pairs from the client's address (429, Retry-After).
  'RESET_PASSWORD_ADDRESS_LOCKED',
  'RESET_PASSWORD_FAILED',
  'RESET_PASSWORD_DENIED_STRONG_AUTH',
  'RESET_PASSWORD_DENIED_BLOCKED',
] as const;
export type ResetErrorCode = (typeof resetErrorCodes)[number];

/** A new password the backend refuses, by the rule it breaks (SPEC §5). */
export const passwordRuleCodes = ['PASSWORD_BLANK', 'PASSWORD_ILLEGAL_CHARACTERS', 'PASSWORD_TOO_COMMON', 'PASSWORD_NOT_STRONG_ENOUGH'] as const;
export type PasswordRuleCode = (typeof passwordRuleCodes)[number];

/** What is wrong with a new password by the rules of SPEC §5 (both sides check them: features/password-strength/password-rules.ts). */
export type PasswordProblem = 'blank' | 'too_long' | 'illegal_characters' | 'too_common' | 'not_strong_enough';
/** What is wrong with its repeat. */
export type RepeatProblem = 'repeat_missing' | 'not_equal';

/** Every other error-code of the API. */
export const generalErrorCodes = [
  'VALIDATION_FAILED',
  'NOT_FOUND',
  // A password login of a suspended account (the identity providers' error return uses the same word).
  'KONTO_SUSPENDERT',
  'NOT_AUTHORIZED',
  'CSRF_TOKEN_INVALID',
  'WRONG_CREDENTIALS',
  // A password login limit of SPEC's backend, for one that does not tell the causes apart (decision 009).
  'TOO_MANY_ATTEMPTS',
  // Beyond SPEC (docs/decisions/026, 028), each with Retry-After: password login of the national ID typed
  // is locked in this browser for a while after wrong passwords typed in it (its device cookie) ...
  'PASSWORD_LOGIN_LOCKED',
  // ... or too many wrong passwords for the ID came from browsers that hold no device cookie for it
  // (issue #46, docs/decisions/028): those are locked until a fixed window ends; a browser the person
  // has signed in on is not (429, Retry-After).
  'PASSWORD_LOGIN_LOCKED_NEW_DEVICES',
  // ... or too many failed sign-ins (password or passkey) came from the client's address.
  'ADDRESS_LOCKED',
  // Password login of one national ID stopped in this browser after too many failures in a row there,
  // until a password reset or an eID sign-in in it (issue #34; beyond SPEC, docs/decisions/024, 028).
  'PASSWORD_LOGIN_STOPPED',
  // Too many requests from one client address where anyone may write (log entries, sign-in starts).
  'TOO_MANY_REQUESTS',
  'TOKEN_ALREADY_USED',
  // The app's authorization is bound to another browser (docs/decisions/019).
  'TOKEN_BOUND_ELSEWHERE',
  // An approval in a session that was not made for this authorization, without the person's yes (019).
  'CONSENT_REQUIRED',
  'EMAIL_VERIFICATION_FAILED',
  'UNSUPPORTED_MEDIA_TYPE',
  // A method the API is not called with (server/api-paths.ts apiMethods), with an Allow header.
  'METHOD_NOT_ALLOWED',
  'CROSS_SITE_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL_ERROR',
  // API_UPSTREAM set and the backend not reached, or gone before it answered (server/app.ts).
  'BAD_GATEWAY',
] as const;

/** The passkey calls' own refusals (issue #36, docs/decisions/025). */
export const passkeyErrorCodes = [
  // The credential is not one the backend knows (removed, or made for another site or account).
  'PASSKEY_NOT_RECOGNISED',
  // The credential is known but its answer did not verify: signature, origin, RP ID, user
  // verification, user handle or signature counter (a cloned authenticator).
  'PASSKEY_REFUSED',
  // The challenge is not one this session was given, was used already, or is older than its lifetime.
  'PASSKEY_CHALLENGE_INVALID',
  // Adding or removing a passkey needs a sign-in within passkeyRecentSignInMinutes.
  'RECENT_SIGN_IN_REQUIRED',
  'PASSKEY_ALREADY_REGISTERED',
  // The person has maxPasskeysPerPerson passkeys already.
  'PASSKEY_LIMIT_REACHED',
  // The automatic upgrade (issue #51) asked for, or answered, where it is not allowed: the session is
  // not a password sign-in within passkeyUpgradeSignInMinutes, is the app's, or the account has a passkey.
  'PASSKEY_UPGRADE_NOT_ALLOWED',
  // A "this was not me" link (issue #45): not one the backend made (or cut short), used already,
  // older than passkeyUndoLinkLifetimeDays, or its passkey removed already (by the person, or a reset).
  'PASSKEY_UNDO_LINK_INVALID',
  'PASSKEY_UNDO_LINK_USED',
  'PASSKEY_UNDO_LINK_EXPIRED',
  'PASSKEY_ALREADY_REMOVED',
] as const;
export type PasskeyErrorCode = (typeof passkeyErrorCodes)[number];

// Pure, so a bundle that never reads the whole list leaves it (and the lists only it names) out: a spread
// at module level would otherwise count as work that must run.
export const apiErrorCodes = /* @__PURE__ */ (() => [...generalErrorCodes, ...resetErrorCodes, ...passwordRuleCodes, ...passkeyErrorCodes] as const)();
export type ApiErrorCode = (typeof apiErrorCodes)[number];

/** The kode= of an identity provider's error return (loginError / innloggingFeilet, SPEC §8). */
export const loginErrorCodes = ['IKKE_AUTORISERT', 'KONTO_SUSPENDERT'] as const;

/** The idpErrorCode= of such a return: the person cancelled at the identity provider. */
export const idpErrorCodes = ['AVBRUTT_AV_BRUKER'] as const;
export type IdpErrorCode = (typeof idpErrorCodes)[number];

/**
 * What people put between the digits of a number or a one-time code, typed or pasted (WCAG 2.2 3.3.8,
 * issue #37): white space of any kind (the no-break and narrow no-break spaces a copied SMS or email
 * holds too) and dashes (hyphen-minus, the Unicode hyphens and dashes, en and em dash, minus sign).
 */
const digitSeparators = /[\s\-\u2010-\u2015\u2212]/g;

/** Digits as people type or paste them, white space or dashes anywhere in between: the digits alone. */
export function digitsOf(value: string): string {
  return value.replace(digitSeparators, '');
}

/** Whether a typed value is exactly `count` digits once white space and dashes are left out (ID and phone numbers, codes). */
export function isDigits(value: string, count: number): boolean {
  return new RegExp(`^\\d{${count}}$`).test(digitsOf(value));
}

/** Norway's country code as people write it before a mobile number: "+47 412 34 567", "0047 41234567". */
const norwegianCountryCode = /^\s*(?:\+|00)\s*47/;

/**
 * A Norwegian mobile number as people type or paste it: the digits of digitsOf, a leading +47 (or
 * 0047) left out, so "+47 412 34 567" is 41234567. Only with the + or 00: "47 41 23 45 67" stays ten digits.
 */
export function phoneDigitsOf(value: string): string {
  return digitsOf(value.replace(norwegianCountryCode, ''));
}
