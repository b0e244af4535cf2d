/**
 * Sessions as the real backend keeps them: an opaque id in an HttpOnly, SameSite cookie, a CSRF token
 * per session, and a role once someone has signed in. Signing in starts a new session (new id, new
 * token), so an id known before sign-in is worth nothing after it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Db } from './db';

export const sessionCookieName = 'SESSION';
/** Remembers who signed in last on this browser; kept when logging out (SPEC §4). */
export const personIdCookieName = 'dp-person-id';

/** Sessions end after this long without a request (the real backend's idle timeout). */
export const sessionIdleMs = 30 * 60 * 1000;

export type Role = 'PRIVAT' | 'VIRKSOMHET' | 'ADMIN' | 'REGISTRERING';
export type AuthMethod = 'IDPORTEN' | 'PASSWORD' | 'IDP_BROKER' | 'DEV';

export interface Session {
  id: string;
  csrfToken: string;
  role: Role | null;
  personId: string | null;
  authenticationLevel: number | null;
  authMethod: AuthMethod | null;
  /** The password reset this browser has under way, if any. */
  passwordResetId: string | null;
}

interface SessionRow {
  id: string;
  last_seen_at: number;
  csrf_token: string;
  role: Role | null;
  person_id: string | null;
  authentication_level: number | null;
  auth_method: AuthMethod | null;
  password_reset_id: string | null;
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
  };
}

function isSecure(c: Context): boolean {
  return new URL(c.req.url).protocol === 'https:';
}

export interface SignIn {
  role: Role;
  personId: string | null;
  authenticationLevel: number | null;
  authMethod: AuthMethod;
}

/** The time as a request sees it: the emulator's dev clock can be moved per browser. */
export type Clock = (c: Context) => number;

export function createSessionStore(db: Db, clock: Clock = () => Date.now()) {
  const select = db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO sessions (id, csrf_token, role, person_id, authentication_level, auth_method, created_at, last_seen_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const touch = db.prepare('UPDATE sessions SET last_seen_at = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM sessions WHERE id = ?');
  const setReset = db.prepare('UPDATE sessions SET password_reset_id = ? WHERE id = ?');

  function start(c: Context, signIn: Partial<SignIn> = {}): Session {
    const session: Session = {
      id: token(),
      csrfToken: token(),
      role: signIn.role ?? null,
      personId: signIn.personId ?? null,
      authenticationLevel: signIn.authenticationLevel ?? null,
      authMethod: signIn.authMethod ?? null,
      passwordResetId: null,
    };
    const now = clock(c);
    insert.run(session.id, session.csrfToken, session.role, session.personId, session.authenticationLevel, session.authMethod, now, now);
    setCookie(c, sessionCookieName, session.id, { path: '/', httpOnly: true, sameSite: 'Lax', secure: isSecure(c) });
    return session;
  }

  const isExpired = (c: Context, row: SessionRow) => clock(c) - row.last_seen_at > sessionIdleMs;

  /** The caller's live session; an expired one is as good as none (its row stays, see status). */
  function current(c: Context): Session | null {
    const id = getCookie(c, sessionCookieName);
    if (!id) return null;
    const row = select.get(id);
    if (!row || isExpired(c, row)) return null;
    touch.run(clock(c), id);
    return fromRow(row);
  }

  return {
    current,
    /** Whether the caller's cookie names a signed-in session that has ended for lack of activity. */
    signedInSessionExpired(c: Context): boolean {
      const id = getCookie(c, sessionCookieName);
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
        const opaque = createHash('sha256').update(`person:${signIn.personId}`).digest('base64url').slice(0, 22);
        setCookie(c, personIdCookieName, opaque, { path: '/', sameSite: 'Lax', secure: isSecure(c), maxAge: 365 * 24 * 3600 });
      }
      return session;
    },
    setPasswordReset(session: Session, resetId: string | null) {
      setReset.run(resetId, session.id);
    },
    end(c: Context, session: Session | null) {
      if (session) remove.run(session.id);
      deleteCookie(c, sessionCookieName, { path: '/', httpOnly: true, sameSite: 'Lax', secure: isSecure(c) });
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
