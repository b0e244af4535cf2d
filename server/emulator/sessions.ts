/**
 * Sessions as the real backend keeps them: an opaque id in an HttpOnly, SameSite cookie, a CSRF token
 * per session, and a role once someone has signed in.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Db } from './db';

export const sessionCookieName = 'SESSION';

export interface Session {
  id: string;
  csrfToken: string;
  role: string | null;
  personId: string | null;
  authenticationLevel: number | null;
}

interface SessionRow {
  id: string;
  csrf_token: string;
  role: string | null;
  person_id: string | null;
  authentication_level: number | null;
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
  };
}

export function createSessionStore(db: Db) {
  const select = db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE id = ?');
  const insert = db.prepare(
    'INSERT INTO sessions (id, csrf_token, created_at, last_seen_at) VALUES (?, ?, ?, ?)',
  );
  const touch = db.prepare('UPDATE sessions SET last_seen_at = ? WHERE id = ?');

  function current(c: Context): Session | null {
    const id = getCookie(c, sessionCookieName);
    if (!id) return null;
    const row = select.get(id);
    if (!row) return null;
    touch.run(Date.now(), id);
    return fromRow(row);
  }

  function create(c: Context): Session {
    const id = token();
    const csrfToken = token();
    const now = Date.now();
    insert.run(id, csrfToken, now, now);
    setCookie(c, sessionCookieName, id, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: new URL(c.req.url).protocol === 'https:',
    });
    return { id, csrfToken, role: null, personId: null, authenticationLevel: null };
  }

  return {
    current,
    /** The caller's session, or a new anonymous one (with its cookie set on the response). */
    currentOrNew(c: Context): Session {
      return current(c) ?? create(c);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
