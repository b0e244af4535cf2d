/** GET /post/api: the root document with every link of SPEC §3, the role and a CSRF token. */
import { Hono } from 'hono';
import type { SessionStore } from './sessions';
import type { LinkName } from '../../src/contract/api';

export const relationBase = '/post/api/relations/';

/** Where each named call lives in the emulator. Real clients find them only through this document (passkey_remove: on each passkey of the passkeys answer). */
export const linkTargets = {
  login_idp: '/post/api/login/idp',
  login_secure: '/post/api/private/login/secure',
  login_secure_new_auth: '/post/api/private/login/secure/new-auth',
  login_password: '/post/api/private/login/password',
  reset_password: '/post/api/private/password-reset',
  check_email_code: '/post/api/private/password-reset/email-code',
  check_sms_code: '/post/api/private/password-reset/sms-code',
  self: '/post/api',
  logout: '/post/api/logout',
  logout_idp: '/post/api/logout/idp',
  token_approve: '/post/api/oauth/authorize/approve',
  passkey_login_options: '/post/api/private/passkeys/login/options',
  passkey_login: '/post/api/private/passkeys/login',
  passkey_register_options: '/post/api/private/passkeys/register/options',
  passkey_register: '/post/api/private/passkeys/register',
  passkeys: '/post/api/private/passkeys',
  passkey_undo_lookup: '/post/api/private/passkeys/not-me/lookup',
  passkey_undo: '/post/api/private/passkeys/not-me',
} as const satisfies Record<Exclude<LinkName, 'passkey_remove'>, string>;

export function links(names: readonly (keyof typeof linkTargets)[] = Object.keys(linkTargets) as (keyof typeof linkTargets)[]) {
  return names.map((name) => ({ rel: `${relationBase}${name}`, uri: linkTargets[name] }));
}

/** GET /post/api, mounted at /post/api. */
export function rootRoutes(sessions: SessionStore) {
  const routes = new Hono();
  routes.get('/', (c) => {
    const session = sessions.currentOrNew(c);
    return c.json({
      link: links(),
      ...(session.role ? { role: session.role } : {}),
      ...(session.authenticationLevel ? { authenticationlevelIdporten: session.authenticationLevel } : {}),
      csrfToken: session.csrfToken,
    });
  });
  return routes;
}
