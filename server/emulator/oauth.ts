/**
 * The mobile app's login as an OAuth 2.0 authorization server for native apps (RFC 8252, RFC 9700):
 * the app's backend starts an authorization with a PKCE S256 challenge (RFC 7636; the dev endpoint
 * below stands in for it), the app opens the web login, whose pages first bind the authorization to
 * their browser (docs/decisions/019), the person signs in, the front end reads the token's redirectUri
 * and state and approves it (one single-use code for the session's person and the client), the browser
 * goes back to the app, and the app's backend exchanges the code once at the token endpoint with its
 * code_verifier (RFC 6749 §4.1.3, form-encoded, errors as §5.2).
 *
 * Only the browser that bound an authorization may read its state or approve it, and only signed in;
 * a session whose login was not made in this authorization's flow (on the app's own login pages)
 * approves only with the person's yes (`consent`), asked of that very session, so a link to someone
 * else's authorization cannot take a code for the account of whoever opens it without them seeing
 * whose app it goes to.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { basePath } from '../../src/config/routes';
import { appRedirectTargets, appRedirectUri, type AppRedirectTarget } from '../../src/security/app-redirects';
import { apiError } from '../http/api-error';
import { mediaTypeOf } from '../http/content-types';
import type { Db } from './db';
import { apiBodyLimit, jsonObject, requireCsrf } from './request-guards';
import { relationBase } from './root';
import { storedSecret, type Session, type SessionStore } from './sessions';

const tokenLifetimeMs = 10 * 60 * 1000;
const codeLifetimeMs = 60 * 1000;
const accessTokenLifetimeSeconds = 3600;
const tokensPath = '/post/api/oauth/authorize/tokens';

/** The cookie that names this browser to the authorizations it bound (never the session's id). */
export const bindingCookieName = 'oauth-browser';
/**
 * Over https: the __Host- prefix (Secure, Path=/, no Domain), so neither a plain-http page nor a
 * sibling domain can plant a value of its own choosing in the browser (__Secure- would allow the
 * latter).
 */
export const secureBindingCookieName = `__Host-${bindingCookieName}`;

/** The tokens of app authorizations, as the front end's mobile pages accept them. */
export const appToken = /^[A-Za-z0-9_-]{8,128}$/;
const approvalPage = new RegExp(`^${basePath}(?:/(?:nn|en))?/mobileSuccess(?:WithIDportenLogout)?/([A-Za-z0-9_-]{8,128})$`);

/** The app authorization whose approval page a login returns to, or null (eID logins of the app's flow). */
export function appAuthorizationReturningTo(returnUrl: string): string | null {
  return approvalPage.exec(returnUrl)?.[1] ?? null;
}

/** The registered app clients: each may only be sent back to its own redirect URI. */
export const appClients: Record<string, string> = Object.fromEntries(
  appRedirectTargets.filter((target) => target.client !== 'idporten-test').map((target) => [target.client, appRedirectUri(target.client)]),
);

interface AuthorizationRow {
  token: string;
  client: AppRedirectTarget['client'];
  redirect_uri: string;
  state: string;
  created_at: number;
  code: string | null;
  code_issued_at: number | null;
  code_used: number;
  person_id: string | null;
  session_id: string | null;
  code_challenge: string | null;
  browser_hash: string | null;
  consent_session_id: string | null;
}

const random = (bytes = 24) => randomBytes(bytes).toString('base64url');
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** RFC 7636 §4.2: BASE64URL(SHA256(verifier)) is 43 characters of the base64url alphabet. */
const s256Challenge = /^[A-Za-z0-9_-]{43}$/;
/** RFC 7636 §4.1: a verifier is 43 to 128 unreserved characters. */
const codeVerifier = /^[A-Za-z0-9._~-]{43,128}$/;
/** RFC 6749 Appendix A.5: state is visible ASCII; bounded here. */
const stateValue = /^[\x20-\x7e]{1,512}$/;

