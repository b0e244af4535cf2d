/**
 * The request payloads of SPEC §3 as schemas (valibot), shared by the front end and the backend
 * emulator: the emulator parses every request body of the SPEC API with them (server/emulator/
 * request-guards.ts bodyOr400, one 400 shape for every bad body); the front end sends these schemas'
 * input types (types only: none of this code is in the browser). Free of React and browser APIs.
 * Unknown fields pass.
 */
import * as v from 'valibot';
import { languages } from './languages';
import { digitsOf, isDigits, phoneDigitsOf } from './api';
import { logMessageMaxLength, maximumPasswordLength, nationalIdLength, phoneNumberLength } from './limits';

const bodyMessage = 'Body must be a JSON object';

/**
 * Digits as typed or pasted (white space and dashes allowed between them), by the same rule as the forms
 * (contract/api.ts isDigits); the value is the digits alone. `of`: how the digits are read (the phone's leaves out +47).
 */
const digits = (count: number, name: string, of: (value: string) => string = digitsOf) =>
  v.pipe(
    v.string(`${name} must be a string`),
    v.check((value) => isDigits(of(value), count), `${name} must be ${count} digits`),
    v.transform(of),
  );

export const authenticationTypes = ['IDPORTEN_NIVAA_3', 'IDPORTEN_NIVAA_4'] as const;

/** Login-start payload (private, SPEC §3), for login_secure and login_secure_new_auth. */
export const loginStartSchema = v.object(
  {
    authenticationType: v.picklist(authenticationTypes, 'authenticationType must be IDPORTEN_NIVAA_3 or IDPORTEN_NIVAA_4'),
    authenticationRole: v.literal('PRIVATE', 'authenticationRole must be PRIVATE'),
    // Where to come back to: the receiver checks it is on its own site (redirect-targets.ts sameSitePath).
    returnUrl: v.string('returnUrl must be a string'),
    returnUrlError: v.string('returnUrlError must be a string'),
    solvency: v.boolean('solvency must be a boolean'),
    elevation: v.boolean('elevation must be a boolean'),
    language: v.picklist(languages, 'language must be nb, nn or en'),
  },
  bodyMessage,
);

/** A password of at most maximumPasswordLength characters: a longer one is refused before any other work. */
const boundedPassword = (name: string) =>
  v.pipe(v.string(`${name} must be a string`), v.maxLength(maximumPasswordLength, `${name} must be at most ${maximumPasswordLength} characters`));

/**
 * Password login payload (SPEC §3). The username is the national ID number as typed (digits, white space between them allowed). Beyond SPEC
 * (docs/decisions/019): the app's login pages name the app authorization the login is made for.
 */
export const passwordLoginSchema = v.object(
  {
    // 11 digits, as the form checks them: anything else can be nobody's, and is refused before it is
    // counted (a counter row for every string sent was a table anyone could fill; issue #34's review).
    username: digits(nationalIdLength, 'username'),
    password: boundedPassword('password'),
    appAuthorization: v.optional(v.string('appAuthorization must be a string')),
  },
  bodyMessage,
);

/** Reset-start payload (SPEC §3): the phone number (a leading +47 left out) and the national ID number (limits.ts). */
export const resetStartSchema = v.object(
  {
    phoneNumber: digits(phoneNumberLength, 'phoneNumber', phoneDigitsOf),
    taxReference: digits(nationalIdLength, 'taxReference'),
  },
  bodyMessage,
);

/**
 * A one-time code as typed or pasted: digits, white space and dashes allowed between them ("123 456",
 * "123-456", "123–456"; WCAG 2.2 3.3.8, issue #37); the value is the digits alone. Its length is the
 * check's: a code of other length is a wrong code, as before.
 */
const code = (name: string) =>
  v.pipe(
    v.string(`${name} must be a string`),
    v.check((value) => /^\d+$/.test(digitsOf(value)), `${name} must be digits`),
    v.transform(digitsOf),
  );

/** Code-check payload (SPEC §3), for check_email_code and check_sms_code. */
export const codeCheckSchema = v.object({ code: code('code') }, bodyMessage);

/** Final reset payload (SPEC §3): both codes and the new password as an object holding it. */
export const finalResetSchema = v.object(
  {
    emailcode: code('emailcode'),
    smscode: code('smscode'),
    password: v.object({ password: boundedPassword('password.password') }, 'password must be {password}'),
  },
  bodyMessage,
);

export const logSeverities = ['ERROR', 'WARN', 'INFO', 'DEBUG'] as const;

/** Log payload (SPEC §3), for /post/log/web. */
export const logEntrySchema = v.object(
  {
    severity: v.picklist(logSeverities, 'severity must be ERROR, WARN, INFO or DEBUG'),
    message: v.pipe(v.string('message must be a string'), v.maxLength(logMessageMaxLength, `message must be at most ${logMessageMaxLength} characters`)),
    sourceApplication: v.string('sourceApplication must be a string'),
    extras: v.optional(v.record(v.string(), v.unknown()), {}),
  },
  bodyMessage,
);

export type LoginStartPayload = v.InferInput<typeof loginStartSchema>;
export type PasswordLoginPayload = v.InferInput<typeof passwordLoginSchema>;
export type ResetStartPayload = v.InferInput<typeof resetStartSchema>;
export type CodeCheckPayload = v.InferInput<typeof codeCheckSchema>;
export type FinalResetPayload = v.InferInput<typeof finalResetSchema>;
export type LogEntry = v.InferInput<typeof logEntrySchema>;
