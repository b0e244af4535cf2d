// @vitest-environment node
/**
 * The session cookie and caching of API answers (issue #16), through the real HTTP server: Secure and
 * the __Host- prefix over https, also behind a TLS proxy that is trusted (TRUST_PROXY), never on the
 * word of one that is not; an unprefixed cookie is not read over https; every answer under /post/api,
 * the OAuth token answer and error answers included, says no-store.
 */
import { describe, expect, it, vi } from 'vitest';
import { httpClient } from './test-http';
import { httpServerForTests } from './test-server';
import { pkceStart, tokenRequest } from './emulator/test-app-backend';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const trusting = httpServerForTests('cookies-trusting', { env: { TRUST_PROXY: '127.0.0.0/8,::1' } });
const plain = httpServerForTests('cookies-plain');

const tls = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '198.51.100.7' };

async function sessionCookie(origin: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}/post/api`, { headers });
  const cookie = response.headers.getSetCookie().find((value) => /SESSION=/.test(value)) ?? '';
  const root = (await response.json()) as { csrfToken: string };
  return { cookie, pair: cookie.split(';')[0], csrf: root.csrfToken };
}

describe('the session cookie', () => {
  it('behind a trusted TLS proxy: __Host-SESSION, Secure, HttpOnly, SameSite=Lax, Path=/, no Domain', async () => {
    const { cookie } = await sessionCookie(trusting.origin, tls);
    expect(cookie).toMatch(/^__Host-SESSION=[^;]+;/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it('over plain http, or when the proxy is not trusted: SESSION, not Secure', async () => {
    for (const { origin, headers } of [
      { origin: trusting.origin, headers: {} },
      { origin: plain.origin, headers: tls },
    ]) {
      const { cookie } = await sessionCookie(origin, headers);
      expect(cookie).toMatch(/^SESSION=[^;]+;/);
      expect(cookie).not.toMatch(/Secure/i);
    }
  });

  it('over https only the prefixed cookie counts: a planted SESSION is not a session', async () => {
    const secure = await sessionCookie(trusting.origin, tls);
    // The prefixed cookie carries the session: same token on the next call.
    const again = await fetch(`${trusting.origin}/post/api`, { headers: { ...tls, Cookie: secure.pair } });
    expect(((await again.json()) as { csrfToken: string }).csrfToken).toBe(secure.csrf);
    expect(again.headers.getSetCookie()).toEqual([]);
    // The same id under the plain name (as a sibling domain or an http page could plant it) is ignored.
    const planted = await fetch(`${trusting.origin}/post/api`, { headers: { ...tls, Cookie: secure.pair.replace('__Host-', '') } });
    expect(((await planted.json()) as { csrfToken: string }).csrfToken).not.toBe(secure.csrf);
    expect(planted.headers.getSetCookie().join()).toMatch(/^__Host-SESSION=/);
  });
});

describe('Cache-Control: no-store on every API answer', () => {
  it.each([
    ['GET', '/post/api', undefined, 200],
    ['GET', '/post/api/admin/access', undefined, 200],
    ['GET', '/post/api/no/such/thing', undefined, 404],
    ['POST', '/post/api/private/login/password', '{"username":"x","password":"y"}', 403],
    ['POST', '/post/api/oauth/token', 'code=nonsense&client_id=ios', 400],
  ])('%s %s', async (method, url, body, status) => {
    const response = await fetch(`${plain.origin}${url}`, {
      method,
      body,
      headers: body?.startsWith('{') ? { 'Content-Type': 'application/json' } : body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {},
    });
    expect(response.status).toBe(status);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it.each(['/post/api', '/post/api/admin/access', '/post/api/no/such/thing', '/post/api/login/idp?rolle=PRIVAT'])(
    'HEAD %s keeps no-store and the security headers (found by an outside review)',
    async (url) => {
      const response = await fetch(`${plain.origin}${url}`, { method: 'HEAD' });
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    },
  );

  it('a successful token answer too (form-encoded, as RFC 6749 has it)', async () => {
    const pkce = pkceStart('ios');
    const app = (await (await fetch(`${plain.origin}${pkce.url}`)).json()) as { token: string };
    const browser = httpClient(plain.origin);
    await browser.root();
    expect((await browser.post(`/post/api/oauth/authorize/tokens/${app.token}/bind`)).status).toBe(204);
    // Signed in on the app's own page: a login made in its flow, approved without a question.
    const login = { username: '01817010055', password: 'Sommerfugl-42', appAuthorization: app.token };
    expect((await browser.post('/post/api/private/login/password', login)).status).toBe(200);
    await browser.root();
    const approved = await browser.post(`/post/api/oauth/authorize/tokens/${app.token}/approve`);
    expect(approved.headers.get('cache-control')).toBe('no-store');
    const { code } = (await approved.json()) as { code: string };
    const token = await fetch(`${plain.origin}/post/api/oauth/token`, tokenRequest('ios', code, pkce.verifier));
    expect(token.status).toBe(200);
    expect(((await token.json()) as { access_token?: string }).access_token).toBeTruthy();
    expect(token.headers.get('cache-control')).toBe('no-store');
  });
});
