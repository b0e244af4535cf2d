/**
 * Email verification (SPEC §7): POST /post/api/private/emailVerification/{token} answers 200 for a
 * token that is known, unused and not expired, and 400 otherwise. Links are "sent" to the dev outbox:
 * on first start one that works and one that has expired; more on demand at POST /dev/api/email-verification.
 */
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { apiError } from '../http/api-error';
import type { Db } from './db';
import type { Outbox } from './outbox';
import type { PersonStore } from './persons';
import { apiBodyLimit, jsonObject, requireCsrf } from './request-guards';
import type { SessionStore } from './sessions';

const lifetimeMs = 7 * 24 * 3600 * 1000;

interface VerificationRow {
  token: string;
  expires_at: number;
  verified_at: number | null;
}

export function createEmailVerifications(db: Db, persons: PersonStore, outbox: Outbox, now: () => number = Date.now) {
  const insert = db.prepare('INSERT INTO email_verifications (token, national_id, email, expires_at) VALUES (?, ?, ?, ?)');
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM email_verifications');
  const find = db.prepare<[string], VerificationRow>('SELECT token, expires_at, verified_at FROM email_verifications WHERE token = ?');
  const markVerified = db.prepare('UPDATE email_verifications SET verified_at = ? WHERE token = ?');

  function issue(nationalId: string, expired = false): string | null {
    const person = persons.find(nationalId);
    if (!person?.email) return null;
    const token = randomBytes(24).toString('base64url');
    insert.run(token, nationalId, person.email, expired ? now() - 24 * 3600 * 1000 : now() + lifetimeMs);
    const link = `/innlogging/epost-verifisering/?token=${token}`;
    outbox.send({ channel: 'email', to: person.email, link, purpose: 'email-verification' });
    return link;
  }

  return {
    issue,
    /** On first start: one link that works and one that has expired, for Kari Nordmann. */
    seed(nationalId: string) {
      if (count.get()?.n) return;
      issue(nationalId, true);
      issue(nationalId);
    },
    verify(token: string): boolean {
      const row = find.get(token);
      if (!row || row.verified_at !== null || row.expires_at < now()) return false;
      markVerified.run(now(), token);
      return true;
    },
  };
}

export type EmailVerifications = ReturnType<typeof createEmailVerifications>;

/** `api` is mounted at /post/api/private/emailVerification, `dev` at /dev. */
export function emailVerificationRoutes(verifications: EmailVerifications, sessions: SessionStore) {
  const api = new Hono();
  const dev = new Hono();
  api.post('/:token', apiBodyLimit, requireCsrf(sessions), (c) => {
    if (!verifications.verify(c.req.param('token'))) {
      return apiError(c, 400, 'EMAIL_VERIFICATION_FAILED', 'The link is unknown, used or expired');
    }
    return c.json({});
  });
  dev.post('/api/email-verification', async (c) => {
    const body = await jsonObject(c);
    const nationalId = typeof body?.nationalId === 'string' ? body.nationalId : '01817010055';
    const link = verifications.issue(nationalId, body?.expired === true);
    if (!link) return apiError(c, 400, 'VALIDATION_FAILED', 'Unknown person, or one without an email address');
    return c.json({ link }, 201);
  });
  return { api, dev };
}
