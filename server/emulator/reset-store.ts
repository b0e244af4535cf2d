/**
 * The password resets in SQLite (password-reset.ts's store): a start under one write lock with the
 * person's limits, and each code check's try taken in one statement before anything is compared.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { ResetErrorCode } from '../../src/contract/api';
import { resetCodeLength } from '../../src/contract/limits';
import type { AttemptLimits } from './attempt-limits';
import type { Db } from './db';
import type { Limits } from './limits';

const hourMs = 3_600_000;

export interface ResetRow {
  id: string;
  national_id: string;
  email_code: string;
  sms_code: string;
  email_code_ok: number;
  sms_code_ok: number;
  /** Tries taken: each check takes one before comparing, and a right code gives it back. */
  wrong_attempts: number;
  invalidated: number;
  completed: number;
  created_at: number;
}

function oneTimeCode(): string {
  return randomInt(0, 10 ** resetCodeLength)
    .toString()
    .padStart(resetCodeLength, '0');
}

/**
 * `resetsLeft`: resets the person may still start within the window after this one (beyond SPEC,
 * decision 026). `decoy`: answered as a start, but nothing is sent (issue #46).
 */
export type Started = { id: string; emailCode: string; smsCode: string; resetsLeft: number; decoy: boolean };
export type Refused = { refused: ResetErrorCode; waitMs: number; message: string };

export function createResetStore(db: Db, attempts: AttemptLimits, limits: Limits) {
  const insert = db.prepare('INSERT INTO password_resets (id, national_id, email_code, sms_code, created_at, decoy) VALUES (?, ?, ?, ?, ?, ?)');
  const latestFor = db.prepare<[string], ResetRow>('SELECT * FROM password_resets WHERE national_id = ? AND decoy = 0 ORDER BY created_at DESC LIMIT 1');
  const endOpenResets = db.prepare('UPDATE password_resets SET invalidated = 1 WHERE national_id = ? AND completed = 0 AND invalidated = 0');
  const byId = db.prepare<[string], ResetRow>('SELECT * FROM password_resets WHERE id = ?');
  const takeTry = db.prepare<[string, number, number], ResetRow>(
    `UPDATE password_resets SET wrong_attempts = wrong_attempts + 1
     WHERE id = ? AND invalidated = 0 AND completed = 0 AND wrong_attempts < ? AND created_at >= ?
     RETURNING *`,
  );
  const giveTryBack = db.prepare('UPDATE password_resets SET wrong_attempts = wrong_attempts - 1 WHERE id = ?');
  const invalidate = db.prepare('UPDATE password_resets SET invalidated = 1 WHERE id = ?');
  const emailCodeOk = db.prepare('UPDATE password_resets SET email_code_ok = 1, wrong_attempts = wrong_attempts - 1 WHERE id = ?');
  const smsCodeOk = db.prepare('UPDATE password_resets SET sms_code_ok = 1, wrong_attempts = wrong_attempts - 1 WHERE id = ?');
  const markCompleted = db.prepare('UPDATE password_resets SET completed = 1 WHERE id = ? AND completed = 0 AND invalidated = 0');

  /**
   * The person's limits, the end of any earlier reset and the new one, under one write lock.
   * RESET_PASSWORD_TOO_SOON is told only to the session that made the start within the interval (its
   * resend waits it out): to any other client, a start within the interval of the person's own answers
   * as a start does, sends nothing and leaves the person's reset alone (issue #46: its Retry-After told
   * a stranger the second the person started). It is not counted towards the day's starts (it costs the
   * person nothing), and its resetsLeft is what a start would have said had the person not just started
   * one: the person's start in its place.
   */
  const startReset = db.transaction((nationalId: string, now: number, ownResetId: string | null): Started | Refused => {
    const recent = attempts.recent('reset-start-person', nationalId, limits.resetWindowMs, now);
    if (recent.count >= limits.resetsPerPerson) {
      // In whole hours, rounded up: to the second, it would tell when the person started their resets (issue #46).
      const waitMs = Math.min(Math.ceil(recent.freeInMs / hourMs) * hourMs, limits.resetWindowMs);
      return { refused: 'RESET_PASSWORD_DAILY_LIMIT', waitMs, message: 'Too many password resets for this person today' };
    }
    const own = ownResetId ? byId.get(ownResetId) : undefined;
    if (own && own.national_id === nationalId && now - own.created_at < limits.resetMinimumIntervalMs) {
      const waitMs = own.created_at + limits.resetMinimumIntervalMs - now;
      return { refused: 'RESET_PASSWORD_TOO_SOON', waitMs, message: 'A reset was started less than a minute ago' };
    }
    const previous = latestFor.get(nationalId);
    const decoy = previous !== undefined && now - previous.created_at < limits.resetMinimumIntervalMs;
    // Counted from the same read as the limit, under the same lock: two starts at once never both say 4.
    const resetsLeft = Math.max(0, limits.resetsPerPerson - (recent.count + (decoy ? 0 : 1)));
    const started = { id: randomBytes(18).toString('base64url'), emailCode: oneTimeCode(), smsCode: oneTimeCode(), resetsLeft, decoy };
    if (!decoy) {
      endOpenResets.run(nationalId);
      attempts.record('reset-start-person', nationalId, now);
    }
    insert.run(started.id, nationalId, started.emailCode, started.smsCode, now, decoy ? 1 : 0);
    return started;
  });

  return {
    /** A new reset for the person, or the limit that refuses it (startReset above). */
    start: (nationalId: string, now: number, ownResetId: string | null): Started | Refused => startReset.immediate(nationalId, now, ownResetId),
    byId: (id: string): ResetRow | undefined => byId.get(id),
    /** One try taken before anything is compared: the reset after it, or null when it has ended (used up, invalidated, completed, expired before `since`). */
    takeTry: (id: string, since: number): ResetRow | null => takeTry.get(id, limits.maxWrongCodes, since) ?? null,
    giveTryBack: (id: string) => void giveTryBack.run(id),
    invalidate: (id: string) => void invalidate.run(id),
    /** A right code: marked, and its try given back. */
    codeOk: (channel: 'email' | 'sms', id: string) => void (channel === 'email' ? emailCodeOk : smsCodeOk).run(id),
    /** Whether this call completed it (false: it had ended, or another call completed it first). */
    markCompleted: (id: string): boolean => markCompleted.run(id).changes === 1,
  };
}
