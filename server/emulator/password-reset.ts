/**
 * Password reset with one-time codes (SPEC §4, §8): reset_password finds the person by national ID
 * and phone, sends a 6-digit code by email and another by SMS (to the dev outbox), and answers the
 * links for the later steps (and the masked email address the code went to, beyond SPEC). The email code is checked before the SMS code; three wrong codes end the
 * reset; codes live 10 minutes; a new reset within 60 seconds is too soon, and ends the one before it.
 * The last step checks both codes again, enforces the password rules with the front end's own module,
 * ends every session of the person and removes every passkey not rooted in eID (issue #44: whatever a
 * password alone could add, the reset takes back), and emails which it removed and which it kept.
 *
 * Every code check takes its try in one SQL statement before the code is compared, so requests that
 * arrive together cannot share one count, and none is compared once the reset has ended. Beyond SPEC:
 * at most 5 resets per person a day (src/contract/limits.ts resetsPerPerson), and limits on wrong (ID, phone) guesses per address and per ID (limits.ts),
 * each refused with its own cause (issue #38): RESET_PASSWORD_DAILY_LIMIT (the person's resets),
 * RESET_PASSWORD_IDENTIFY_LOCKED (the ID or the phone typed), RESET_PASSWORD_ADDRESS_LOCKED (the
 * address; with several locked, the one that lasts longest, a person's own on a tie), never SPEC's
 * RESET_PASSWORD_LIMIT. The start's answer says how many resets the person has left (resetsLeft).
 */
import { Hono, type Context } from 'hono';
import type * as v from 'valibot';
import { assessPassword } from '../../src/features/password-strength/password-rules';
import type { ClientView } from '../client-address';
import { apiError, retryAfterSeconds } from '../http/api-error';
import type { AttemptLimits, Counter, Lock } from './attempt-limits';
import { commonPasswordCheck } from './common-passwords';
import type { Db } from './db';
import type { Limits } from './limits';
import type { Outbox } from './outbox';
import { hashPassword } from './passwords';
import { resetDoneNotice } from './notices';
import type { StoredPasskey } from './passkey-store';
import type { PersonStore } from './persons';
import type { resetStartedSchema } from '../../src/contract/answers';
import { passwordRuleCodes, type ApiErrorCode } from '../../src/contract/api';
import { codeCheckSchema, finalResetSchema, resetStartSchema } from '../../src/contract/requests';
import { apiBodyLimit, bodyOr400, parsedOr400, readJson, requireCsrf } from './request-guards';

import { createResetStore, type ResetRow } from './reset-store';
import { linkTargets, relationBase } from './root';
import type { Clock, Session, SessionStore } from './sessions';

export interface PasswordResetDeps {
  db: Db;
  sessions: SessionStore;
  persons: PersonStore;
  outbox: Outbox;
  attempts: AttemptLimits;
  limits: Limits;
  /** A browser's own time (the dev clock): may only make its own codes expire sooner. */
  clock: Clock;
  /** Real time, for everything stored and shared (defaults to Date.now). */
  now?: () => number;
  client: ClientView;
  /** Ends the app approvals (OAuth codes) not yet exchanged of a person (oauth.ts). */
  endAppApprovalsOf?: (nationalId: string) => void;
  /** Removes a person's passkeys not rooted in eID (passkey-store.ts), inside the reset's transaction: those removed. */
  removePasswordRootedPasskeys?: (nationalId: string) => StoredPasskey[];
  /** Makes this browser a device of the person's (device-cookies.ts issue), after a completed reset. */
  trustDevice?: (c: Context, nationalId: string) => void;
  /** A person's passkeys: the confirmation email names those that still work. */
  passkeysOf?: (nationalId: string) => StoredPasskey[];
}

