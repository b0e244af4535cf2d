/**
 * Sessions as the real backend keeps them: an opaque id in an HttpOnly, SameSite cookie, a CSRF token
 * per session, and a role once someone has signed in. Signing in starts a new session (new id, new
 * token), so an id known before sign-in is worth nothing after it. A session ends after 30 minutes
 * without a request and 12 hours after it began, whatever happens (limits.ts); a completed password
 * reset ends every session of that person. Ended and surplus anonymous sessions are purged, so the
 * table stays bounded under load.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Role } from '../../src/contract/api';
import type { ClientView } from '../client-address';
import type { Db } from './db';
import { defaultLimits, type Limits } from './limits';
import { clockSkewToleranceSeconds } from '../../src/contract/limits';

export const sessionCookieName = 'SESSION';
/**
 * The session cookie's name over https: the __Host- prefix makes the browser accept it only when it is
 * Secure, for the whole host (Path=/) and from no other domain, so a sibling domain or a plain-http
 * page cannot plant or shadow it. Over https only this name is read.
 */
export const secureSessionCookieName = `__Host-${sessionCookieName}`;
/** Remembers who signed in last on this browser; kept when logging out (SPEC §4). */
export const personIdCookieName = 'dp-person-id';

/** A session's last use is written at most this often. */
const touchEveryMs = 1000;
/** How many new sessions between two purges on write (besides the timer in index.ts). */
const purgeEveryInserts = 500;

export type AuthMethod = 'IDPORTEN' | 'PASSWORD' | 'IDP_BROKER' | 'DEV' | 'PASSKEY';

export interface Session {
  id: string;
  csrfToken: string;
  role: Role | null;
  personId: string | null;
  authenticationLevel: number | null;
  authMethod: AuthMethod | null;
  /** The password reset this browser has under way, if any. */
  passwordResetId: string | null;
  /** The app authorization the login that made this session was made for (docs/decisions/019). */
  appAuthorization: string | null;
  /** When it began, by the browser's clock: for a signed-in session, when the person signed in (a new one starts at every sign-in). */
  createdAt: number;
  /** The passkey (its id in passkey-store.ts) this session was signed in with: removing it ends the session (issue #44). */
  passkeyId: string | null;
}

interface SessionRow {
  id: string;
  created_at: number;
  last_seen_at: number;
  csrf_token: string;
  role: Role | null;
  person_id: string | null;
  authentication_level: number | null;
  auth_method: AuthMethod | null;
  password_reset_id: string | null;
  app_authorization: string | null;
  passkey_id: string | null;
}

function token(): string {
  return randomBytes(24).toString('base64url');
}

function fromRow(row: SessionRow): Session {
  return {
    id: row.id,
    csrfToken: row.csrf_token,
    role: row.role,
    personId: row.person_id,
    authenticationLevel: row.authentication_level,
    authMethod: row.auth_method,
    passwordResetId: row.password_reset_id,
    appAuthorization: row.app_authorization,
    createdAt: row.created_at,
    passkeyId: row.passkey_id,
  };
}

/**
 * The secret behind the person-id cookie: made once per DATA_DIR and kept in the database, so the
 * cookie is the same for a person across restarts and servers, and cannot be computed from a national
 * ID by anyone without it.
 */
export function personIdSecret(db: Db): Buffer {
  return storedSecret(db, 'person-id');
}

/** A random secret of this DATA_DIR, by name: made on first use, kept in the database, shared by every server on it. */
export function storedSecret(db: Db, name: string): Buffer {
  db.prepare('INSERT OR IGNORE INTO secrets (name, value) VALUES (?, ?)').run(name, randomBytes(32).toString('base64'));
  const row = db.prepare<[string], { value: string }>('SELECT value FROM secrets WHERE name = ?').get(name);
  return Buffer.from(row!.value, 'base64');
}

export interface SignIn {
  role: Role;
  personId: string | null;
  authenticationLevel: number | null;
  authMethod: AuthMethod;
  /** The app authorization this login was made for, from the app's own login pages (decision 019). */
  appAuthorization?: string | null;
  /** The passkey a PASSKEY sign-in was made with. */
  passkeyId?: string | null;
}

/** The time as a request sees it: the emulator's dev clock can be moved per browser. */
export type Clock = (c: Context) => number;

export interface SessionStoreOptions {
  clock?: Clock;
  limits?: Pick<Limits, 'sessionIdleMs' | 'sessionAbsoluteMs' | 'maxAnonymousSessions'>;
  /** Whether the browser came over https (TRUST_PROXY decides whether a proxy's word counts). */
  isHttps?: ClientView['isHttps'];
  /** Told of each sign-in once its session has started (the device cookie of a private person's, index.ts). */
  afterSignIn?: (c: Context, signIn: SignIn) => void;
}

