// @vitest-environment node
/**
 * The app's login handoff as OAuth for native apps has it (issue #20, docs/decisions/019): PKCE S256
 * at the start, the standard token endpoint and its errors, the authorization bound to the browser
 * that opened it, and the person's yes when their session was not made for it. Each attack found from
 * outside is played here as the attacker would, over the emulator's HTTP interface.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRedirectUri } from '../../src/security/app-redirects';
import { bindingCookieName, oauthRoutes, secureBindingCookieName } from './oauth';
import { createSessionStore } from './sessions';
import { pkceStart, s256, type AppClient } from './test-app-backend';
import { browserClient } from './test-client';
import { emulatorForTests } from './test-emulator';

const emulator = emulatorForTests('oauth-test');
const client = () => browserClient(emulator.app);
type Browser = ReturnType<typeof client>;

const form = 'application/x-www-form-urlencoded';
const kari = { nationalId: '01817010055', password: 'Sommerfugl-42' };

interface Started {
  token: string;
  state: string;
  verifier: string;
  client: AppClient;
}

/** The app's backend: a fresh verifier, its S256 challenge, the start. */
async function start(app: AppClient = 'ios', extra: Record<string, string> = {}): Promise<Started> {
  const { verifier, url } = pkceStart(app, extra);
  const response = await emulator.app.request(url);
  expect(response.status).toBe(201);
  const body = (await response.json()) as { token: string; state: string; loginUrl: string; passwordLoginUrl: string };
  expect(body.loginUrl).toBe(`/innlogging/mobileLogin/${body.token}/idporten4`);
  expect(body.passwordLoginUrl).toBe(`/innlogging/mobileLogin/${body.token}/password`);
  return { token: body.token, state: body.state, verifier, client: app };
}

/** A browser on the app's login page: its session (anonymous), then the bind. */
async function openLoginPage(browser: Browser, token: string) {
  await browser.root();
  return browser.post(`/post/api/oauth/authorize/tokens/${token}/bind`);
}

/** A password login: on the app's own page (`forToken`, a login made in its flow), or anywhere else on the site. */
async function passwordLogin(browser: Browser, forToken?: string, person = kari) {
  await browser.root();
  const response = await browser.post('/post/api/private/login/password', {
    username: person.nationalId,
    password: person.password,
    ...(forToken ? { appAuthorization: forToken } : {}),
  });
  expect(response.status).toBe(200);
  await browser.root();
}

async function signedInAlready(browser: Browser) {
  await browser.post('/dev/api/session', { role: 'PRIVAT', nationalId: kari.nationalId, level: 103 }, false);
  await browser.root();
}

const tokenData = (browser: Browser, token: string) => browser.call(`/post/api/oauth/authorize/tokens/${token}`);
const approve = (browser: Browser, token: string, body?: unknown) => browser.post(`/post/api/oauth/authorize/tokens/${token}/approve`, body);

function exchange(fields: Record<string, string>, headers: Record<string, string> = {}, body?: string) {
  return emulator.app.request('/post/api/oauth/token', {
    method: 'POST',
    headers: { 'Content-Type': form, ...headers },
    body: body ?? new URLSearchParams(fields).toString(),
  });
}

const grant = (started: Started, code: string, overrides: Record<string, string> = {}) => ({
  grant_type: 'authorization_code',
  code,
  redirect_uri: appRedirectUri(started.client),
  client_id: started.client,
  code_verifier: started.verifier,
  ...overrides,
});

/** The whole happy path in one browser: the page binds, the person signs in, the app gets a code. */
async function codeFor(started: Started, browser = client(), person = kari): Promise<string> {
  expect((await openLoginPage(browser, started.token)).status).toBe(204);
  await passwordLogin(browser, started.token, person);
  const data = await tokenData(browser, started.token);
  expect(data.status).toBe(200);
  expect(await data.json()).not.toHaveProperty('consent');
  const approved = await approve(browser, started.token);
  expect(approved.status).toBe(200);
  return ((await approved.json()) as { code: string }).code;
}

