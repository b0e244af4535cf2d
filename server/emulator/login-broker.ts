/**
 * Business and admin sign-in through the identity broker (SPEC §7 login_idp): the browser comes to
 * GET login_idp?provider=signicat&rolle=VIRKSOMHET|ADMIN&returnUrl=… and is sent to a simulated
 * broker page for BankID or Buypass (under /dev/), which lists the business persons. Also the admin
 * entry's access check: allowed only from ADMIN_NETWORKS.
 */
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { Network } from '../networks';
import { inNetworks } from '../networks';
import { apiError, retryAfterSeconds } from '../http/api-error';
import type { Db } from './db';
import { emulatorPage, html } from './html';
import type { PersonStore } from './persons';
import { sameSitePath, withQuery, onSite, formBodyOr400 } from './request-guards';
import type { SessionStore } from './sessions';
import type { IdpErrorCode } from '../../src/contract/api';
import type { LoginRequests } from './login-requests';

const roles = new Set(['VIRKSOMHET', 'ADMIN']);
const methods: Record<string, string> = { bankid: 'BankID', buypass: 'Buypass' };
const languages = new Set(['nb', 'nn', 'en']);

interface BrokerRequestRow {
  id: string;
  role: 'VIRKSOMHET' | 'ADMIN';
  return_url: string;
  return_url_error: string;
  language: string;
  created_at: number;
  used: number;
  level: number | null;
}

/** `api` is mounted at /post/api (admin/access, login/idp), `dev` (the broker stand-in) at /dev. */
export function brokerLoginRoutes(
  db: Db,
  sessions: SessionStore,
  persons: PersonStore,
  adminNetworks: Network[],
  /** The client's address (client-address.ts: the socket, or the trusted proxy's word). */
  clientAddress: (c: Context) => string | undefined,
  /** The sign-ins under way, kept bounded (login-requests.ts). */
  loginRequests: LoginRequests,
) {
  const api = new Hono();
  const dev = new Hono();
  const insert = db.prepare(
    `INSERT INTO login_requests (id, kind, level, role, return_url, return_url_error, language, created_at, started_session_id)
     VALUES (?, 'BROKER', ?, ?, ?, ?, ?, ?, ?)`,
  );
  // The method (BankID or Buypass) rides along in `level`: 1 BankID, 2 Buypass.
  const methodOf = (row: BrokerRequestRow) => (row.level === 2 ? 'buypass' : 'bankid');

  const fromAdminNetwork = (c: Context) => inNetworks(clientAddress(c), adminNetworks);

  api.get('/admin/access', (c) => {
    if (!fromAdminNetwork(c)) {
      return apiError(c, 403, 'NOT_AUTHORIZED', 'The admin entry cannot be used from this network');
    }
    return c.json({ access: true });
  });

  api.get('/login/idp', (c) => {
    const query = c.req.query();
    const language = languages.has(query.language ?? '') ? (query.language as string) : 'nb';
    const admin = query.rolle === 'ADMIN';
    const returnUrl = sameSitePath(query.returnUrl);
    const errorReturn = sameSitePath(
      query.returnUrlError ?? `/innlogging${language === 'nb' ? '' : `/${language}`}/innloggingFeilet${admin ? '?rolle=ADMIN' : ''}`,
    );
    if (query.provider !== 'signicat' || !roles.has(query.rolle ?? '') || returnUrl === null || errorReturn === null) {
      return apiError(c, 400, 'VALIDATION_FAILED', 'Expected provider=signicat, rolle=VIRKSOMHET or ADMIN, and returnUrl on this site');
    }
    // The admin sign-in itself is refused outside ADMIN_NETWORKS (not only the entry's access check).
    if (admin && !fromAdminNetwork(c)) return c.redirect(withQuery(errorReturn, { kode: 'IKKE_AUTORISERT' }), 303);
    const method = query.idp && Object.hasOwn(methods, query.idp) ? query.idp : 'bankid';
    // A browser with a session starts it as that session's; one without (anyone may send this GET,
    // from any site) only as fast as its address may.
    const startedBy = sessions.current(c)?.id ?? null;
    const waitMs = startedBy === null ? loginRequests.anonymousWait(c) : 0;
    if (waitMs > 0) {
      c.header('Retry-After', retryAfterSeconds(waitMs));
      return apiError(c, 429, 'TOO_MANY_REQUESTS', 'Too many sign-ins started from this address: wait a little');
    }
    const id = randomBytes(18).toString('base64url');
    insert.run(id, method === 'buypass' ? 2 : 1, query.rolle, returnUrl, errorReturn, language, Date.now(), startedBy);
    loginRequests.stored(startedBy);
    return c.redirect(`/dev/broker?request=${id}`, 302);
  });

  const open = (id: string | undefined) => loginRequests.open<BrokerRequestRow>(id, 'BROKER');

  const expired = () =>
    emulatorPage({ title: 'Identity broker', body: html`<h1>This login has expired</h1><p><a href="/innlogging/business">Start again</a></p>` });

  dev.get('/broker', (c) => {
    const request = open(c.req.query('request'));
    if (!request) return c.html(expired(), 400);
    const method = methods[methodOf(request)];
    const english = request.language === 'en';
    const choices = persons
      .ofKind('BUSINESS')
      .map((person) => html`<li><button type="submit" name="nationalId" value="${person.nationalId}">${person.fullName}</button></li>`);
    const title = `${method} (${english ? 'simulated' : 'simulert'})`;
    return c.html(
      emulatorPage({
        title,
        lang: request.language,
        body: html`<h1>${title}</h1>
<p>${english ? 'Choose who to log in as' : 'Velg hvem du vil logge inn som'}. <span class="hint">${english ? 'Role' : 'Rolle'}: ${request.role}</span></p>
<form method="post" action="/dev/broker">
<input type="hidden" name="request" value="${request.id}">
<ul class="choices">${choices}</ul>
<p><button type="submit" name="cancel" value="1" class="primary">${english ? 'Cancel' : 'Avbryt'}</button></p>
</form>`,
      }),
    );
  });

  dev.post('/broker', async (c) => {
    const form = await formBodyOr400(c);
    if (form instanceof Response) return form;
    const request = open(typeof form.request === 'string' ? form.request : undefined);
    if (!request || !loginRequests.take(request.id)) return c.html(expired(), 400);
    if (form.cancel) return c.redirect(withQuery(request.return_url_error, { idpErrorCode: 'AVBRUTT_AV_BRUKER' satisfies IdpErrorCode }), 303);
    const person = typeof form.nationalId === 'string' ? persons.find(form.nationalId) : null;
    const allowed = person !== null && person.kind === 'BUSINESS' && (request.role === 'ADMIN' ? person.admin && fromAdminNetwork(c) : person.businessAccess);
    if (!person || !allowed) return c.redirect(withQuery(request.return_url_error, { kode: 'IKKE_AUTORISERT' }), 303);
    sessions.signIn(c, { role: request.role, personId: person.nationalId, authenticationLevel: null, authMethod: 'IDP_BROKER' });
    return c.redirect(onSite(request.return_url), 303);
  });

  return { api, dev };
}
