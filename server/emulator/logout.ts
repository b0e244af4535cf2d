/**
 * logout and logout_idp (SPEC §7): end the session and answer with a Location header: the
 * FINAL_DESTINATION when it is a path on this site, otherwise the logged-out page. logout_idp goes
 * through the simulated identity provider's logout on the way. Logging out without a session is not
 * an error: the person is logged out either way.
 */
import { Hono, type Context } from 'hono';
import { allowedAppRedirect } from '../../src/security/app-redirects';
import { apiError } from '../http/api-error';
import { apiBodyLimit, sameSitePath, jsonObject } from './request-guards';
import type { SessionStore } from './sessions';

export const loggedOutPath = '/innlogging/logout';

async function finalDestination(c: Context): Promise<unknown> {
  const fromQuery = c.req.query('FINAL_DESTINATION');
  if (fromQuery !== undefined) return fromQuery;
  const body = c.req.header('content-length') === '0' ? null : await jsonObject(c);
  return body?.FINAL_DESTINATION;
}

/** Where a logout may send the browser: a path on this site, or an app on the allowlist (mobile flows). */
export function logoutDestination(requested: unknown): string {
  const path = sameSitePath(requested);
  if (path !== null) return path;
  // The allowlist takes printable ASCII only, so the app's address fits a Location header as it is.
  if (typeof requested === 'string' && allowedAppRedirect(requested)) return requested;
  return loggedOutPath;
}

/** `api` is mounted at /post/api/logout, `dev` (the identity provider's logout) at /dev. */
export function logoutRoutes(sessions: SessionStore) {
  const api = new Hono();
  const dev = new Hono();

  const logout = (viaIdentityProvider: boolean) => async (c: Context) => {
    const session = sessions.current(c);
    if (session && c.req.header('X-CSRF-TOKEN') !== session.csrfToken) {
      return apiError(c, 403, 'CSRF_TOKEN_INVALID', 'Missing or wrong CSRF token');
    }
    const destination = logoutDestination(await finalDestination(c));
    sessions.end(c, session);
    const location = viaIdentityProvider ? `/dev/idp/logout?next=${encodeURIComponent(destination)}` : destination;
    c.header('Location', location);
    return c.json({});
  };

  api.post('/', apiBodyLimit, logout(false));
  api.post('/idp', apiBodyLimit, logout(true));

  // The identity provider's own logout, simulated: it ends its session and sends the browser on.
  dev.get('/idp/logout', (c) => c.redirect(logoutDestination(c.req.query('next')), 303));
  return { api, dev };
}
