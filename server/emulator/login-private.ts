/**
 * Private sign-in: login_secure / login_secure_new_auth start an eID login at a simulated ID-porten
 * (under /dev/), and login_password checks a national ID number and password. Wrong passwords are
 * limited per client address and, by device cookies (issue #46, docs/decisions/028, device-cookies.ts),
 * per national ID in two ways:
 *  - from a browser holding the ID's device cookie, on that device alone: growing locks (429
 *    PASSWORD_LOGIN_LOCKED), and at the ceiling password login stops there (403 PASSWORD_LOGIN_STOPPED)
 *    until the person proves who they are in that browser (a new cookie, a fresh count);
 *  - from every other browser, on the ID's untrusted counters, in fixed windows that nothing the person
 *    does clears (429 PASSWORD_LOGIN_LOCKED_NEW_DEVICES until the window ends). A stranger who keeps
 *    them locked locks out no browser the person has signed in on.
 * The address's lock is 429 ADDRESS_LOCKED; with several, the one that lasts longer (the ID's on a
 * tie). To a browser without the cookie, the answer and the work done depend only on what such
 * browsers did and the clock: the hash is checked on every path, locked or not, for an ID nobody has
 * against a decoy. eID login is never limited by this, so nobody can lock a person out of the way
 * that always works.
 */
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { ClientView } from '../client-address';
import { apiError, retryAfterSeconds } from '../http/api-error';
import { stopped, type AttemptLimits, type Counter, type Lock } from './attempt-limits';
import type { Db } from './db';
import type { DeviceCookies } from './device-cookies';
import type { Limits } from './limits';
import type { LoginRequests } from './login-requests';
import { emulatorPage, html } from './html';
import { appAuthorizationReturningTo, appToken } from './oauth';
import { hashPassword, verifyPassword } from './passwords';
import type { PersonStore } from './persons';
import { loginStartSchema, passwordLoginSchema, type LoginStartPayload } from '../../src/contract/requests';
import type { IdpErrorCode } from '../../src/contract/api';
import { apiBodyLimit, bodyOr400, sameSitePath, requireCsrf, withQuery, onSite, formBodyOr400 } from './request-guards';
import type { Session, SessionStore } from './sessions';

/** Checked against for unknown IDs too, so the answer takes as long whether the person exists or not. */
let timingDecoy: string | undefined;

export interface LoginStart {
  level: number;
  returnUrl: string;
  returnUrlError: string;
  language: string;
}

/** The login-start payload (SPEC §3, parsed by its schema) with its return addresses on this site; or what is wrong. */
export function loginStartOf(body: LoginStartPayload): LoginStart | string {
  const returnUrl = sameSitePath(body.returnUrl);
  if (returnUrl === null) return 'returnUrl must be a path on this site';
  const returnUrlError = sameSitePath(body.returnUrlError);
  if (returnUrlError === null) return 'returnUrlError must be a path on this site';
  return { level: body.authenticationType === 'IDPORTEN_NIVAA_4' ? 4 : 3, returnUrl, returnUrlError, language: body.language };
}

interface LoginRequestRow {
  id: string;
  level: number;
  return_url: string;
  return_url_error: string;
  language: string;
  created_at: number;
  used: number;
  app_authorization: string | null;
  started_session_id: string | null;
}

const simulatorTexts = {
  nb: { title: 'ID-porten (simulert)', lead: 'Velg hvem du vil logge inn som', level: 'Sikkerhetsnivå', cancel: 'Avbryt' },
  nn: { title: 'ID-porten (simulert)', lead: 'Vel kven du vil logge inn som', level: 'Tryggleiksnivå', cancel: 'Avbryt' },
  en: { title: 'ID-porten (simulated)', lead: 'Choose who to log in as', level: 'Security level', cancel: 'Cancel' },
} as const;

export interface PasswordLimitDeps {
  attempts: AttemptLimits;
  limits: Limits;
  client: ClientView;
  /** Real time, for the limits (defaults to Date.now). */
  now?: () => number;
  /** The sign-ins under way, kept bounded (login-requests.ts). */
  loginRequests: LoginRequests;
  /** Which device this browser is for a national ID (device-cookies.ts). */
  devices: DeviceCookies;
}