export function createSessionStore(db: Db, options: SessionStoreOptions = {}) {
  const clock = options.clock ?? (() => Date.now());
  const limits = options.limits ?? defaultLimits;
  const isSecure = options.isHttps ?? ((c: Context) => new URL(c.req.url).protocol === 'https:');
  const secret = personIdSecret(db);
  const cookieOf = (c: Context) => (isSecure(c) ? secureSessionCookieName : sessionCookieName);
  const select = db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO sessions (id, csrf_token, role, person_id, authentication_level, auth_method, app_authorization, passkey_id, created_at, last_seen_at, touched_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // last_seen_at is the browser's own time (its dev clock decides when its session has timed out);
  // touched_at is real time, which alone decides purging, so no browser's clock can pin a row.
  const touch = db.prepare('UPDATE sessions SET last_seen_at = ?, touched_at = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM sessions WHERE id = ?');
  const setReset = db.prepare('UPDATE sessions SET password_reset_id = ? WHERE id = ?');
  const removeOfPerson = db.prepare('DELETE FROM sessions WHERE person_id = ?');
  const removeOfPasskey = db.prepare('DELETE FROM sessions WHERE passkey_id = ?');
  const purgeAnonymous = db.prepare('DELETE FROM sessions WHERE role IS NULL AND touched_at < ?');
  // A signed-in session that has ended stays a while, so the areas can say "timed out" (timeout page).
  const purgeSignedIn = db.prepare('DELETE FROM sessions WHERE role IS NOT NULL AND touched_at < ?');
  const countAnonymous = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM sessions WHERE role IS NULL');
  const trimAnonymous = db.prepare('DELETE FROM sessions WHERE id IN (SELECT id FROM sessions WHERE role IS NULL ORDER BY touched_at DESC LIMIT -1 OFFSET ?)');
  let insertsSincePurge = 0;

  /** Deletes ended sessions, and the least recently used anonymous ones beyond the cap. */
  function purge(now = Date.now()) {
    insertsSincePurge = 0;
    purgeAnonymous.run(now - limits.sessionIdleMs);
    purgeSignedIn.run(now - limits.sessionIdleMs - limits.sessionAbsoluteMs);
    if ((countAnonymous.get()?.n ?? 0) > limits.maxAnonymousSessions) trimAnonymous.run(limits.maxAnonymousSessions);
  }

  function start(c: Context, signIn: Partial<SignIn> = {}): Session {
    const now = clock(c);
    const session: Session = {
      id: token(),
      csrfToken: token(),
      role: signIn.role ?? null,
      personId: signIn.personId ?? null,
      authenticationLevel: signIn.authenticationLevel ?? null,
      authMethod: signIn.authMethod ?? null,
      passwordResetId: null,
      appAuthorization: signIn.appAuthorization ?? null,
      createdAt: now,
      passkeyId: signIn.passkeyId ?? null,
    };
    insert.run(
      session.id,
      session.csrfToken,
      session.role,
      session.personId,
      session.authenticationLevel,
      session.authMethod,
      session.appAuthorization,
      session.passkeyId,
      now,
      now,
      Date.now(),
    );
    if (++insertsSincePurge >= purgeEveryInserts) purge();
    setCookie(c, cookieOf(c), session.id, { path: '/', httpOnly: true, sameSite: 'Lax', secure: isSecure(c) });
    return session;
  }

  /**
   * Idle too long, past its lifetime, or begun after this request's "now" (beyond a clock's small
   * step back): a sign-in dated in the future (a browser's dev clock moved forward, then back) would
   * otherwise outlive its limits (issue #44).
   */
  const isExpired = (c: Context, row: SessionRow & { created_at: number }) => {
    const now = clock(c);
    return (
      row.created_at - now > clockSkewToleranceSeconds * 1000 ||
      now - row.last_seen_at > limits.sessionIdleMs ||
      now - row.created_at > limits.sessionAbsoluteMs
    );
  };

  /** The caller's live session; an expired one is as good as none (its row stays, see status). */
  function current(c: Context): Session | null {
    const id = getCookie(c, cookieOf(c));
    if (!id) return null;
    const row = select.get(id);
    if (!row || isExpired(c, row)) return null;
    // Every write is a durable commit (an fsync): a session used again within a second is not rewritten.
    const now = clock(c);
    if (now - row.last_seen_at >= touchEveryMs || now < row.last_seen_at) touch.run(now, Date.now(), id);
    return fromRow(row);
  }

  return {
    current,
    purge,
    /** The session of that id if it is still live by this request's clock (not touched): for a check inside a transaction. */
    live(c: Context, id: string): Session | null {
      const row = select.get(id);
      return row && !isExpired(c, row) ? fromRow(row) : null;
    },
    /** Whether the caller's cookie names a signed-in session that has ended (idle, or past its lifetime). */
    signedInSessionExpired(c: Context): boolean {
      const id = getCookie(c, cookieOf(c));
      const row = id ? select.get(id) : undefined;
      return Boolean(row && row.role && isExpired(c, row));
    },
    /** The caller's session, or a new anonymous one (with its cookie set on the response). */
    currentOrNew(c: Context): Session {
      return current(c) ?? start(c);
    },
    /** Ends any session the caller had and starts a signed-in one. */
    signIn(c: Context, signIn: SignIn): Session {
      const previous = current(c);
      if (previous) remove.run(previous.id);
      const session = start(c, signIn);
      if (signIn.personId) {
        // Keyed with the DATA_DIR's secret: the same person gets the same value, and nobody can work
        // back from it to a national ID by hashing candidates. Nothing in the page needs to read it.
        const opaque = createHmac('sha256', secret).update(`person:${signIn.personId}`).digest('base64url').slice(0, 22);
        setCookie(c, personIdCookieName, opaque, { path: '/', httpOnly: true, sameSite: 'Lax', secure: isSecure(c), maxAge: 365 * 24 * 3600 });
      }
      options.afterSignIn?.(c, signIn);
      return session;
    },
    setPasswordReset(session: Session, resetId: string | null) {
      setReset.run(resetId, session.id);
    },
    /** Ends every session of a person (after their password has been reset). */
    endAllOf(personId: string) {
      removeOfPerson.run(personId);
    },
    /** Ends every session signed in with the passkey (it has been removed): how many there were. */
    endAllSignedInWith(passkeyId: string): number {
      return removeOfPasskey.run(passkeyId).changes;
    },
    end(c: Context, session: Session | null) {
      if (session) remove.run(session.id);
      deleteCookie(c, cookieOf(c), { path: '/', httpOnly: true, sameSite: 'Lax', secure: isSecure(c) });
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
