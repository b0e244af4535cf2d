/**
 * The sign-ins under way (`login_requests`: eID in login-private.ts, business and admin in
 * login-broker.ts), bounded without letting a flood end anybody else's (issue #34, item 5, and its
 * review):
 *  - a request started by a browser with a session is that session's: each session keeps its newest
 *    few, and a request whose session has gone goes too. Floods from other sessions never touch it,
 *    and sessions themselves are capped (sessions.ts);
 *  - a request started without a session (a cookie-less GET of login_idp, which anyone can send, even
 *    from another site) is in a pool of its own: one address starts at most
 *    limits.loginStartsPerMinute a minute, and the pool keeps its newest limits.maxLoginRequests;
 *  - every request is gone after its lifetime.
 * eID starts need a session and a CSRF token, so they are never refused by an address's rate: people
 * behind one address (a mobile carrier's, a school's) can always start one.
 */
import type { Context } from 'hono';
import { cappedTable, createRate } from './bounded-growth';
import type { Db } from './db';
import type { Limits } from './limits';

/** How long a sign-in started at an identity provider may take; older requests are purged. */
export const loginRequestLifetimeMs = 10 * 60 * 1000;

/** Sign-ins one session may have under way: a second tab, a retry, a changed mind. */
const perSession = 3;

export interface LoginRequestOptions {
  limits: Pick<Limits, 'loginStartsPerMinute' | 'maxLoginRequests'>;
  /** The client's address as the per-address limits count it (client-address.ts limitKey). */
  limitKey: (c: Context) => string | undefined;
  now?: () => number;
}

export function createLoginRequests(db: Db, { limits, limitKey, now = Date.now }: LoginRequestOptions) {
  const keepNewestOfSession = db.prepare(
    `DELETE FROM login_requests WHERE started_session_id = ?
       AND id NOT IN (SELECT id FROM login_requests WHERE started_session_id = ? ORDER BY created_at DESC LIMIT ${perSession})`,
  );
  const purgeExpired = db.prepare('DELETE FROM login_requests WHERE created_at < ?');
  const purgeOrphans = db.prepare(
    'DELETE FROM login_requests WHERE started_session_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM sessions WHERE sessions.id = login_requests.started_session_id)',
  );
  const anonymous = cappedTable(db, 'login_requests', 'created_at', limits.maxLoginRequests, 100, 'started_session_id IS NULL');
  const rate = createRate({ perMinute: limits.loginStartsPerMinute, now });
  const find = db.prepare<[string, string], { used: number; created_at: number }>('SELECT * FROM login_requests WHERE id = ? AND kind = ?');
  const use = db.prepare('UPDATE login_requests SET used = 1 WHERE id = ? AND used = 0');
  return {
    /** The request of that id and kind while it may still be finished (not used, not past its lifetime); else null. */
    open<Row extends { used: number; created_at: number }>(id: string | undefined, kind: 'IDPORTEN' | 'BROKER'): Row | null {
      const row = id ? (find.get(id, kind) as Row | undefined) : undefined;
      if (!row || row.used || Date.now() - row.created_at > loginRequestLifetimeMs) return null;
      return row;
    },
    /** Marks it used: true for the one call that did (a second submission of the same page gets false). */
    take(id: string): boolean {
      return use.run(id).changes === 1;
    },
    /** For a start without a session: 0 to go on, or the milliseconds this address must wait. */
    anonymousWait(c: Context): number {
      const address = limitKey(c);
      return address === undefined ? 0 : rate.take(address);
    },
    /** After a request was stored for `sessionId` (null: without a session). */
    stored(sessionId: string | null) {
      if (sessionId === null) anonymous.wrote();
      else keepNewestOfSession.run(sessionId, sessionId);
    },
    /** The purge timer's share: expired requests, those of ended sessions, the anonymous pool to its cap. */
    purge() {
      purgeExpired.run(Date.now() - loginRequestLifetimeMs);
      purgeOrphans.run();
      anonymous.trim();
    },
  };
}

export type LoginRequests = ReturnType<typeof createLoginRequests>;
