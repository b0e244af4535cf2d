/**
 * Failure counters with growing locks (the way Keycloak's brute-force detection and GOV.UK One Login's
 * lockouts work), kept in SQLite so they survive a restart and are shared by every server on one
 * DATA_DIR. An attempt is looked at twice: refused at once while a lock is in force, and, once its
 * answer is known, settled in one immediate transaction that first looks again. Requests that arrive
 * together may all be checked, but once the limit is reached every one still under way is answered
 * with the lock, right or wrong: none tells the caller anything, and honest sign-ins running at the
 * same time never count against anybody.
 *
 * A lock is answered with its cause (issue #38): both looks return, with the wait, the counter whose
 * lock it is, chosen from the same reads (settle's inside its transaction), so the cause and the wait a
 * caller names are always one lock's. With several in force the longest is named (it is the one that
 * has to be waited out; a stopped ceiling beyond any wait), and of two as long a person's own before an
 * address's.
 */
import type { Db } from './db';
import type { Limits } from './limits';
import { cappedTable } from './bounded-growth';

export type LimitScope =
  | 'password-device'
  | 'password-untrusted'
  | 'password-untrusted-ceiling'
  | 'password-address'
  | 'reset-identify-address'
  | 'reset-identify-id'
  | 'reset-identify-phone'
  | 'reset-start-person';

/**
 * The scopes of one person (a national ID, or a phone number at the reset's start). Their failures keep
 * counting across locks, so every lock is longer than the one before, until a success (or a reset, or an
 * eID sign-in) clears them (issue #34, item 3). An address's count starts again after the window: many
 * people may share one.
 */
const perIdScopes: readonly LimitScope[] = ['password-device', 'reset-identify-id', 'reset-identify-phone'];

/** The national ID's counters for browsers without its device cookie: fixed windows (issue #46). */
const untrustedScopes: readonly LimitScope[] = ['password-untrusted', 'password-untrusted-ceiling'];

/** The lock a counter answers with once its ceiling is reached: no wait ends it (Retry-After is left out). */
export const stopped = Number.POSITIVE_INFINITY;

/** A lock in force: how long it has left (`stopped`: no wait ends it), and the counter whose lock it is. */
export interface Lock {
  ms: number;
  scope: LimitScope;
}

/**
 * Whether `lock` is the one to answer with rather than `than`: longer, or as long and a person's own
 * while `than` is an address's (the ID's lock follows the person to any other network, the address's
 * does not, so the ID's is the one worth telling). Otherwise the one already chosen stays: of two of
 * the same kind, the counter named first.
 */
function outranks(lock: Lock, than: Lock | null): boolean {
  if (than === null || lock.ms > than.ms) return true;
  return lock.ms === than.ms && perIdScopes.includes(lock.scope) && !perIdScopes.includes(than.scope);
}

/** Of the locks, the one to answer with (outranks), or null when there is none. */
function longest(locks: Iterable<Lock>): Lock | null {
  let chosen: Lock | null = null;
  for (const lock of locks) if (lock.ms > 0 && outranks(lock, chosen)) chosen = lock;
  return chosen;
}

export interface Counter {
  scope: LimitScope;
  key: string;
  /** Failures within the window that lock it. */
  threshold: number;
  /** Whether a success wipes every failure (a person's own ID) or leaves them (an address shared by many). */
  successClears: boolean;
  /** Failures one after another after which it stays locked (`stopped`) until cleared (limits.passwordFailureCeiling). */
  ceiling?: number;
  /**
   * Counted in fixed windows of this length (from the epoch), not from the last failure: at the
   * threshold it locks until the window ends, and the next window starts from nothing. Its state is a
   * function of the failures and the clock alone (issue #46: nothing the person does moves it).
   */
  fixedWindowMs?: number;
}

interface Row {
  failures: number;
  last_failure_at: number;
  locked_until: number;
}

