/**
 * The mobile app's OAuth handshake (SPEC §4 Token approve, §7): an app client starts an authorization
 * (the dev endpoint below stands in for the app's backend), the person signs in on the web, the front
 * end reads the token's redirectUri and state, approves it (one single-use code bound to the session's
 * person and the client), the browser goes back to the app, and the app exchanges the code once.
 */
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { appRedirectTargets, appRedirectUri, type AppRedirectTarget } from '../../src/security/app-redirects';
import { apiError } from './api-error';
import type { Db } from './db';
import { apiBodyLimit, jsonObject, requireCsrf } from './request-guards';
import { relationBase } from './root';
import type { Session, SessionStore } from './sessions';

const tokenLifetimeMs = 10 * 60 * 1000;
const codeLifetimeMs = 60 * 1000;
const tokensPath = '/post/api/oauth/authorize/tokens';

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
}

const random = (bytes = 24) => randomBytes(bytes).toString('base64url');

/** `api` is mounted at /post/api/oauth, `dev` (the app backend's start) at /dev. */
export function oauthRoutes(db: Db, sessions: SessionStore, now: () => number = Date.now) {
  const api = new Hono<{ Variables: { session: Session } }>();
  const dev = new Hono();
  const insert = db.prepare('INSERT INTO oauth_authorizations (token, client, redirect_uri, state, created_at) VALUES (?, ?, ?, ?, ?)');
  const byToken = db.prepare<[string], AuthorizationRow>('SELECT * FROM oauth_authorizations WHERE token = ?');
  const byCode = db.prepare<[string], AuthorizationRow>('SELECT * FROM oauth_authorizations WHERE code = ?');
  const approve = db.prepare('UPDATE oauth_authorizations SET code = ?, code_issued_at = ?, person_id = ?, session_id = ? WHERE token = ? AND code IS NULL');
  const useCode = db.prepare('UPDATE oauth_authorizations SET code_used = 1 WHERE code = ? AND code_used = 0');

  function pending(token: string): AuthorizationRow | null {
    const row = byToken.get(token);
    if (!row || row.code !== null || now() - row.created_at > tokenLifetimeMs) return null;
    return row;
  }

  dev.get('/api/oauth/start', (c) => {
    const client = c.req.query('client') ?? '';
    const redirectUri = Object.hasOwn(appClients, client) ? appClients[client] : undefined;
    if (!redirectUri) return apiError(c, 400, 'VALIDATION_FAILED', `client must be one of ${Object.keys(appClients).join(', ')}`);
    const token = random(18);
    const state = random(12);
    insert.run(token, client, redirectUri, state, now());
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

  api.get('/authorize/tokens/:token', (c) => {
    const row = pending(c.req.param('token'));
    if (!row) return apiError(c, 404, 'NOT_FOUND', 'No pending authorization with that token');
    return c.json({
      redirectUri: row.redirect_uri,
      state: row.state,
      link: [{ rel: `${relationBase}token_approve`, uri: `${tokensPath}/${row.token}/approve` }],
    });
  });

  const approveToken = (c: Context<{ Variables: { session: Session } }>, token: string | undefined) => {
    const session = c.get('session');
    if (session.role !== 'PRIVAT' || !session.personId) return apiError(c, 403, 'NOT_AUTHORIZED', 'Only a signed-in private person can approve');
    const row = token ? pending(token) : null;
    if (!row) return apiError(c, 400, 'TOKEN_ALREADY_USED', 'The authorization is unknown, expired or already approved');
    const code = random(24);
    if (approve.run(code, now(), session.personId, session.id, row.token).changes !== 1) {
      return apiError(c, 400, 'TOKEN_ALREADY_USED', 'The authorization is already approved');
    }
    return c.json({ code });
  };

  api.post('/authorize/tokens/:token/approve', apiBodyLimit, requireCsrf(sessions), (c) => approveToken(c, c.req.param('token')));
  // The root document's token_approve link names the token in the query.
  api.post('/authorize/approve', apiBodyLimit, requireCsrf(sessions), (c) => approveToken(c, c.req.query('token')));

  // The app's backend exchanges the code, once, for who signed in.
  api.post('/token', apiBodyLimit, async (c) => {
    const body = (await jsonObject(c)) ?? Object.fromEntries(Object.entries(await c.req.parseBody().catch(() => ({}))));
    const code = typeof body.code === 'string' ? body.code : '';
    const client = typeof body.client_id === 'string' ? body.client_id : undefined;
    const row = code ? byCode.get(code) : undefined;
    if (!row || (client !== undefined && client !== row.client) || now() - (row.code_issued_at ?? 0) > codeLifetimeMs || useCode.run(code).changes !== 1) {
      return c.json({ error: 'invalid_grant', error_description: 'The code is unknown, expired or already used' }, 400);
    }
    return c.json({ access_token: random(32), token_type: 'Bearer', expires_in: 3600, client: row.client, person: row.person_id });
  });

  return { api, dev };
}