/** Equal strings, compared in constant time. */
function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface OauthOptions {
  now?: () => number;
  /** Whether the browser came over https (the binding cookie is then Secure and __Secure- named). */
  isHttps?: (c: Context) => boolean;
}

/** `api` is mounted at /post/api/oauth, `dev` (the app backend's start) at /dev. */
export function oauthRoutes(db: Db, sessions: SessionStore, options: OauthOptions = {}) {
  const now = options.now ?? (() => Date.now());
  const isHttps = options.isHttps ?? ((c: Context) => new URL(c.req.url).protocol === 'https:');
  const api = new Hono<{ Variables: { session: Session } }>();
  const dev = new Hono();
  const insert = db.prepare('INSERT INTO oauth_authorizations (token, client, redirect_uri, state, created_at, code_challenge) VALUES (?, ?, ?, ?, ?, ?)');
  const byToken = db.prepare<[string], AuthorizationRow>('SELECT * FROM oauth_authorizations WHERE token = ?');
  const byCode = db.prepare<[string], AuthorizationRow>('SELECT * FROM oauth_authorizations WHERE code = ?');
  const bind = db.prepare('UPDATE oauth_authorizations SET browser_hash = ? WHERE token = ? AND browser_hash IS NULL');
  const askedOf = db.prepare('UPDATE oauth_authorizations SET consent_session_id = ? WHERE token = ?');
  const purgeOld = db.prepare('DELETE FROM oauth_authorizations WHERE created_at < ?');
  const approve = db.prepare('UPDATE oauth_authorizations SET code = ?, code_issued_at = ?, person_id = ?, session_id = ? WHERE token = ? AND code IS NULL');
  const useCode = db.prepare('UPDATE oauth_authorizations SET code_used = 1 WHERE code = ? AND code_used = 0');
  const endCodesOf = db.prepare('UPDATE oauth_authorizations SET code_used = 1 WHERE person_id = ? AND code IS NOT NULL AND code_used = 0');
  const nameOf = db.prepare<[string], { full_name: string }>('SELECT full_name FROM persons WHERE national_id = ?');

  const bindingCookie = (c: Context) => (isHttps(c) ? secureBindingCookieName : bindingCookieName);

  // The binding cookie's value is one this server issued: a random part and its MAC. A value planted in
  // the browser beforehand (over plain http nothing stops that; over https the __Host- name does) is
  // not adopted, so whoever planted it cannot use the binding (issue #34, item 9).
  const bindingKey = storedSecret(db, 'oauth-browser');
  const macOf = (part: string) => createHmac('sha256', bindingKey).update(part).digest('base64url');
  const issueBrowserValue = () => {
    const part = random(24);
    return `${part}.${macOf(part)}`;
  };
  const issuedHere = (value: string | undefined): value is string => {
    const match = value ? /^([A-Za-z0-9_-]{32})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
    return match !== null && same(match[2], macOf(match[1]));
  };

  function pending(token: string): AuthorizationRow | null {
    const row = byToken.get(token);
    if (!row || row.code !== null || now() - row.created_at > tokenLifetimeMs) return null;
    return row;
  }

  /** The pending authorization, when this browser bound it; null for any other (or none). */
  function boundHere(c: Context, token: string | undefined): AuthorizationRow | null {
    const row = token ? pending(token) : null;
    const browser = getCookie(c, bindingCookie(c));
    if (!row?.browser_hash || !browser || !same(row.browser_hash, sha256(browser))) return null;
    return row;
  }

  /**
   * Whether approving needs the person's yes: their session's login was not made in this flow (the
   * browser was signed in already, or someone signed in elsewhere on the site after the bind).
   */
  const needsConsent = (row: AuthorizationRow, session: Session) => session.appAuthorization !== row.token;

  const signedInPrivate = (session: Session | null): session is Session & { personId: string } =>
    Boolean(session && session.role === 'PRIVAT' && session.personId);

  dev.get('/api/oauth/start', (c) => {
    const refuse = (description: string) => c.json({ error: 'invalid_request', error_description: description }, 400);
    const client = c.req.query('client') ?? '';
    const redirectUri = Object.hasOwn(appClients, client) ? appClients[client] : undefined;
    if (!redirectUri) return refuse(`client must be one of ${Object.keys(appClients).join(', ')}`);
    const challenge = c.req.query('code_challenge');
    const method = c.req.query('code_challenge_method');
    if (challenge === undefined) return refuse('code_challenge is required (PKCE, RFC 7636)');
    if (method !== 'S256') return refuse('code_challenge_method must be S256');
    if (!s256Challenge.test(challenge)) return refuse('code_challenge must be the 43-character base64url SHA-256 of the code_verifier');
    const askedState = c.req.query('state');
    if (askedState !== undefined && !stateValue.test(askedState)) return refuse('state must be 1 to 512 visible ASCII characters');
    const token = random(18);
    const state = askedState ?? random(12);
    insert.run(token, client, redirectUri, state, now(), challenge);
    return c.json(
      {
        token,
        state,
        loginUrl: `/innlogging/mobileLogin/${token}/idporten4`,
        passwordLoginUrl: `/innlogging/mobileLogin/${token}/password`,
      },
      201,
    );
  });

  // The first mobileLogin page this authorization opens binds it to its browser; the same browser
  // may bind again (a reload, the next page), another is refused.
  api.post('/authorize/tokens/:token/bind', apiBodyLimit, requireCsrf(sessions), (c) => {
    const row = pending(c.req.param('token'));
    if (!row) return apiError(c, 404, 'NOT_FOUND', 'No pending authorization with that token');
    const cookieName = bindingCookie(c);
    const known = getCookie(c, cookieName);
    const browser = issuedHere(known) ? known : issueBrowserValue();
    const mine = sha256(browser);
    if (row.browser_hash === null) bind.run(mine, row.token);
    const boundTo = byToken.get(row.token)?.browser_hash;
    if (boundTo !== mine) return apiError(c, 409, 'TOKEN_BOUND_ELSEWHERE', 'The authorization was started in another browser');
    setCookie(c, cookieName, browser, {
      path: '/',
      httpOnly: true,
      secure: isHttps(c),
      sameSite: 'Lax',
      maxAge: tokenLifetimeMs / 1000,
    });
    return c.body(null, 204);
  });

  api.get('/authorize/tokens/:token', (c) => {
    const row = boundHere(c, c.req.param('token'));
    if (!row) return apiError(c, 404, 'NOT_FOUND', 'No pending authorization with that token in this browser');
    const session = sessions.current(c);
    if (!signedInPrivate(session)) return apiError(c, 403, 'NOT_AUTHORIZED', 'Only a signed-in private person can read the authorization');
    const consent = needsConsent(row, session);
    // The yes counts only from the session that was asked (another person signing in meanwhile is asked anew).
    if (consent) askedOf.run(session.id, row.token);
    return c.json({
      redirectUri: row.redirect_uri,
      state: row.state,
      // Beyond SPEC §7: who would approve, when the session's login was not made in this flow.
      ...(consent ? { consent: { name: nameOf.get(session.personId)?.full_name ?? '' } } : {}),
      link: [{ rel: `${relationBase}token_approve`, uri: `${tokensPath}/${row.token}/approve` }],
    });
  });

  const approveToken = async (c: Context<{ Variables: { session: Session } }>, token: string | undefined) => {
    const session = c.get('session');
    if (!signedInPrivate(session)) return apiError(c, 403, 'NOT_AUTHORIZED', 'Only a signed-in private person can approve');
    const row = boundHere(c, token);
    if (!row) return apiError(c, 400, 'TOKEN_ALREADY_USED', 'The authorization is unknown, expired, already approved or bound to another browser');
    if (needsConsent(row, session)) {
      const body = await jsonObject(c);
      if (body?.consent !== true || row.consent_session_id !== session.id) {
        return apiError(c, 403, 'CONSENT_REQUIRED', 'The person signed in has not said yes to this app login');
      }
    }
    const code = random(24);
    if (approve.run(code, now(), session.personId, session.id, row.token).changes !== 1) {
      return apiError(c, 400, 'TOKEN_ALREADY_USED', 'The authorization is already approved');
    }
    return c.json({ code });
  };

  api.post('/authorize/tokens/:token/approve', apiBodyLimit, requireCsrf(sessions), (c) => approveToken(c, c.req.param('token')));
  // The root document's token_approve link names the token in the query.
  api.post('/authorize/approve', apiBodyLimit, requireCsrf(sessions), (c) => approveToken(c, c.req.query('token')));

  // RFC 6749 §4.1.3 and RFC 7636 §4.5: the app's backend exchanges the code, once, with its verifier.
  api.post('/token', apiBodyLimit, async (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Pragma', 'no-cache');
    const refuse = (error: string, description: string, status: 400 | 401 = 400) => c.json({ error, error_description: description }, status);
    if (mediaTypeOf(c.req.header('content-type')) !== 'application/x-www-form-urlencoded') {
      return refuse('invalid_request', 'The body must be application/x-www-form-urlencoded (RFC 6749 §4.1.3)');
    }
    const form = new URLSearchParams(await c.req.text());
    const names = ['grant_type', 'code', 'redirect_uri', 'client_id', 'code_verifier'] as const;
    const repeated = names.find((name) => form.getAll(name).length > 1);
    if (repeated) return refuse('invalid_request', `${repeated} is given more than once`);
    const grantType = form.get('grant_type');
    if (!grantType) return refuse('invalid_request', 'grant_type is required');
    if (grantType !== 'authorization_code') return refuse('unsupported_grant_type', 'Only authorization_code is supported');
    // Public clients (RFC 8252 §8.4): the client_id names them; no secret exists to send.
    const client = form.get('client_id');
    if (c.req.header('authorization') !== undefined) {
      c.header('WWW-Authenticate', 'Basic realm="innlogging"');
      return refuse('invalid_client', 'The app clients are public: no client authentication', 401);
    }
    if (!client || !Object.hasOwn(appClients, client)) return refuse('invalid_client', 'Unknown client_id', 401);
    const code = form.get('code');
    const redirectUri = form.get('redirect_uri');
    const verifier = form.get('code_verifier');
    if (!code) return refuse('invalid_request', 'code is required');
    if (!redirectUri) return refuse('invalid_request', 'redirect_uri is required');
    if (!verifier) return refuse('invalid_request', 'code_verifier is required (PKCE, RFC 7636)');
    if (!codeVerifier.test(verifier)) return refuse('invalid_request', 'code_verifier must be 43 to 128 unreserved characters');
    const row = byCode.get(code);
    const invalid = () => refuse('invalid_grant', 'The code is unknown, expired, already used, or not for this client, redirect_uri or code_verifier');
    if (!row || row.client !== client || row.redirect_uri !== redirectUri || now() - (row.code_issued_at ?? 0) > codeLifetimeMs) return invalid();
    if (row.code_used || !row.code_challenge || !same(row.code_challenge, sha256(verifier))) return invalid();
    // Only the first exchange that gets here wins (two at once: one 200, one invalid_grant).
    if (useCode.run(code).changes !== 1) return invalid();
    return c.json({
      access_token: random(32),
      token_type: 'Bearer',
      expires_in: accessTokenLifetimeSeconds,
      // Beyond RFC 6749 (allowed, §5.1): who signed in, for the emulator's tests and demos.
      person: row.person_id,
    });
  });

  /** Deletes authorizations long past any use (their token lives 10 minutes, a code one more). */
  function purge(at = now()) {
    purgeOld.run(at - 60 * 60 * 1000);
  }

  /**
   * Ends every approval of this person's that the app has not yet exchanged: after a password reset
   * (as their sessions end) a code approved before it gets no tokens.
   */
  function endApprovalsOf(personId: string) {
    endCodesOf.run(personId);
  }

  return { api, dev, purge, endApprovalsOf };
}
