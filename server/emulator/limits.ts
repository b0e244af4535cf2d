/**
 * Every limit the emulator holds, in one place: named constants, each settable from the environment
 * (LIMIT_…) and checked at start-up like the rest of the configuration. Counts are of failures only,
 * except resets started (each one sends an email and an SMS). The defaults the front end also knows
 * (resets per person and their window, the interval between resets, code tries and lifetime, the
 * session's idle timeout) come from src/contract/limits.ts, so the two cannot drift apart. See
 * docs/emulator.md, "Limits".
 */
export interface Limits {
  /**
   * Wrong passwords for one national ID from one device (a browser holding its device cookie,
   * device-cookies.ts) before password login for it is locked on that device (issue #46).
   */
  passwordFailuresPerId: number;
  /**
   * Wrong passwords for one national ID from all browsers without its device cookie, in one fixed window
   * of untrustedWindowMs, before password login for it is locked for them until the window ends. No
   * success, reset or eID sign-in clears it: a stranger's answer never depends on what the person did.
   */
  untrustedPasswordFailuresPerId: number;
  untrustedWindowMs: number;
  /** The same over a long fixed window (NIST SP 800-63B: at most 100 guesses): a stranger's ceiling. */
  untrustedPasswordFailureCeiling: number;
  untrustedCeilingWindowMs: number;
  /** Wrong passwords from one client address, across IDs, within the window before it is locked. */
  passwordFailuresPerAddress: number;
  /**
   * Failures further apart than this (counted from the end of any lock) start the count again: on an
   * address, which many people share. A national ID's count does not start again (issue #34, item 3).
   */
  failureWindowMs: number;
  /**
   * Wrong passwords for one national ID on one device, one after another with no success between,
   * after which password login for it stops on that device until the person proves who they are there
   * (a reset or an eID sign-in in that browser: a new device cookie) (NIST SP 800-63B: at most 100).
   */
  passwordFailureCeiling: number;
  /** How long a device's (and a reset guess's) failures are remembered after its last one, when below the ceiling. */
  failureMemoryMs: number;
  /** The first lock; each further failure doubles it, up to lockMaxMs. */
  lockFirstMs: number;
  lockMaxMs: number;
  /** Password resets one person may start within resetWindowMs. */
  resetsPerPerson: number;
  resetWindowMs: number;
  /** Wrong (national ID, phone) guesses at the reset's first step from one address before it is locked. */
  resetIdentifyFailuresPerAddress: number;
  /** Wrong phone numbers for one national ID (and wrong IDs for one phone number) at the reset's first step, from anywhere, before it is locked. */
  resetIdentifyFailuresPerId: number;
  /** A new reset for the same person within this is too soon (SPEC §8 RESET_PASSWORD_TOO_SOON). */
  resetMinimumIntervalMs: number;
  /** Wrong codes that end a reset. */
  maxWrongCodes: number;
  /** How long reset codes live (ASVS 2.7.2: at most 10 minutes). */
  codeLifetimeMs: number;
  /** Sessions end after this long without a request, and after sessionAbsoluteMs whatever happens. */
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** Anonymous sessions kept at most; the least recently used go first. */
  maxAnonymousSessions: number;
  /** Browsers with fault or clock switches (/dev/api/faults, /dev/api/clock) kept at most. */
  maxDevScopes: number;
  /** Entries to POST /post/log/web one client address may make in a minute (no session needed there). */
  logEntriesPerMinute: number;
  /** Log entries kept at most; the oldest go first. */
  maxLogEntries: number;
  /** Sign-ins one client address may start in a minute (eID, business and admin: each stores a request). */
  loginStartsPerMinute: number;
  /** Sign-ins under way (and app authorizations, and the dev error and analytics stand-ins' items) kept at most. */
  maxLoginRequests: number;
  /** Failure counters not locked kept at most (the oldest go first); locked ones are always kept. */
  maxOpenCounters: number;
}

import {
  inactivityTimeoutMinutes,
  resetCodeLifetimeMinutes,
  resetCodeTries,
  resetMinimumIntervalSeconds,
  resetsPerPerson,
  resetWindowHours,
} from '../../src/contract/limits';

const minute = 60_000;
const day = 24 * 60 * minute;

export const defaultLimits: Limits = {
  passwordFailuresPerId: 5,
  untrustedPasswordFailuresPerId: 5,
  untrustedWindowMs: 15 * minute,
  untrustedPasswordFailureCeiling: 100,
  untrustedCeilingWindowMs: 30 * day,
  passwordFailuresPerAddress: 100,
  failureWindowMs: 15 * minute,
  passwordFailureCeiling: 100,
  failureMemoryMs: 30 * day,
  lockFirstMs: minute,
  lockMaxMs: 60 * minute,
  resetsPerPerson,
  resetWindowMs: resetWindowHours * 60 * minute,
  resetIdentifyFailuresPerAddress: 20,
  resetIdentifyFailuresPerId: 5,
  resetMinimumIntervalMs: resetMinimumIntervalSeconds * 1000,
  maxWrongCodes: resetCodeTries,
  codeLifetimeMs: resetCodeLifetimeMinutes * minute,
  sessionIdleMs: inactivityTimeoutMinutes * minute,
  sessionAbsoluteMs: 12 * 60 * minute,
  maxAnonymousSessions: 20_000,
  maxDevScopes: 1_000,
  logEntriesPerMinute: 60,
  maxLogEntries: 5_000,
  loginStartsPerMinute: 120,
  maxLoginRequests: 20_000,
  maxOpenCounters: 100_000,
};