async function expectOauthError(response: Response, status: number, error: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const body = (await response.json()) as { error: string; error_description: string };
  expect(body.error).toBe(error);
  expect(body.error_description.length).toBeGreaterThan(5);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the start (the app backend): PKCE S256 is mandatory', () => {
  const verifier = randomBytes(32).toString('base64url');
  it.each([
    ['no challenge', { client: 'ios' }],
    ['a plain challenge', { client: 'ios', code_challenge: verifier, code_challenge_method: 'plain' }],
    ['a challenge without its method (RFC 7636 reads that as plain)', { client: 'ios', code_challenge: s256(verifier) }],
    ['a method in another case', { client: 'ios', code_challenge: s256(verifier), code_challenge_method: 's256' }],
    ['a challenge that is no SHA-256', { client: 'ios', code_challenge: s256(verifier).slice(1), code_challenge_method: 'S256' }],
    ['a challenge with padding', { client: 'ios', code_challenge: `${s256(verifier).slice(0, 42)}=`, code_challenge_method: 'S256' }],
    ['an unknown client', { client: 'evil', code_challenge: s256(verifier), code_challenge_method: 'S256' }],
    ['a state with a line break', { client: 'ios', code_challenge: s256(verifier), code_challenge_method: 'S256', state: 'a\nb' }],
    ['a state too long', { client: 'ios', code_challenge: s256(verifier), code_challenge_method: 'S256', state: 'x'.repeat(513) }],
  ])('refuses %s with 400 invalid_request', async (_, query) => {
    const response = await emulator.app.request(`/dev/api/oauth/start?${new URLSearchParams(query)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
  });

  it("keeps the app's own state, and makes one when it sends none", async () => {
    expect((await start('android', { state: 'app-state 123' })).state).toBe('app-state 123');
    expect((await start()).state).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });
});

describe('the token endpoint (RFC 6749 §4.1.3, §5.2; RFC 7636 §4.5)', () => {
  it('answers a right exchange with a bearer token, no-store, and the code only once', async () => {
    const started = await start();
    const code = await codeFor(started);
    const first = await exchange(grant(started, code));
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.headers.get('pragma')).toBe('no-cache');
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await first.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, person: kari.nationalId });
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    await expectOauthError(await exchange(grant(started, code)), 400, 'invalid_grant');
  });

  it('refuses, as invalid_grant, a wrong verifier, another client, another redirect_uri and an expired code', async () => {
    const started = await start('ios');
    const code = await codeFor(started);
    const other = randomBytes(32).toString('base64url');
    await expectOauthError(await exchange(grant(started, code, { code_verifier: other })), 400, 'invalid_grant');
    await expectOauthError(await exchange(grant(started, code, { client_id: 'android', redirect_uri: appRedirectUri('android') })), 400, 'invalid_grant');
    await expectOauthError(await exchange(grant(started, code, { redirect_uri: `${appRedirectUri('ios')}x` })), 400, 'invalid_grant');
    await expectOauthError(await exchange(grant(started, code, { redirect_uri: appRedirectUri('ios').toUpperCase() })), 400, 'invalid_grant');
    // None of those used the code up: an interceptor's wrong guesses cannot spoil the app's exchange.
    expect((await exchange(grant(started, code))).status).toBe(200);

    const late = await start('test');
    const lateCode = await codeFor(late);
    const issuedAt = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(issuedAt + 61_000);
    await expectOauthError(await exchange(grant(late, lateCode)), 400, 'invalid_grant');
  });

  it('the attack: a code intercepted on its way to the app cannot be redeemed without the verifier', async () => {
    const started = await start('android');
    const code = await codeFor(started);
    const { code_verifier: _, ...withoutVerifier } = grant(started, code);
    await expectOauthError(await exchange(withoutVerifier), 400, 'invalid_request');
    await expectOauthError(await exchange({ code, client_id: 'android' }), 400, 'invalid_request');
    // The challenge itself is no verifier (a plain-method downgrade).
    await expectOauthError(await exchange(grant(started, code, { code_verifier: s256(started.verifier) })), 400, 'invalid_grant');
    expect((await exchange(grant(started, code))).status).toBe(200);
  });

  it.each([
    ['a JSON body', { 'Content-Type': 'application/json' }, '{"grant_type":"authorization_code","code":"x"}', 400, 'invalid_request'],
    ['a text body', { 'Content-Type': 'text/plain' }, 'grant_type=authorization_code', 400, 'invalid_request'],
    ['no grant_type', {}, 'code=x&client_id=ios', 400, 'invalid_request'],
    ['another grant type', {}, 'grant_type=password&username=a&password=b&client_id=ios', 400, 'unsupported_grant_type'],
    ['a repeated parameter', {}, 'grant_type=authorization_code&code=a&code=b&client_id=ios', 400, 'invalid_request'],
    ['no client_id', {}, 'grant_type=authorization_code&code=x', 401, 'invalid_client'],
    ['an unknown client', {}, 'grant_type=authorization_code&code=x&client_id=toString', 401, 'invalid_client'],
    [
      'client authentication (the clients are public)',
      { Authorization: 'Basic aW9zOnNlY3JldA==' },
      'grant_type=authorization_code&code=x',
      401,
      'invalid_client',
    ],
    ['no code', {}, 'grant_type=authorization_code&client_id=ios&redirect_uri=x&code_verifier=y', 400, 'invalid_request'],
    ['no redirect_uri', {}, `grant_type=authorization_code&client_id=ios&code=x&code_verifier=${'v'.repeat(43)}`, 400, 'invalid_request'],
    ['a verifier too short', {}, `grant_type=authorization_code&client_id=ios&code=x&redirect_uri=x&code_verifier=${'v'.repeat(42)}`, 400, 'invalid_request'],
    ['an unknown code', {}, `grant_type=authorization_code&client_id=ios&code=x&redirect_uri=x&code_verifier=${'v'.repeat(43)}`, 400, 'invalid_grant'],
  ])('%s is refused', async (_, headers, body, status, error) => {
    const response = await exchange({}, headers as Record<string, string>, body as string);
    await expectOauthError(response, status as number, error as string);
    if (status === 401 && 'Authorization' in headers) expect(response.headers.get('www-authenticate')).toMatch(/^Basic /);
  });

  it('two exchanges of one code at once: exactly one token', async () => {
    const started = await start();
    const code = await codeFor(started);
    const answers = await Promise.all(Array.from({ length: 8 }, () => exchange(grant(started, code))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
  });
});

describe('a password reset ends what was approved before it (issue #34, item 2)', () => {
  type Links = { link: { rel: string; uri: string }[] };
  const uri = (links: Links, name: string) => links.link.find((link) => link.rel.endsWith(`/${name}`))!.uri;

  /** The whole reset of `person` in a browser of its own, to a new password. */
  async function resetPassword(person: { nationalId: string; phone: string; email: string }) {
    const browser = client();
    await browser.root();
    const started = await browser.post('/post/api/private/password-reset', { phoneNumber: person.phone, taxReference: person.nationalId });
    expect(started.status).toBe(201);
    const links = (await started.json()) as Links;
    const outbox = (await (await emulator.app.request('/dev/api/outbox')).json()) as { to: string; code?: string }[];
    const email = outbox.find((entry) => entry.to === person.email)!.code!;
    const sms = outbox.find((entry) => entry.to === person.phone)!.code!;
    expect((await browser.post(uri(links, 'check_email_code'), { code: email })).status).toBe(200);
    expect((await browser.post(uri(links, 'check_sms_code'), { code: sms })).status).toBe(200);
    const saved = await browser.post(uri(links, 'self'), { emailcode: email, smscode: sms, password: { password: 'Kvjxs-Plomt-Rudd-7' } });
    expect(saved.status).toBe(200);
  }

  it('the attack: a code approved before the reset gets no tokens after it; one approved after it does', async () => {
    const person = (await (await client().post('/dev/api/persons', {}, false)).json()) as {
      nationalId: string;
      phone: string;
      email: string;
      password: string;
    };
    const before = await start('android');
    const oldCode = await codeFor(before, client(), person);
    // Someone else's approval, made at the same time, is untouched by this person's reset.
    const others = await start('ios');
    const othersCode = await codeFor(others);
    await resetPassword(person);
    await expectOauthError(await exchange(grant(before, oldCode)), 400, 'invalid_grant');
    expect((await exchange(grant(others, othersCode))).status).toBe(200);

    const after = await start('android');
    const newCode = await codeFor(after, client(), { ...person, password: 'Kvjxs-Plomt-Rudd-7' });
    expect((await exchange(grant(after, newCode))).status).toBe(200);
  });
});

describe('bound to the browser that opened the login', () => {
  it('the binding cookie is HttpOnly, Lax, scoped to the authorization calls, and not the session id', async () => {
    const started = await start();
    const browser = client();
    const bound = await openLoginPage(browser, started.token);
    expect(bound.status).toBe(204);
    const cookie = bound.headers.getSetCookie().find((header) => header.startsWith(`${bindingCookieName}=`)) ?? '';
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).not.toMatch(/; Domain=/i);
    expect(cookie).toMatch(/; Max-Age=600/);
    expect(cookie).not.toMatch(/; Secure/i);
    expect(browser.cookies.get(bindingCookieName)).not.toBe(browser.cookies.get('SESSION'));
    // The same browser binds again (a reload, the next page) and keeps its cookie.
    expect((await openLoginPage(browser, started.token)).status).toBe(204);
  });

  it('over https the cookie is __Host- named (Secure, Path=/, no Domain): no sibling domain can plant one', async () => {
    const started = await start();
    const session = await emulator.app.request('https://localhost/post/api');
    const sessionCookie = (session.headers.get('set-cookie') ?? '').split(';')[0];
    const { csrfToken } = (await session.json()) as { csrfToken: string };
    const bound = await emulator.app.request(`https://localhost/post/api/oauth/authorize/tokens/${started.token}/bind`, {
      method: 'POST',
      headers: { Cookie: sessionCookie, 'X-CSRF-TOKEN': csrfToken },
    });
    expect(bound.status).toBe(204);
    const cookie = bound.headers.getSetCookie().find((header) => header.startsWith(secureBindingCookieName)) ?? '';
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).not.toMatch(/; Domain=/i);
    // A cookie under the unprefixed name (what a plain-http page could plant) counts for nothing over https.
    const planted = await emulator.app.request(`https://localhost/post/api/oauth/authorize/tokens/${started.token}`, {
      headers: { Cookie: `${sessionCookie}; ${bindingCookieName}=${cookie.split(';')[0].split('=')[1]}` },
    });
    expect(planted.status).toBe(404);
  });

  it('the attack over plain http: a binding value planted in the browser beforehand is not adopted (issue #34, item 9)', async () => {
    const started = await start();
    // The attacker chose the value and planted it in the victim's browser (over http a cookie can be).
    const planted = randomBytes(24).toString('base64url');
    const victim = client();
    victim.cookies.set(bindingCookieName, planted);
    expect((await openLoginPage(victim, started.token)).status).toBe(204);
    const issued = victim.cookies.get(bindingCookieName);
    expect(issued).toBeDefined();
    expect(issued).not.toBe(planted);
    // The attacker, signed in with their own account and holding the planted value, gets nothing.
    const attacker = client();
    await signedInAlready(attacker);
    attacker.cookies.set(bindingCookieName, planted);
    expect((await tokenData(attacker, started.token)).status).toBe(404);
    expect((await approve(attacker, started.token, { consent: true })).status).toBe(400);
    // The value the server issued is the browser's from now on: binding again keeps it.
    expect((await openLoginPage(victim, started.token)).status).toBe(204);
    expect(victim.cookies.get(bindingCookieName)).toBe(issued);
  });

  it('needs a session and its CSRF token, and a pending authorization', async () => {
    const started = await start();
    const browser = client();
    await browser.root();
    const withoutCsrf = await browser.call(`/post/api/oauth/authorize/tokens/${started.token}/bind`, { method: 'POST' });
    expect(withoutCsrf.status).toBe(403);
    expect((await openLoginPage(browser, 'NoSuchToken12345')).status).toBe(404);
  });

  it('the attack: someone holding the token cannot read its state or approve it with their own session', async () => {
    const started = await start();
    const victim = client();
    expect((await openLoginPage(victim, started.token)).status).toBe(204);

    // The attacker, signed in as themselves, tries every way in.
    const attacker = client();
    await signedInAlready(attacker);
    const read = await tokenData(attacker, started.token);
    expect(read.status).toBe(404);
    expect(await read.text()).not.toContain(started.state);
    expect((await approve(attacker, started.token)).status).toBe(400);
    expect((await approve(attacker, started.token, { consent: true })).status).toBe(400);
    const viaRootLink = await attacker.post(`/post/api/oauth/authorize/approve?token=${started.token}`);
    expect(viaRootLink.status).toBe(400);
    const secondBind = await openLoginPage(attacker, started.token);
    expect(secondBind.status).toBe(409);
    expect(await secondBind.json()).toMatchObject({ 'error-code': 'TOKEN_BOUND_ELSEWHERE' });
    // A planted binding cookie of the attacker's own making is no better.
    attacker.cookies.set(bindingCookieName, randomBytes(32).toString('base64url'));
    expect((await tokenData(attacker, started.token)).status).toBe(404);

    // The victim's own login goes on, and the code is the victim's.
    await passwordLogin(victim, started.token);
    const data = (await (await tokenData(victim, started.token)).json()) as { state: string };
    expect(data.state).toBe(started.state);
    const { code } = (await (await approve(victim, started.token)).json()) as { code: string };
    expect(await (await exchange(grant(started, code))).json()).toMatchObject({ person: kari.nationalId });
  });

  it('reading and approving need a signed-in private session, also in the browser that bound it', async () => {
    const started = await start();
    const browser = client();
    expect((await openLoginPage(browser, started.token)).status).toBe(204);
    expect((await tokenData(browser, started.token)).status).toBe(403);
    expect((await approve(browser, started.token)).status).toBe(403);
    await browser.post('/dev/api/session', { role: 'VIRKSOMHET' }, false);
    await browser.root();
    expect((await tokenData(browser, started.token)).status).toBe(403);
  });

  it('two browsers binding at once: one wins, the other is refused', async () => {
    const started = await start();
    const browsers = Array.from({ length: 6 }, () => client());
    await Promise.all(browsers.map((browser) => browser.root()));
    const answers = await Promise.all(browsers.map((browser) => browser.post(`/post/api/oauth/authorize/tokens/${started.token}/bind`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 409, 409, 409, 409, 409]);
  });

  it('an approval is single-use; a used authorization can be bound no more', async () => {
    const started = await start();
    const browser = client();
    await codeFor(started, browser);
    expect((await approve(browser, started.token)).status).toBe(400);
    expect((await openLoginPage(client(), started.token)).status).toBe(404);
  });
});

