/**
 * The numbers the front end and the API share (SPEC §5, §9), in one place: the request schemas
 * (requests.ts) and the backend emulator hold a body or a session to them, the forms check what a
 * person typed against the same ones and the texts quote them. Numbers of the front end alone
 * (spinner delay, resize throttle, analytics flush) are in src/config/limits.ts; the new-password
 * rules in src/features/password-strength/password-rules.ts. Separate constants, not an object: the
 * bundler inlines each where it is used and leaves out the rest (the base route's first load is at
 * the edge of its budget, issue #8).
 */

/** National ID number (fødselsnummer): digits (SPEC §5 login.invalid_foedselsnummer, reset start). */
export const nationalIdLength = 11;

/** The phone number of a password reset: digits (SPEC §5). */
export const phoneNumberLength = 8;

/** The login form's password minimum (SPEC §5 login.invalid_password). */
export const loginPasswordMinLength = 6;

/** The new-password guidance: at least this many characters recommended (SPEC §5, §9). */
export const recommendedPasswordLength = 9;

/**
 * The longest password taken anywhere (login and new password), checked in the request schemas before
 * any other work: longer ones cost the server without making anyone safer (issue #34, item 8; NIST SP
 * 800-63B asks for at least 64 allowed).
 */
export const maximumPasswordLength = 256;

/** The one-time codes of a password reset, by email and by SMS: digits. */
export const resetCodeLength = 6;

/** Wrong codes that end a password reset (RESET_PASSWORD_INVALIDATED); the emulator's default. */
export const resetCodeTries = 3;

/** How long the codes of a password reset live (ASVS 2.7.2: at most 10 minutes); the wizard says so. */
export const resetCodeLifetimeMinutes = 10;

/**
 * Password resets one person may start within resetWindowHours (RESET_PASSWORD_DAILY_LIMIT beyond: the
 * emulator's default). The reset's start says so before anyone meets it (issue #38).
 */
export const resetsPerPerson = 5;
export const resetWindowHours = 24;

/** A new password reset for the same person within this is too soon (RESET_PASSWORD_TOO_SOON): the wizard's resend waits it out. */
export const resetMinimumIntervalSeconds = 60;

/** A session ends after this long without activity (SPEC §4, §9; the timeout page says so). */
export const inactivityTimeoutMinutes = 30;

/**
 * One entry to the front end's log (POST /post/log/web), which takes entries without a session: the
 * message is cut to logMessageMaxLength before it is sent, and a body over logEntryMaxBytes is
 * refused (413), so a flood of entries cannot fill the backend's disk (issue #34, item 5).
 */
export const logMessageMaxLength = 1_000;
export const logEntryMaxBytes = 4 * 1024;

/** A passkey's challenge lives this long, once (issue #36). */
export const passkeyChallengeLifetimeMinutes = 5;

/** Adding or removing a passkey needs a sign-in within this (RECENT_SIGN_IN_REQUIRED otherwise). */
export const passkeyRecentSignInMinutes = 10;

/**
 * The automatic upgrade (issue #51): its options are given, and the passkey it makes is taken with the
 * user-present and user-verified flags off, only within this of a password sign-in. Chrome makes the
 * passkey only for a saved password used within 5 minutes (decision 025): a later request is no upgrade.
 */
export const passkeyUpgradeSignInMinutes = 5;

/**
 * How far ahead of the server's "now" a stored time may lie and still count (a sign-in, a challenge, a
 * link): clocks are stepped back a little now and then (NTP), and a session begun in that second must
 * not end. Further ahead, it counts as expired (issue #44: the dev clock moved forward, then back).
 */
export const clockSkewToleranceSeconds = 60;

/** A "this was not me" link, mailed with each added passkey, works this long, once (issue #45). */
export const passkeyUndoLinkLifetimeDays = 7;

/** Passkeys one person may have (PASSKEY_LIMIT_REACHED beyond). */
export const maxPasskeysPerPerson = 10;

/**
 * Passkeys one person may add in a minute (429 TOO_MANY_REQUESTS beyond, with Retry-After): a burst
 * of that many, then one each 60/n s. Room to fill the allowed number at once; each add emails the
 * person, so a session with the password cannot flood their inbox (issue #44).
 */
export const passkeyAddsPerPersonPerMinute = maxPasskeysPerPerson + 2;

/**
 * Passkeys one session may remove in a minute. Per session, never per person: a removal is how a person
 * takes their account back, and no other session (an intruder's) can use this budget up (issue #44).
 * Removals are bounded anyway, by the passkeys there are to remove.
 */
export const passkeyRemovalsPerSessionPerMinute = maxPasskeysPerPerson;