export function createAttemptLimits(db: Db, limits: Limits) {
  const select = db.prepare<[string, string], Row>('SELECT failures, last_failure_at, locked_until FROM attempt_limits WHERE scope = ? AND key = ?');
  const upsert = db.prepare(
    `INSERT INTO attempt_limits (scope, key, failures, last_failure_at, locked_until) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (scope, key) DO UPDATE SET failures = excluded.failures, last_failure_at = excluded.last_failure_at, locked_until = excluded.locked_until`,
  );
  const remove = db.prepare('DELETE FROM attempt_limits WHERE scope = ? AND key = ?');
  const insertEvent = db.prepare('INSERT INTO limit_events (scope, key, at) VALUES (?, ?, ?)');
  const eventsSince = db.prepare<[string, string, number], { n: number; oldest: number | null }>(
    'SELECT count(*) AS n, min(at) AS oldest FROM limit_events WHERE scope = ? AND key = ? AND at > ?',
  );
  const clearKey = [db.prepare('DELETE FROM attempt_limits WHERE key = ?'), db.prepare('DELETE FROM limit_events WHERE key = ?')];
  const scopeList = perIdScopes.map((scope) => `'${scope}'`).join(', ');
  const purgeCounters = db.prepare(
    `DELETE FROM attempt_limits WHERE scope NOT IN (${scopeList}, ${untrustedScopes.map((scope) => `'${scope}'`).join(', ')}) AND max(last_failure_at, locked_until) < ?`,
  );
  // A national ID's failures are forgotten only long after the last one, and never at the ceiling.
  const purgePerId = db.prepare(
    `DELETE FROM attempt_limits WHERE scope IN (${scopeList}) AND max(last_failure_at, locked_until) < ? AND NOT (scope = 'password-device' AND failures >= ?)`,
  );
  // An untrusted counter is done with once its window (the longest) has passed.
  const untrustedList = untrustedScopes.map((scope) => `'${scope}'`).join(', ');
  const purgeUntrusted = db.prepare(`DELETE FROM attempt_limits WHERE scope IN (${untrustedList}) AND max(last_failure_at, locked_until) < ?`);
  const purgeEvents = db.prepare('DELETE FROM limit_events WHERE at < ?');
  // Counters below their lock are many (every ID anyone mistyped) and worth little each: the oldest go
  // past the cap. A locked one is kept whatever happens: removing it would lift its lock. So is every
  // fixed-window one (a stranger's count for an ID): a flood of other counters would otherwise wipe it
  // and give its guesses back (issue #46); each goes when its window has passed.
  const fixedWindowScopes: readonly LimitScope[] = [...untrustedScopes, 'reset-identify-id', 'reset-identify-phone'];
  const openCounters = cappedTable(
    db,
    'attempt_limits',
    'last_failure_at',
    limits.maxOpenCounters,
    100,
    `locked_until = 0 AND scope NOT IN (${fixedWindowScopes.map((scope) => `'${scope}'`).join(', ')})`,
  );
  const listKey = db.prepare<[string], Row & { scope: string }>('SELECT scope, failures, last_failure_at, locked_until FROM attempt_limits WHERE key = ?');

  /** The lock after `failures` failures: the first at the threshold, doubling with each one after, capped. */
  const lockFor = (failures: number, threshold: number) => Math.min(limits.lockMaxMs, limits.lockFirstMs * 2 ** Math.min(failures - threshold, 30));

  const reachedCeiling = (counter: Counter, failures: number) => counter.ceiling !== undefined && failures >= counter.ceiling;

  const lockIn = (counters: Counter[], now: number): Lock | null =>
    longest(
      counters.map((counter) => {
        const row = select.get(counter.scope, counter.key);
        if (row && reachedCeiling(counter, row.failures)) return { ms: stopped, scope: counter.scope };
        return { ms: row && row.locked_until > now ? row.locked_until - now : 0, scope: counter.scope };
      }),
    );

  const settle = db.transaction((counters: Counter[], success: boolean, now: number): Lock | null => {
    const inForce = lockIn(counters, now);
    if (inForce) return inForce;
    if (success) {
      for (const counter of counters) if (counter.successClears) remove.run(counter.scope, counter.key);
      return null;
    }
    const set: Lock[] = [];
    for (const counter of counters) {
      const row = select.get(counter.scope, counter.key);
      if (counter.fixedWindowMs) {
        const windowStart = now - (now % counter.fixedWindowMs);
        const failures = (row && row.last_failure_at >= windowStart ? row.failures : 0) + 1;
        const lockedUntil = failures >= counter.threshold ? windowStart + counter.fixedWindowMs : 0;
        upsert.run(counter.scope, counter.key, failures, now, lockedUntil);
        if (lockedUntil) set.push({ ms: lockedUntil - now, scope: counter.scope });
        continue;
      }
      const memory = perIdScopes.includes(counter.scope) ? limits.failureMemoryMs : limits.failureWindowMs;
      const fresh = !row || now - Math.max(row.last_failure_at, row.locked_until) > memory;
      const failures = (fresh ? 0 : row.failures) + 1;
      const lockedUntil = failures >= counter.threshold ? now + lockFor(failures, counter.threshold) : 0;
      upsert.run(counter.scope, counter.key, failures, now, lockedUntil);
      if (reachedCeiling(counter, failures)) set.push({ ms: stopped, scope: counter.scope });
      else if (lockedUntil) set.push({ ms: lockedUntil - now, scope: counter.scope });
    }
    return longest(set);
  });

  return {
    /**
     * The lock in force on the counters to answer with, or null: the longest (`stopped`: no wait ends
     * it) and whose it is (outranks). Refuse without checking.
     */
    lockedFor(counters: Counter[], now: number): Lock | null {
      return lockIn(counters, now);
    },
    /**
     * Records how a checked attempt went, after looking at the locks once more, in one transaction:
     * a lock that came while it was checked wins (answer it with the lock, right or not); a failure is
     * counted and may set a lock itself; a success clears the person's own count. Returns the lock the
     * caller must answer with (as lockedFor chooses it, among those in force or those this failure
     * set), or null.
     */
    settle(counters: Counter[], success: boolean, now: number): Lock | null {
      // A success with nothing counted and no lock changes nothing: no write transaction (and no fsync).
      if (success && counters.every((counter) => !select.get(counter.scope, counter.key))) return null;
      return settle.immediate(counters, success, now);
    },
    /** Events within a sliding window (resets started): how many, and when the oldest leaves it. */
    recent(scope: LimitScope, key: string, windowMs: number, now: number): { count: number; freeInMs: number } {
      const row = eventsSince.get(scope, key, now - windowMs);
      const count = row?.n ?? 0;
      return { count, freeInMs: row?.oldest ? Math.max(1000, row.oldest + windowMs - now) : 0 };
    },
    record(scope: LimitScope, key: string, now: number) {
      insertEvent.run(scope, key, now);
    },
    /** One counter back to nothing (a person who has just proved who they are). */
    forget(scope: LimitScope, key: string) {
      remove.run(scope, key);
    },
    /** Every counter and event of a national ID or an address (the /dev/ switch). */
    clear(key: string) {
      for (const statement of clearKey) statement.run(key);
    },
    describe(key: string) {
      return listKey.all(key).map((row) => ({
        scope: row.scope,
        failures: row.failures,
        lastFailureAt: new Date(row.last_failure_at).toISOString(),
        lockedUntil: row.locked_until ? new Date(row.locked_until).toISOString() : null,
      }));
    },
    /** Forgets counters and events nobody can be held to any more. */
    purge(now: number) {
      purgeCounters.run(now - limits.failureWindowMs);
      purgePerId.run(now - limits.failureMemoryMs, limits.passwordFailureCeiling);
      purgeUntrusted.run(now - Math.max(limits.untrustedWindowMs, limits.untrustedCeilingWindowMs));
      openCounters.trim();
      purgeEvents.run(now - Math.max(limits.resetWindowMs, limits.failureWindowMs));
    },
  };
}

export type AttemptLimits = ReturnType<typeof createAttemptLimits>;