/**
 * Where the email code went, without giving the address away (beyond SPEC §7, decision 017): the
 * first character of the local part, five stars whatever its length, and the whole domain.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '*****';
  return `${email[0]}*****${email.slice(at)}`;
}

function resetLinks(id: string) {
  const base = `${linkTargets.reset_password}/${id}`;
  return [
    { rel: `${relationBase}check_email_code`, uri: `${base}/email-code` },
    { rel: `${relationBase}check_sms_code`, uri: `${base}/sms-code` },
    { rel: `${relationBase}self`, uri: base },
  ];
}

/** Mounted at /post/api/private/password-reset. */
export function passwordResetRoutes({
  db,
  sessions,
  persons,
  outbox,
  attempts,
  limits,
  clock,
  now: realNow = Date.now,
  client,
  endAppApprovalsOf = () => {},
  removePasswordRootedPasskeys = () => [],
  trustDevice = () => {},
  passkeysOf = () => [],
}: PasswordResetDeps) {
  const routes = new Hono<{ Variables: { session: Session } }>();
  const store = createResetStore(db, attempts, limits);

  const tooMany = (c: Context, code: ApiErrorCode, retryAfterMs: number, message: string) => {
    c.header('Retry-After', retryAfterSeconds(retryAfterMs));
    return apiError(c, 429, code, message);
  };

  routes.post('/', apiBodyLimit, requireCsrf(sessions), async (c) => {
    const body = await bodyOr400(c, resetStartSchema);
    if (body instanceof Response) return body;
    const { phoneNumber: phone, taxReference: nationalId } = body;
    // Real time for what is stored and shared (a browser's dev clock may only make its own codes expire sooner).
    const now = realNow();
    const address = client.limitKey(c);
    // Wrong (ID, phone) guesses count against the address, the ID typed and the phone typed, whether
    // anybody has them or not (so the answers do not tell): guesses spread over many addresses still
    // meet the ID's limit (phones for a known ID) and the phone's (IDs for a known phone). A lock
    // refuses before anything is looked up, a right pair too.
    // The ID's and the phone's count in fixed windows that nothing the person does moves (issue #46):
    // a count a right pair, an eID sign-in or a finished reset cleared would tell a stranger polling
    // it when the person did so.
    const guesses: Counter[] = [
      {
        scope: 'reset-identify-id',
        key: nationalId,
        threshold: limits.resetIdentifyFailuresPerId,
        successClears: false,
        fixedWindowMs: limits.untrustedWindowMs,
      },
      {
        scope: 'reset-identify-phone',
        key: phone,
        threshold: limits.resetIdentifyFailuresPerId,
        successClears: false,
        fixedWindowMs: limits.untrustedWindowMs,
      },
      ...(address ? [{ scope: 'reset-identify-address', key: address, threshold: limits.resetIdentifyFailuresPerAddress, successClears: false } as const] : []),
    ];
    // The same words for an ID nobody has: the cause is the counter's, never whether the person exists.
    const guessLimit = (lock: Lock) =>
      lock.scope === 'reset-identify-address'
        ? tooMany(c, 'RESET_PASSWORD_ADDRESS_LOCKED', lock.ms, 'Too many wrong attempts from this address: wait, or reset with electronic ID')
        : tooMany(
            c,
            'RESET_PASSWORD_IDENTIFY_LOCKED',
            lock.ms,
            'Too many wrong attempts for this national ID number or phone number: wait, or reset with electronic ID',
          );
    const locked = attempts.lockedFor(guesses, now);
    if (locked) return guessLimit(locked);
    const person = persons.find(nationalId);
    const found = Boolean(person && person.isUser && person.phone === phone);
    const lockNow = attempts.settle(guesses, found, now);
    if (lockNow) return guessLimit(lockNow);
    if (!person || !found) return apiError(c, 404, 'NOT_FOUND', 'No user with that combination of national ID number and phone number');
    if (person.strongAuthRequired) return apiError(c, 403, 'RESET_PASSWORD_DENIED_STRONG_AUTH', 'This account needs strong authentication');
    if (person.codeResetBlocked || person.suspended) return apiError(c, 403, 'RESET_PASSWORD_DENIED_BLOCKED', 'Code reset is turned off for this account');
    const started = store.start(nationalId, now, c.get('session').passwordResetId);
    if ('refused' in started) return tooMany(c, started.refused, started.waitMs, started.message);
    sessions.setPasswordReset(c.get('session'), started.id);
    if (!started.decoy) {
      if (person.email) outbox.send({ channel: 'email', to: person.email, code: started.emailCode, purpose: 'password-reset' });
      outbox.send({ channel: 'sms', to: phone, code: started.smsCode, purpose: 'password-reset' });
    }
    // Beyond SPEC §7: where the email code went, masked, for the wizard to say (decision 017), and how
    // many resets are left, so the last one is said before the limit refuses the next (decision 026).
    const masked = person.email ? { maskedEmail: maskEmail(person.email) } : {};
    return c.json({ link: resetLinks(started.id), ...masked, resetsLeft: started.resetsLeft } satisfies v.InferOutput<typeof resetStartedSchema>, 201);
  });

  const ended = (c: Context) => apiError(c, 400, 'RESET_PASSWORD_INVALIDATED', 'This reset has ended: start again');

  /** The reset a call is about: from the path, or the one this session started (the root's links). */
  function openReset(c: Context<{ Variables: { session: Session } }>): ResetRow | Response {
    const id = c.req.param('id') ?? c.get('session').passwordResetId;
    const reset = id ? store.byId(id) : undefined;
    if (!reset) return apiError(c, 404, 'NOT_FOUND', 'No such password reset');
    if (reset.invalidated || reset.completed || clock(c) - reset.created_at > limits.codeLifetimeMs) return ended(c);
    return reset;
  }

  /**
   * Takes one try, in one statement, before anything is compared: the reset as it stands after that,
   * or null when it has ended (used up, invalidated, completed or expired), whatever came in at once.
   */
  function tryOf(c: Context, reset: ResetRow): ResetRow | null {
    return store.takeTry(reset.id, clock(c) - limits.codeLifetimeMs);
  }

  /** A wrong code keeps its try; the one that uses up the last ends the reset. */
  function wrongCode(c: Context, taken: ResetRow) {
    if (taken.wrong_attempts >= limits.maxWrongCodes) {
      store.invalidate(taken.id);
      return apiError(c, 400, 'RESET_PASSWORD_INVALIDATED', 'Too many wrong codes: start again');
    }
    return apiError(c, 400, 'RESET_PASSWORD_WRONG_CODE', 'Wrong code');
  }

  const checkCode = (channel: 'email' | 'sms') => async (c: Context<{ Variables: { session: Session } }>) => {
    // The body first: a malformed one is refused the same whether the reset is open or not (issue #46:
    // free polling of a held reset would tell when a newer start ended it).
    const parsed = parsedOr400(c, codeCheckSchema, await readJson(c));
    if (parsed instanceof Response) return parsed;
    const reset = openReset(c);
    if (reset instanceof Response) return reset;
    const { code } = parsed;
    if (channel === 'sms' && !reset.email_code_ok) {
      return apiError(c, 400, 'VALIDATION_FAILED', 'The email code must be checked before the SMS code');
    }
    const taken = tryOf(c, reset);
    if (!taken) return ended(c);
    if (code !== (channel === 'email' ? taken.email_code : taken.sms_code)) return wrongCode(c, taken);
    store.codeOk(channel, taken.id);
    return c.json({});
  };

  /**
   * The new password, the end of the reset, of every session of the person, of their app approvals not
   * yet exchanged and of their passkeys not rooted in eID: all or nothing, under one write lock, so a
   * passkey added at the same moment is either removed here or refused (its session is gone).
   * The passkeys removed, or null when the reset had ended already.
   */
  const finish = db.transaction((reset: ResetRow, hash: string): StoredPasskey[] | null => {
    if (!store.markCompleted(reset.id)) return null;
    persons.setPasswordHash(reset.national_id, hash);
    sessions.endAllOf(reset.national_id);
    endAppApprovalsOf(reset.national_id);
    const removed = removePasswordRootedPasskeys(reset.national_id);
    // The reset start's counters are left as they are: a lock that lifted here would tell anyone polling it (issue #46).
    return removed;
  });

  const complete = async (c: Context<{ Variables: { session: Session } }>) => {
    const parsed = parsedOr400(c, finalResetSchema, await readJson(c));
    if (parsed instanceof Response) return parsed;
    const reset = openReset(c);
    if (reset instanceof Response) return reset;
    const {
      emailcode: emailCode,
      smscode: smsCode,
      password: { password },
    } = parsed;
    const taken = tryOf(c, reset);
    if (!taken) return ended(c);
    if (!taken.email_code_ok || !taken.sms_code_ok || emailCode !== taken.email_code || smsCode !== taken.sms_code) {
      return wrongCode(c, taken);
    }
    store.giveTryBack(taken.id);
    const assessment = assessPassword(password, commonPasswordCheck());
    if (!assessment.ok) {
      const named = `PASSWORD_${(assessment.problem ?? 'not_strong_enough').toUpperCase()}`;
      const code = passwordRuleCodes.find((known) => known === named) ?? 'PASSWORD_NOT_STRONG_ENOUGH';
      return apiError(c, 400, code, `The new password is not allowed: ${assessment.problem ?? 'not strong enough'}`);
    }
    const removed = finish.immediate(taken, hashPassword(password));
    if (removed === null) return ended(c);
    sessions.setPasswordReset(c.get('session'), null);
    // The person proved who they are in this browser: it is a device of theirs now (issue #46).
    trustDevice(c, taken.national_id);
    const person = persons.find(taken.national_id);
    if (person?.email) {
      // A reset someone else made is seen, with what it removed and what still works (docs/decisions/025).
      const notice = resetDoneNotice(person.language, { removed, kept: passkeysOf(person.nationalId) });
      outbox.send({ channel: 'email', to: person.email, ...notice, purpose: 'password-reset-completed' });
    }
    return c.json({});
  };

  const guards = [apiBodyLimit, requireCsrf(sessions)] as const;
  // The root document's links act on the reset this session started (before /:id, which would take them).
  routes.post('/email-code', ...guards, checkCode('email'));
  routes.post('/sms-code', ...guards, checkCode('sms'));
  routes.post('/:id/email-code', ...guards, checkCode('email'));
  routes.post('/:id/sms-code', ...guards, checkCode('sms'));
  routes.post('/:id', ...guards, complete);
  return routes;
}