type Unit = 'count' | 'seconds' | 'minutes' | 'days';

/** The environment variable for each limit, its unit there, and the smallest value that makes sense. */
export const limitVariables: Record<keyof Limits, { variable: string; unit: Unit; min: number }> = {
  passwordFailuresPerId: { variable: 'LIMIT_PASSWORD_FAILURES_PER_ID', unit: 'count', min: 1 },
  passwordFailuresPerAddress: { variable: 'LIMIT_PASSWORD_FAILURES_PER_ADDRESS', unit: 'count', min: 1 },
  untrustedPasswordFailuresPerId: { variable: 'LIMIT_UNTRUSTED_PASSWORD_FAILURES_PER_ID', unit: 'count', min: 1 },
  untrustedWindowMs: { variable: 'LIMIT_UNTRUSTED_WINDOW_MINUTES', unit: 'minutes', min: 1 },
  untrustedPasswordFailureCeiling: { variable: 'LIMIT_UNTRUSTED_PASSWORD_FAILURE_CEILING', unit: 'count', min: 1 },
  untrustedCeilingWindowMs: { variable: 'LIMIT_UNTRUSTED_CEILING_WINDOW_DAYS', unit: 'days', min: 1 },
  failureWindowMs: { variable: 'LIMIT_FAILURE_WINDOW_MINUTES', unit: 'minutes', min: 1 },
  passwordFailureCeiling: { variable: 'LIMIT_PASSWORD_FAILURE_CEILING', unit: 'count', min: 1 },
  failureMemoryMs: { variable: 'LIMIT_FAILURE_MEMORY_DAYS', unit: 'days', min: 1 },
  lockFirstMs: { variable: 'LIMIT_LOCK_FIRST_SECONDS', unit: 'seconds', min: 1 },
  lockMaxMs: { variable: 'LIMIT_LOCK_MAX_MINUTES', unit: 'minutes', min: 1 },
  resetsPerPerson: { variable: 'LIMIT_RESETS_PER_PERSON', unit: 'count', min: 1 },
  resetWindowMs: { variable: 'LIMIT_RESET_WINDOW_MINUTES', unit: 'minutes', min: 1 },
  resetIdentifyFailuresPerAddress: { variable: 'LIMIT_RESET_IDENTIFY_FAILURES_PER_ADDRESS', unit: 'count', min: 1 },
  resetIdentifyFailuresPerId: { variable: 'LIMIT_RESET_IDENTIFY_FAILURES_PER_ID', unit: 'count', min: 1 },
  resetMinimumIntervalMs: { variable: 'LIMIT_RESET_MINIMUM_INTERVAL_SECONDS', unit: 'seconds', min: 0 },
  maxWrongCodes: { variable: 'LIMIT_MAX_WRONG_CODES', unit: 'count', min: 1 },
  codeLifetimeMs: { variable: 'LIMIT_CODE_LIFETIME_MINUTES', unit: 'minutes', min: 1 },
  sessionIdleMs: { variable: 'LIMIT_SESSION_IDLE_MINUTES', unit: 'minutes', min: 1 },
  sessionAbsoluteMs: { variable: 'LIMIT_SESSION_ABSOLUTE_MINUTES', unit: 'minutes', min: 1 },
  maxAnonymousSessions: { variable: 'LIMIT_MAX_ANONYMOUS_SESSIONS', unit: 'count', min: 100 },
  maxDevScopes: { variable: 'LIMIT_MAX_DEV_SCOPES', unit: 'count', min: 10 },
  logEntriesPerMinute: { variable: 'LIMIT_LOG_ENTRIES_PER_MINUTE', unit: 'count', min: 1 },
  maxLogEntries: { variable: 'LIMIT_MAX_LOG_ENTRIES', unit: 'count', min: 100 },
  loginStartsPerMinute: { variable: 'LIMIT_LOGIN_STARTS_PER_MINUTE', unit: 'count', min: 1 },
  maxLoginRequests: { variable: 'LIMIT_MAX_LOGIN_REQUESTS', unit: 'count', min: 100 },
  maxOpenCounters: { variable: 'LIMIT_MAX_OPEN_COUNTERS', unit: 'count', min: 100 },
};

const unitMs: Record<Unit, number> = { count: 1, seconds: 1000, minutes: minute, days: day };

/**
 * The limits with any LIMIT_… variables applied. Throws `{variable, message}` for a value that is not a
 * whole number at or above the limit's minimum (server/config.ts turns it into a ConfigError).
 */
export function readLimits(env: Record<string, string | undefined>): Limits {
  const limits = { ...defaultLimits };
  for (const [name, { variable, unit, min }] of Object.entries(limitVariables) as [keyof Limits, (typeof limitVariables)[keyof Limits]][]) {
    const text = env[variable]?.trim();
    if (!text) continue;
    if (!/^\d{1,9}$/.test(text) || Number(text) < min) {
      throw Object.assign(new Error(`must be a whole number of ${unit === 'count' ? 'items' : unit} from ${min}, got "${env[variable]}"`), { variable });
    }
    limits[name] = Number(text) * unitMs[unit];
  }
  if (limits.lockMaxMs < limits.lockFirstMs) {
    throw Object.assign(new Error('must not be shorter than LIMIT_LOCK_FIRST_SECONDS'), { variable: limitVariables.lockMaxMs.variable });
  }
  return limits;
}
