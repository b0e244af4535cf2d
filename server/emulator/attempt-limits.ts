/**
 * Failure counters with growing locks (the way Keycloak's brute-force detection and GOV.UK One Login's
 * lockouts work), kept in SQLite so they survive a restart and are shared by every server on one
 * DATA_DIR. An attempt is counted before it is compared, inside one immediate transaction: requests
 * that arrive together cannot all slip under the limit while the first ones are still being checked.
 * An attempt that turns out right takes its count back.
 */
import type { Db } from './db';
import type { Limits } from './limits';

export type LimitScope = 'password-id' | 'password-address' | 'reset-identify-address' | 'reset-start-person';

export interface Counter {
  scope: LimitScope;
  key: string;
  /** Failures within the window that lock it. */
  threshold: number;
  /** Whether a success wipes every failure (a person's own ID) or only takes back its own count (an address shared by many). */
  successClears: boolean;
}

export interface Attempt {
  /** False when a lock is in force: the attempt must not be evaluated at all. */
  allowed: boolean;
  /** Refused: how long the lock has left. Allowed: the lock this attempt set, if it turns out wrong (0 when none). */
  retryAfterMs: number;
  /** The attempt was right: take back what it counted. */
  succeeded(): void;
}

interface Row {
  failures: number;
  last_failure_at: number;
  locked_until: number;
}

interface Reserved {
  counter: Counter;
  lockedUntil: number;
  previousLockedUntil: number;
}

export function createAttemptLimits(db: Db, limits: Limits) {
  const select = db.prepare<[string, string], Row>('SELECT failures, last_failure_at, locked_until FROM attempt_limits WHERE scope = ? AND key = ?');
  const upsert = db.prepare(
    `INSERT INTO attempt_limits (scope, key, failures, last_failure_at, locked_until) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (scope, key) DO UPDATE SET failures = excluded.failures, last_failure_at = excluded.last_failure_at, locked_until = excluded.locked_until`,
  );
  const remove = db.prepare('DELETE FROM attempt_limits WHERE scope = ? AND key = ?');
  const giveBack = db.prepare(
    `UPDATE attempt_limits SET failures = max(failures - 1, 0),
       locked_until = CASE WHEN locked_until = ? THEN ? ELSE locked_until END
     WHERE scope = ? AND key = ?`,
  );
  const insertEvent = db.prepare('INSERT INTO limit_events (scope, key, at) VALUES (?, ?, ?)');
  const eventsSince = db.prepare<[string, string, number], { n: number; oldest: number | null }>(
    'SELECT count(*) AS n, min(at) AS oldest FROM limit_events WHERE scope = ? AND key = ? AND at > ?',
  );
  const clearKey = [db.prepare('DELETE FROM attempt_limits WHERE key = ?'), db.prepare('DELETE FROM limit_events WHERE key = ?')];
  const purgeCounters = db.prepare('DELETE FROM attempt_limits WHERE max(last_failure_at, locked_until) < ?');
  const purgeEvents = db.prepare('DELETE FROM limit_events WHERE at < ?');
  const listKey = db.prepare<[string], Row & { scope: string }>('SELECT scope, failures, last_failure_at, locked_until FROM attempt_limits WHERE key = ?');

  /** The lock after `failures` failures: the first at the threshold, doubling with each one after, capped. */
  const lockFor = (failures: number, threshold: number) =>
    Math.min(limits.lockMaxMs, limits.lockFirstMs * 2 ** Math.min(failures - threshold, 30));

  const reserve = db.transaction((counters: Counter[], now: number): { refusedFor: number } | { reserved: Reserved[] } => {
    const rows = counters.map((counter) => select.get(counter.scope, counter.key));
    const refusedFor = Math.max(0, ...rows.map((row) => (row && row.locked_until > now ? row.locked_until - now : 0)));
    if (refusedFor > 0) return { refusedFor };
    const reserved = counters.map((counter, index) => {
      const row = rows[index];
      const fresh = !row || now - Math.max(row.last_failure_at, row.locked_until) > limits.failureWindowMs;
      const failures = (fresh ? 0 : row.failures) + 1;
      const lockedUntil = failures >= counter.threshold ? now + lockFor(failures, counter.threshold) : 0;
      upsert.run(counter.scope, counter.key, failures, now, lockedUntil);
      return { counter, lockedUntil, previousLockedUntil: row?.locked_until ?? 0 };
    });
    return { reserved };
  });

  const release = db.transaction((reserved: Reserved[]) => {
    for (const { counter, lockedUntil, previousLockedUntil } of reserved) {
      if (counter.successClears) remove.run(counter.scope, counter.key);
      else giveBack.run(lockedUntil, previousLockedUntil, counter.scope, counter.key);
    }
  });

  return {
    /**
     * Counts one attempt against every counter, as a failure, before it is evaluated; refused without
     * counting when any of them is locked.
     */
    attempt(counters: Counter[], now: number): Attempt {
      const result = reserve.immediate(counters, now);
      if ('refusedFor' in result) return { allowed: false, retryAfterMs: result.refusedFor, succeeded: () => {} };
      const setLock = Math.max(0, ...result.reserved.map(({ lockedUntil }) => (lockedUntil ? lockedUntil - now : 0)));
      let released = false;
      return {
        allowed: true,
        retryAfterMs: setLock,
        succeeded: () => {
          if (released) return;
          released = true;
          release.immediate(result.reserved);
        },
      };
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
      purgeEvents.run(now - Math.max(limits.resetWindowMs, limits.failureWindowMs));
    },
  };
}

export type AttemptLimits = ReturnType<typeof createAttemptLimits>;

/** Retry-After in whole seconds, never 0 (a client would retry at once). */
export function retryAfterSeconds(ms: number): string {
  return String(Math.max(1, Math.ceil(ms / 1000)));
}