/** `api` is mounted at /post/api/private/login, `dev` (the ID-porten stand-in) at /dev. */
export function privateLoginRoutes(
  db: Db,
  sessions: SessionStore,
  persons: PersonStore,
  { attempts, limits, client, now = Date.now, loginRequests, devices }: PasswordLimitDeps,
) {
  const api = new Hono<{ Variables: { session: Session } }>();
  const dev = new Hono();
  const insertRequest = db.prepare(
    `INSERT INTO login_requests (id, kind, level, return_url, return_url_error, language, created_at, app_authorization, started_session_id)
     VALUES (?, 'IDPORTEN', ?, ?, ?, ?, ?, ?, ?)`,
  );

  const startEidLogin = async (c: Context) => {
    const body = await bodyOr400(c, loginStartSchema);
    if (body instanceof Response) return body;
    const start = loginStartOf(body);
    if (typeof start === 'string') return apiError(c, 400, 'VALIDATION_FAILED', start);
    const id = randomBytes(18).toString('base64url');
    // A login for the app's authorization (its return is the app's approval page) counts as made in
    // that flow (decision 019) only when it certainly asks the person: a new authentication (level 4).
    // A level-3 login may pass silently on the identity provider's own session (kept from another
    // service, or by a logout of ours that left it), so the approval asks "is this you?" after it.
    const forced = c.req.path.endsWith('/new-auth');
    const appAuthorization = forced ? appAuthorizationReturningTo(start.returnUrl) : null;
    const startedBy = sessions.current(c)?.id ?? null;
    insertRequest.run(id, start.level, start.returnUrl, start.returnUrlError, start.language, Date.now(), appAuthorization, startedBy);
    loginRequests.stored(startedBy);
    c.header('Location', `/dev/idporten?request=${id}`);
    return c.json({});
  };
  api.post('/secure', apiBodyLimit, requireCsrf(sessions), startEidLogin);
  api.post('/secure/new-auth', apiBodyLimit, requireCsrf(sessions), startEidLogin);

  const openRequest = (id: string | undefined) => loginRequests.open<LoginRequestRow>(id, 'IDPORTEN');

  dev.get('/idporten', (c) => {
    const request = openRequest(c.req.query('request'));
    if (!request) {
      return c.html(emulatorPage({ title: 'ID-porten', body: html`<h1>This login has expired</h1><p><a href="/innlogging/">Start again</a></p>` }), 400);
    }
    const texts = simulatorTexts[request.language as keyof typeof simulatorTexts] ?? simulatorTexts.nb;
    const choices = persons
      .ofKind('PRIVATE')
      .map((person) => html`<li><button type="submit" name="nationalId" value="${person.nationalId}">${person.fullName}</button></li>`);
    return c.html(
      emulatorPage({
        title: texts.title,
        lang: request.language,
        body: html`<h1>${texts.title}</h1>
<p>${texts.lead}. <span class="hint">${texts.level}: ${request.level}</span></p>
<form method="post" action="/dev/idporten">
<input type="hidden" name="request" value="${request.id}">
<ul class="choices">${choices}</ul>
<p><button type="submit" name="cancel" value="1" class="primary">${texts.cancel}</button></p>
</form>`,
      }),
    );
  });

  dev.post('/idporten', async (c) => {
    const form = await formBodyOr400(c);
    if (form instanceof Response) return form;
    const request = openRequest(typeof form.request === 'string' ? form.request : undefined);
    if (!request || !loginRequests.take(request.id)) {
      return c.html(emulatorPage({ title: 'ID-porten', body: html`<h1>This login has expired</h1><p><a href="/innlogging/">Start again</a></p>` }), 400);
    }
    if (form.cancel) return c.redirect(withQuery(request.return_url_error, { idpErrorCode: 'AVBRUTT_AV_BRUKER' satisfies IdpErrorCode }), 303);
    const person = typeof form.nationalId === 'string' ? persons.find(form.nationalId) : null;
    if (!person || person.kind !== 'PRIVATE' || !person.isUser) {
      return c.redirect(withQuery(request.return_url_error, { kode: 'IKKE_AUTORISERT' }), 303);
    }
    if (person.suspended) return c.redirect(withQuery(request.return_url_error, { kode: 'KONTO_SUSPENDERT' }), 303);
    // The person has proved who they are: this browser gets a new device cookie as the session starts
    // (a fresh count here). Strangers' counters are left as they are, the reset start's too: a lock
    // that lifted at the person's eID sign-in would tell anyone polling it when they signed in (issue #46).
    sessions.signIn(c, {
      role: 'PRIVAT',
      personId: person.nationalId,
      authenticationLevel: request.level === 4 ? 104 : 103,
      authMethod: 'IDPORTEN',
      // Only for the browser that started it: a login request handed to someone else's browser (a
      // link to the identity provider) must not make their session count as the app flow's login.
      appAuthorization: request.started_session_id !== null && sessions.current(c)?.id === request.started_session_id ? request.app_authorization : null,
    });
    return c.redirect(onSite(request.return_url), 303);
  });

  api.post('/password', apiBodyLimit, requireCsrf(sessions), async (c) => {
    const body = await bodyOr400(c, passwordLoginSchema);
    if (body instanceof Response) return body;
    // The schema's digits alone (white space taken out).
    const username = body.username;
    const address = client.limitKey(c);
    const device = devices.trustedFor(c, username);
    const byId: Counter[] = device
      ? [{ scope: 'password-device', key: device.nonce, threshold: limits.passwordFailuresPerId, successClears: true, ceiling: limits.passwordFailureCeiling }]
      : [
          {
            scope: 'password-untrusted',
            key: username,
            threshold: limits.untrustedPasswordFailuresPerId,
            successClears: false,
            fixedWindowMs: limits.untrustedWindowMs,
          },
          {
            scope: 'password-untrusted-ceiling',
            key: username,
            threshold: limits.untrustedPasswordFailureCeiling,
            successClears: false,
            fixedWindowMs: limits.untrustedCeilingWindowMs,
          },
        ];
    const counters: Counter[] = [
      ...byId,
      ...(address ? [{ scope: 'password-address', key: address, threshold: limits.passwordFailuresPerAddress, successClears: false } as const] : []),
    ];
    const tooMany = (lock: Lock) => {
      // Only a device's count has a ceiling: a stranger's locks all end with their window.
      if (lock.ms === stopped) {
        return apiError(c, 403, 'PASSWORD_LOGIN_STOPPED', 'Too many wrong passwords in this browser: reset the password, or log in with electronic ID');
      }
      c.header('Retry-After', retryAfterSeconds(lock.ms));
      // The same words for an ID nobody has: the cause is the counter's, never whether the person exists.
      if (lock.scope === 'password-device') {
        return apiError(
          c,
          429,
          'PASSWORD_LOGIN_LOCKED',
          'Too many wrong passwords for this national ID number in this browser: wait, or log in with electronic ID',
        );
      }
      if (lock.scope === 'password-address') {
        return apiError(c, 429, 'ADDRESS_LOCKED', 'Too many failed sign-ins from this address: wait, or log in with electronic ID');
      }
      return apiError(
        c,
        429,
        'PASSWORD_LOGIN_LOCKED_NEW_DEVICES',
        'Too many wrong passwords for this national ID number from browsers it has not signed in on: wait, use a browser it has signed in on, or log in with electronic ID',
      );
    };
    // Real time, never a browser's dev clock: limits are shared, and no browser may move them for another.
    const locked = attempts.lockedFor(counters, now());
    // The hash is checked on every path, locked or not (issue #46: equal work whatever the person did).
    const person = persons.find(username);
    timingDecoy ??= hashPassword('timing-decoy');
    const checkedHash = person?.passwordHash ?? timingDecoy;
    const matches = await verifyPassword(body.password, checkedHash);
    if (locked) return tooMany(locked);
    const valid = matches && person?.isUser === true;
    // The password may have been reset while the hash was being checked: the old one no longer signs in.
    const right = valid && persons.find(person.nationalId)?.passwordHash === checkedHash;
    // Settled after looking at the locks again: once a burst has reached the limit, every answer still
    // under way is the lock, the right password's too.
    const lockNow = attempts.settle(counters, right, now());
    if (lockNow) return tooMany(lockNow);
    if (!person || !right) return apiError(c, 403, 'WRONG_CREDENTIALS', 'Wrong national ID number or password');
    if (person.suspended) return apiError(c, 403, 'KONTO_SUSPENDERT', 'The account is suspended');
    // Typed on the app's own login pages (decision 019): a login made in that app authorization's flow.
    const appAuthorization = body.appAuthorization !== undefined && appToken.test(body.appAuthorization) ? body.appAuthorization : null;
    sessions.signIn(c, { role: 'PRIVAT', personId: person.nationalId, authenticationLevel: null, authMethod: 'PASSWORD', appAuthorization });
    return c.json({});
  });

  return { api, dev };
}
