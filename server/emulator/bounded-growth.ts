/**
 * What requests without a signed-in person may add to the database, bounded (issue #34, item 5: a
 * minute of anonymous log entries made 1.7 GB, and cookie-less login starts 226,000 rows). Two tools,
 * used together where anyone can write:
 *  - a rate per client address (its IPv6 /64), refused with 429 TOO_MANY_REQUESTS and Retry-After;
 *  - a cap on a table's rows, the oldest going first, applied every so many writes and on the purge
 *    timer, so a flood from many addresses still ends at the cap.
 * Rates are kept in memory, per server: they slow one address down, the caps hold the disk.
 */
import type { Context } from 'hono';
import { apiError, retryAfterSeconds } from '../http/api-error';
import type { Db } from './db';

export interface RateOptions {
  /** Requests one address may make in a minute (a burst of that many, then one each 60/perMinute s). */
  perMinute: number;
  /** Addresses remembered at most; the least recently seen are forgotten first. */
  maxAddresses?: number;
  now?: () => number;
}

/** A token bucket per address: `take` answers 0 (go on) or the milliseconds until one more is allowed. */
export function createRate({ perMinute, maxAddresses = 50_000, now = Date.now }: RateOptions) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refillPerMs = perMinute / 60_000;
  return {
    take(address: string): number {
      const at = now();
      const bucket = buckets.get(address);
      const tokens = bucket ? Math.min(perMinute, bucket.tokens + (at - bucket.at) * refillPerMs) : perMinute;
      // Moved to the end: the map's order is the order last seen, and the oldest go first.
      buckets.delete(address);
      if (buckets.size >= maxAddresses) buckets.delete(buckets.keys().next().value as string);
      if (tokens < 1) {
        buckets.set(address, { tokens, at });
        return Math.ceil((1 - tokens) / refillPerMs);
      }
      buckets.set(address, { tokens: tokens - 1, at });
      return 0;
    },
  };
}

export type Rate = ReturnType<typeof createRate>;

/**
 * Middleware: a request beyond its address's rate is answered 429 TOO_MANY_REQUESTS with Retry-After
 * before anything is read or written. Requests with no known address go on (a test's in-process call).
 */
export function limitRate(rate: Rate, addressOf: (c: Context) => string | undefined) {
  return async (c: Context, next: () => Promise<void>) => {
    const address = addressOf(c);
    const waitMs = address === undefined ? 0 : rate.take(address);
    if (waitMs > 0) {
      c.header('Retry-After', retryAfterSeconds(waitMs));
      return apiError(c, 429, 'TOO_MANY_REQUESTS', 'Too many requests from this address: wait a little');
    }
    await next();
  };
}

/**
 * Keeps at most `max` rows of `table` (of those matching `where`, when given), the newest by `column`
 * (indexed): call `wrote()` after each insert (every `every` inserts it trims) and `trim()` from the
 * purge timer.
 */
export function cappedTable(db: Db, table: string, column: string, max: number, every = 100, where = '1') {
  const trimStatement = db.prepare(
    `DELETE FROM ${table} WHERE ${where} AND ${column} <= (SELECT ${column} FROM ${table} WHERE ${where} ORDER BY ${column} DESC LIMIT 1 OFFSET ?)`,
  );
  let writes = 0;
  const trim = () => {
    writes = 0;
    trimStatement.run(max);
  };
  return {
    trim,
    wrote() {
      if (++writes >= every) trim();
    },
  };
}