describe("the person's yes when the session was not made for this authorization", () => {
  it('the attack: a signed-in person who opens someone else’s login link gets no code without saying yes', async () => {
    const started = await start();
    const victim = client();
    await signedInAlready(victim);
    expect((await openLoginPage(victim, started.token)).status).toBe(204);
    const data = (await (await tokenData(victim, started.token)).json()) as { consent?: { name: string } };
    expect(data.consent).toEqual({ name: 'Kari Nordmann' });
    const silent = await approve(victim, started.token);
    expect(silent.status).toBe(403);
    expect(await silent.json()).toMatchObject({ 'error-code': 'CONSENT_REQUIRED' });
    expect((await approve(victim, started.token, { consent: false })).status).toBe(403);
    expect((await approve(victim, started.token, {})).status).toBe(403);
    // With the yes, the code.
    const yes = await approve(victim, started.token, { consent: true });
    expect(yes.status).toBe(200);
  });

  it('a login inside the flow approves straight on (the binding outlives the session it rotated)', async () => {
    const started = await start();
    await codeFor(started);
  });

  it('the attack: a browser made to bind (by a link to the login page), then signed in elsewhere on the site, is asked', async () => {
    const started = await start();
    const victim = client();
    expect((await openLoginPage(victim, started.token)).status).toBe(204);
    // The person signs in on the web's own login page (no app authorization named), or for another app login.
    await passwordLogin(victim);
    expect(await (await tokenData(victim, started.token)).json()).toMatchObject({ consent: { name: 'Kari Nordmann' } });
    expect((await approve(victim, started.token)).status).toBe(403);
    const other = await start();
    await passwordLogin(victim, other.token);
    expect(await (await tokenData(victim, started.token)).json()).toHaveProperty('consent');
  });

  it('the yes counts for the session that was asked: someone else signed in meanwhile is asked anew', async () => {
    const started = await start();
    const browser = client();
    await signedInAlready(browser);
    expect((await openLoginPage(browser, started.token)).status).toBe(204);
    expect(await (await tokenData(browser, started.token)).json()).toMatchObject({ consent: { name: 'Kari Nordmann' } });
    // Another person signs in in this browser (another tab) before Continue is pressed.
    const someoneElse = (await (await browser.post('/dev/api/persons', {}, false)).json()) as { nationalId: string };
    await passwordLogin(browser, undefined, { nationalId: someoneElse.nationalId, password: kari.password });
    const refused = await approve(browser, started.token, { consent: true });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ 'error-code': 'CONSENT_REQUIRED' });
    // Asked as themselves, their yes counts.
    const data = (await (await tokenData(browser, started.token)).json()) as { consent?: { name: string } };
    expect(data.consent?.name).not.toBe('Kari Nordmann');
    const { code } = (await (await approve(browser, started.token, { consent: true })).json()) as { code: string };
    expect(await (await exchange(grant(started, code))).json()).toMatchObject({ person: someoneElse.nationalId });
  });
});

