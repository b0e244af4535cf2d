// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { emulatorForTests } from './test-emulator';
import { isSameSitePath } from '../../src/security/redirect-targets';
import { browserClient } from './test-client';

const emulator = emulatorForTests('login-test');

const client = () => browserClient(emulator.app);

const loginStart = {
  authenticationType: 'IDPORTEN_NIVAA_4',
  authenticationRole: 'PRIVATE',
  returnUrl: '/postkasse/?login-successful=true',
  returnUrlError: '/innlogging/en/loginError',
  solvency: false,
  elevation: true,
  language: 'en',
};

describe('password login', () => {
  it('refuses a call without the CSRF token', async () => {
    const browser = client();
    await browser.root();
    const response = await browser.post('/post/api/private/login/password', { username: '01817010055', password: 'Sommerfugl-42' }, false);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ 'error-code': 'CSRF_TOKEN_INVALID' });
  });

  it('answers 403 for a wrong password, an unknown ID and a person who is not a user', async () => {
    const browser = client();
    await browser.root();
    for (const [username, password] of [
      ['01817010055', 'wrong-password'],
      ['99999999999', 'Sommerfugl-42'],
      ['05857410035', 'Sommerfugl-42'],
    ]) {
      const response = await browser.post('/post/api/private/login/password', { username, password });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ 'error-code': 'WRONG_CREDENTIALS' });
    }
  });

  it('refuses a suspended account with its own code', async () => {
    const browser = client();
    await browser.root();
    const response = await browser.post('/post/api/private/login/password', { username: '02827110186', password: 'Sommerfugl-42' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ 'error-code': 'KONTO_SUSPENDERT' });
  });

  it('signs in at the password level with a new session id and token', async () => {
    const browser = client();
    const before = await browser.root();
    const sessionBefore = browser.cookies.get('SESSION');
    const response = await browser.post('/post/api/private/login/password', { username: '01817010055', password: 'Sommerfugl-42' });
    expect(response.status).toBe(200);
    expect(browser.cookies.get('SESSION')).not.toBe(sessionBefore);
    const after = await browser.root();
    expect(after.role).toBe('PRIVAT');
    expect(after.authenticationlevelIdporten).toBeUndefined();
    expect(after.csrfToken).not.toBe(before.csrfToken);
  });

  it('refuses a password over 256 characters unchecked, and it counts against nobody (issue #34, item 8)', async () => {
    const browser = client();
    await browser.root();
    for (let index = 0; index < 6; index += 1) {
      const response = await browser.post('/post/api/private/login/password', { username: '01817010055', password: 'a'.repeat(16_000) });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ 'error-code': 'VALIDATION_FAILED' });
    }
    // Six of them and no lock: the right password still signs in.
    expect((await browser.post('/post/api/private/login/password', { username: '01817010055', password: 'Sommerfugl-42' })).status).toBe(200);
  });

  it('refuses a username that is not 11 digits (400) before it is counted: no counter row for it', async () => {
    const browser = client();
    await browser.root();
    for (const username of ['kari', '0181701005', '018170100551', '01817O10055', '٠١٨١٧٠١٠٠٥٥', 'x'.repeat(64)]) {
      const response = await browser.post('/post/api/private/login/password', { username, password: 'wrong-password' });
      expect(response.status, username).toBe(400);
      expect(await response.json()).toMatchObject({ 'error-code': 'VALIDATION_FAILED' });
      expect(emulator.db.prepare('SELECT count(*) AS n FROM attempt_limits WHERE key = ?').get(username)).toEqual({ n: 0 });
    }
    // Spaces between the digits, as typed, are the same person.
    expect((await browser.post('/post/api/private/login/password', { username: '018170 10055', password: 'Sommerfugl-42' })).status).toBe(200);
  });

  it('rejects malformed bodies with VALIDATION_FAILED', async () => {
    const browser = client();
    await browser.root();
    const response = await browser.post('/post/api/private/login/password', { username: 1 });
    expect(response.status).toBe(400);
  });
});

