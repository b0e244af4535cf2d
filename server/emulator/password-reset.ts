/**
 * Password reset with one-time codes (SPEC §4, §8): reset_password finds the person by national ID
 * and phone, sends a 6-digit code by email and another by SMS (to the dev outbox), and answers the
 * links for the later steps. The email code is checked before the SMS code; three wrong codes end the
 * reset; codes live 15 minutes; a new reset within 60 seconds is too soon. The last step checks both
 * codes again and enforces the password rules with the front end's own module.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { assessPassword } from '../../src/features/password-strength/password-rules';
import { apiError } from './api-error';
import { commonPasswordCheck } from './common-passwords';
import type { Db } from './db';
import type { Outbox } from './outbox';
import { hashPassword } from './passwords';
import type { PersonStore } from './persons';
import { apiBodyLimit, jsonObject, requireCsrf } from './request-guards';
import { linkTargets, relationBase } from './root';
import type { Session, SessionStore } from './sessions';

export const resetLimits = {
  codeLifetimeMs: 15 * 60 * 1000,
  maxWrongCodes: 3,
  minimumIntervalMs: 60 * 1000,
};

interface ResetRow {
  id: string;
  national_id: string;
  email_code: string;
  sms_code: string;
  email_code_ok: number;
  sms_code_ok: number;
  wrong_attempts: number;
  invalidated: number;
  completed: number;
  created_at: number;
}

function sixDigits(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

function resetLinks(id: string) {
  const base = `${linkTargets.reset_password}/${id}`;
  return [
    { rel: `${relationBase}check_email_code`, uri: `${base}/email-code` },
    { rel: `${relationBase}check_sms_code`, uri: `${base}/sms-code` },
    { rel: `${relationBase}self`, uri: base },
  ];
}

function codeOf(body: Record<string, unknown> | null, field = 'code'): string | null {
  const value = body?.[field];
  return typeof value === 'string' && /^\s*\d[\d\s]*$/.test(value) ? value.replace(/\s/g, '') : null;
}

export function passwordResetRoutes(db: Db, sessions: SessionStore, persons: PersonStore, outbox: Outbox, now: () => number = Date.now) {
  const routes = new Hono<{ Variables: { session: Session } }>();
  const insert = db.prepare('INSERT INTO password_resets (id, national_id, email_code, sms_code, created_at) VALUES (?, ?, ?, ?, ?)');
  const latestFor = db.prepare<[string], ResetRow>('SELECT * FROM password_resets WHERE national_id = ? ORDER BY created_at DESC LIMIT 1');
  const byId = db.prepare<[string], ResetRow>('SELECT * FROM password_resets WHERE id = ?');
  const update = db.prepare(
    'UPDATE password_resets SET email_code_ok = ?, sms_code_ok = ?, wrong_attempts = ?, invalidated = ?, completed = ? WHERE id = ?',
  );
  const save = (row: ResetRow) => update.run(row.email_code_ok, row.sms_code_ok, row.wrong_attempts, row.invalidated, row.completed, row.id);

  routes.post(linkTargets.reset_password, apiBodyLimit, requireCsrf(sessions), async (c) => {
    const body = await jsonObject(c);
    const phone = typeof body?.phoneNumber === 'string' ? body.phoneNumber.replace(/\s/g, '') : '';
    const nationalId = typeof body?.taxReference === 'string' ? body.taxReference.replace(/\s/g, '') : '';
    if (!/^\d{8}$/.test(phone) || !/^\d{11}$/.test(nationalId)) {
      return apiError(c, 400, 'VALIDATION_FAILED', 'Expected phoneNumber (8 digits) and taxReference (11 digits)');
    }
    const person = persons.find(nationalId);
    if (!person || !person.isUser || person.phone !== phone) {
      return apiError(c, 404, 'NOT_FOUND', 'No user with that combination of national ID number and phone number');
    }
    if (person.strongAuthRequired) return apiError(c, 403, 'RESET_PASSWORD_DENIED_STRONG_AUTH', 'This account needs strong authentication');
    if (person.codeResetBlocked || person.suspended) return apiError(c, 403, 'RESET_PASSWORD_DENIED_BLOCKED', 'Code reset is turned off for this account');
    const previous = latestFor.get(nationalId);
    if (previous && now() - previous.created_at < resetLimits.minimumIntervalMs) {
      return apiError(c, 429, 'RESET_PASSWORD_TOO_SOON', 'A reset was started less than a minute ago');
    }
    const id = randomBytes(18).toString('base64url');
    const emailCode = sixDigits();
    const smsCode = sixDigits();
    insert.run(id, nationalId, emailCode, smsCode, now());
    sessions.setPasswordReset(c.get('session'), id);
    if (person.email) outbox.send({ channel: 'email', to: person.email, code: emailCode, purpose: 'password-reset' });
    outbox.send({ channel: 'sms', to: phone, code: smsCode, purpose: 'password-reset' });
    return c.json({ link: resetLinks(id) }, 201);
  });

  /** The reset a call is about: from the path, or the one this session started (the root's links). */
  function openReset(c: Context<{ Variables: { session: Session } }>): ResetRow | Response {
    const id = c.req.param('id') ?? c.get('session').passwordResetId;
    const reset = id ? byId.get(id) : undefined;
    if (!reset) return apiError(c, 404, 'NOT_FOUND', 'No such password reset');
    if (reset.invalidated || reset.completed || now() - reset.created_at > resetLimits.codeLifetimeMs) {
      return apiError(c, 400, 'RESET_PASSWORD_INVALIDATED', 'This reset has ended: start again');
    }
    return reset;
  }

  /** A wrong code counts against the reset; the third ends it. */
  function wrongCode(c: Context, reset: ResetRow) {
    reset.wrong_attempts += 1;
    if (reset.wrong_attempts >= resetLimits.maxWrongCodes) {
      reset.invalidated = 1;
      save(reset);
      return apiError(c, 400, 'RESET_PASSWORD_INVALIDATED', 'Too many wrong codes: start again');
    }
    save(reset);
    return apiError(c, 400, 'RESET_PASSWORD_WRONG_CODE', 'Wrong code');
  }

  const checkCode = (channel: 'email' | 'sms') => async (c: Context<{ Variables: { session: Session } }>) => {
    const reset = openReset(c);
    if (reset instanceof Response) return reset;
    const code = codeOf(await jsonObject(c));
    if (!code) return apiError(c, 400, 'VALIDATION_FAILED', 'Expected {code}');
    if (channel === 'sms' && !reset.email_code_ok) {
      return apiError(c, 400, 'VALIDATION_FAILED', 'The email code must be checked before the SMS code');
    }
    if (code !== (channel === 'email' ? reset.email_code : reset.sms_code)) return wrongCode(c, reset);
    if (channel === 'email') reset.email_code_ok = 1;
    else reset.sms_code_ok = 1;
    save(reset);
    return c.json({});
  };

  const complete = async (c: Context<{ Variables: { session: Session } }>) => {
    const reset = openReset(c);
    if (reset instanceof Response) return reset;
    const body = await jsonObject(c);
    const emailCode = codeOf(body, 'emailcode');
    const smsCode = codeOf(body, 'smscode');
    const passwordField = body?.password as { password?: unknown } | undefined;
    const password = typeof passwordField?.password === 'string' ? passwordField.password : null;
    if (!emailCode || !smsCode || password === null) {
      return apiError(c, 400, 'VALIDATION_FAILED', 'Expected {emailcode, smscode, password: {password}}');
    }
    if (!reset.email_code_ok || !reset.sms_code_ok || emailCode !== reset.email_code || smsCode !== reset.sms_code) {
      return wrongCode(c, reset);
    }
    const assessment = assessPassword(password, commonPasswordCheck());
    if (!assessment.ok) {
      const problem = (assessment.problem ?? 'not_strong_enough').toUpperCase();
      return apiError(c, 400, `PASSWORD_${problem}`, `The new password is not allowed: ${assessment.problem ?? 'not strong enough'}`);
    }
    persons.setPasswordHash(reset.national_id, hashPassword(password));
    reset.completed = 1;
    save(reset);
    sessions.setPasswordReset(c.get('session'), null);
    return c.json({});
  };

  const guards = [apiBodyLimit, requireCsrf(sessions)] as const;
  // The root document's links act on the reset this session started (before /:id, which would take them).
  routes.post(linkTargets.check_email_code, ...guards, checkCode('email'));
  routes.post(linkTargets.check_sms_code, ...guards, checkCode('sms'));
  routes.post(`${linkTargets.reset_password}/:id/email-code`, ...guards, checkCode('email'));
  routes.post(`${linkTargets.reset_password}/:id/sms-code`, ...guards, checkCode('sms'));
  routes.post(`${linkTargets.reset_password}/:id`, ...guards, complete);
  return routes;
}