describe('eID logins returning to the approval', () => {
  /** The app's eID page starting a login (its return: the approval page); answers the stand-in's request id. */
  async function eidStart(browser: Browser, token: string, level: 3 | 4) {
    await browser.root();
    const started = await browser.post(`/post/api/private/login/secure${level === 4 ? '/new-auth' : ''}`, {
      authenticationType: level === 4 ? 'IDPORTEN_NIVAA_4' : 'IDPORTEN_NIVAA_3',
      authenticationRole: 'PRIVATE',
      returnUrl: `/innlogging/en/mobileSuccess${level === 4 ? 'WithIDportenLogout' : ''}/${token}`,
      returnUrlError: '/innlogging/en/loginError',
      solvency: false,
      elevation: false,
      language: 'en',
    });
    return new URL(started.headers.get('location') ?? '', 'http://localhost').searchParams.get('request') ?? '';
  }

  /** Kari chosen at the ID-porten stand-in, in this browser. */
  async function eidComplete(browser: Browser, request: string) {
    const done = await browser.call('/dev/idporten', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request, nationalId: kari.nationalId }).toString(),
    });
    expect(done.status).toBe(303);
    await browser.root();
  }

  /** The token data after the app's page bound it and an eID login at `level` returned to its approval. */
  async function tokenDataAfterEid(level: 3 | 4, signedInBefore: boolean) {
    const started = await start();
    const browser = client();
    if (signedInBefore) await signedInAlready(browser);
    expect((await openLoginPage(browser, started.token)).status).toBe(204);
    await eidComplete(browser, await eidStart(browser, started.token, level));
    return (await tokenData(browser, started.token)).json();
  }

  it('level 4 (a new authentication: the person is certainly asked) is a login made in the flow, signed in before or not', async () => {
    for (const signedIn of [false, true]) expect(await tokenDataAfterEid(4, signedIn)).not.toHaveProperty('consent');
  });

  it("level 3 may pass unseen on the identity provider's own session (kept from elsewhere): asked, signed in before or not", async () => {
    for (const signedIn of [false, true]) expect(await tokenDataAfterEid(3, signedIn)).toMatchObject({ consent: { name: 'Kari Nordmann' } });
  });

  it("the attack: a login request started in the attacker's browser and completed in the victim's does not count as the victim's login in the flow", async () => {
    const started = await start();
    const victim = client();
    await passwordLogin(victim);
    expect((await openLoginPage(victim, started.token)).status).toBe(204);
    const attacker = client();
    const request = await eidStart(attacker, started.token, 4);
    await eidComplete(victim, request);
    expect(await (await tokenData(victim, started.token)).json()).toMatchObject({ consent: { name: 'Kari Nordmann' } });
    expect((await approve(victim, started.token)).status).toBe(403);
  });
});

describe('old authorizations', () => {
  it('are purged an hour after they started', async () => {
    let at = Date.now();
    const routes = oauthRoutes(emulator.db, createSessionStore(emulator.db), { now: () => at });
    const { url } = pkceStart('test');
    const started = (await (await routes.dev.request(url.replace('/dev', ''))).json()) as { token: string };
    const count = () => (emulator.db.prepare('SELECT count(*) AS n FROM oauth_authorizations WHERE token = ?').get(started.token) as { n: number }).n;
    routes.purge();
    expect(count()).toBe(1);
    at += 61 * 60 * 1000;
    routes.purge();
    expect(count()).toBe(0);
  });
});