describe('eID login start and the simulated ID-porten', () => {
  it('validates the login-start payload', async () => {
    const browser = client();
    await browser.root();
    for (const change of [
      { authenticationType: 'IDPORTEN_NIVAA_5' },
      // Names of Object's own members once found a function, and the insert answered 500.
      { authenticationType: 'toString' },
      { authenticationType: '__proto__' },
      { authenticationType: 'constructor' },
      { authenticationRole: 'BUSINESS' },
      { returnUrl: 'https://evil.example/' },
      { returnUrlError: '//evil.example/' },
      { solvency: 'false' },
      { language: 'de' },
    ]) {
      const response = await browser.post('/post/api/private/login/secure', { ...loginStart, ...change });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(await response.json()).toMatchObject({ 'error-code': 'VALIDATION_FAILED' });
    }
  });

  it('answers with a Location to the simulator, which signs the chosen person in at the level asked for', async () => {
    const browser = client();
    await browser.root();
    const start = await browser.post('/post/api/private/login/secure/new-auth', loginStart);
    expect(start.status).toBe(200);
    const location = start.headers.get('Location') as string;
    expect(location).toMatch(/^\/dev\/idporten\?request=/);
    const page = await browser.call(location);
    const html = await page.text();
    expect(html).toContain('Kari Nordmann');
    expect(html).toContain('lang="en"');
    const request = new URL(location, 'http://x').searchParams.get('request') as string;
    const chosen = await browser.call('/dev/idporten', { method: 'POST', body: new URLSearchParams({ request, nationalId: '01817010055' }) });
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get('location')).toBe('/postkasse/?login-successful=true');
    const root = await browser.root();
    expect(root).toMatchObject({ role: 'PRIVAT', authenticationlevelIdporten: 104 });
    // A login request is used once.
    const again = await browser.call('/dev/idporten', { method: 'POST', body: new URLSearchParams({ request, nationalId: '01817010055' }) });
    expect(again.status).toBe(400);
  });

  it.each([
    ['05857410035', '/innlogging/en/loginError?kode=IKKE_AUTORISERT'],
    ['02827110186', '/innlogging/en/loginError?kode=KONTO_SUSPENDERT'],
  ])('sends %s to the error return with the right code', async (nationalId, expected) => {
    const browser = client();
    await browser.root();
    const start = await browser.post('/post/api/private/login/secure', loginStart);
    const request = new URL(start.headers.get('Location') as string, 'http://x').searchParams.get('request') as string;
    const chosen = await browser.call('/dev/idporten', { method: 'POST', body: new URLSearchParams({ request, nationalId }) });
    expect(chosen.headers.get('location')).toBe(expected);
  });
});

describe('logout', () => {
  it('ends the session and answers the final destination when it is on this site, else the logged-out page', async () => {
    const browser = client();
    await browser.root();
    await browser.post('/post/api/private/login/password', { username: '01817010055', password: 'Sommerfugl-42' });
    await browser.root();
    const response = await browser.post(`/post/api/logout?FINAL_DESTINATION=${encodeURIComponent('/innlogging/en/')}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Location')).toBe('/innlogging/en/');
    expect((await browser.root()).role).toBeUndefined();

    for (const destination of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      const answer = await browser.post(`/post/api/logout?FINAL_DESTINATION=${encodeURIComponent(destination)}`);
      expect(answer.headers.get('Location'), destination).toBe('/innlogging/logout');
    }
  });

  it('goes through the identity provider for logout_idp', async () => {
    const browser = client();
    await browser.root();
    const response = await browser.post('/post/api/logout/idp');
    expect(response.headers.get('Location')).toBe(`/dev/idp/logout?next=${encodeURIComponent('/innlogging/logout')}`);
  });
});

// The emulator's return URLs pass the front end's own same-site rule (request-guards.ts), whose cases are
// in src/security/redirect-targets.test.ts: here only the one that table lacks.
describe('isSameSitePath', () => {
  it('refuses an address of another site with no path', () => {
    expect(isSameSitePath('https://evil.example')).toBe(false);
  });
});

describe("names of Object's own members as keys of the emulator's tables", () => {
  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty'])('%s is an unknown app client and broker method, never a 500', async (name) => {
    const browser = client();
    expect((await browser.call(`/dev/api/oauth/start?client=${name}`)).status).toBe(400);
    const start = await browser.call(`/post/api/login/idp?provider=signicat&rolle=VIRKSOMHET&returnUrl=%2Fvirksomhetsadmin%2F&idp=${name}`);
    expect(start.status).toBe(302);
    expect(await (await browser.call(start.headers.get('location') as string)).text()).toContain('BankID');
  });
});
