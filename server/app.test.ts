// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { readConfig } from './config';
import { createEmulator, type Emulator } from './emulator';
import { linkNames } from '../src/contract/api';
import { bootScript } from '../src/app/boot/boot-script';
import { cspHash } from './style-hashes';
import { writeDist } from './test-server';

let workDir: string;
let emulator: Emulator;
let app: ReturnType<typeof createApp>;
const printed: string[] = [];

beforeAll(() => {
  workDir = mkdtempSync(path.join(tmpdir(), 'innlogging-app-test-'));
  const distDir = writeDist(
    workDir,
    '<!doctype html><html lang="nb"><head><title>Digipost</title><!--runtime-config--></head><body><noscript><!--noscript--></noscript></body></html>',
  );
  writeFileSync(path.join(distDir, 'assets', 'app-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  writeFileSync(path.join(distDir, 'assets', 'app-abc123.js.map'), JSON.stringify({ version: 3, sourcesContent: ['secret source'] }));
  writeFileSync(path.join(workDir, 'secret.txt'), 'secret');
  const config = readConfig({ DATA_DIR: path.join(workDir, 'data'), DIST_DIR: distDir });
  emulator = createEmulator(config.dataDir, { print: (line) => printed.push(line) });
  app = createApp({ config, emulator: emulator.app });
});

afterAll(() => {
  emulator.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe('app paths', () => {
  it('sends / to /innlogging/', async () => {
    const response = await app.request('/');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/innlogging/');
  });

  it('serves the HTML entry for a known screen, uncached, in its language', async () => {
    const response = await app.request('/innlogging/en/logout');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Turn on JavaScript');
  });

  it('names the screen in the tab title and, for browsers without JavaScript, shows its heading', async () => {
    const business = await (await app.request('/innlogging/business')).text();
    expect(business).toContain('<title>Logg inn for bedrifter – Digipost</title>');
    expect(business).toMatch(/<noscript><main[^>]*><h1[^>]*>Logg inn som bedrift<\/h1><p[^>]*>Du må slå på JavaScript/);
    const timeout = await (await app.request('/innlogging/nn/timeout')).text();
    // Not "timed out" before the page has checked that no session is still live (docs/decisions/013).
    expect(timeout).toContain('<title>Loggar ut … – Digipost</title>');
    const unknown = await (await app.request('/innlogging/en/no-such-page')).text();
    expect(unknown).toContain('<title>Page not found – Digipost</title>');
  });

  it('answers 404 with the HTML entry for an unknown path under the base', async () => {
    const response = await app.request('/innlogging/nn/finst-ikkje');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<html lang="nn">');
  });

  it('redirects an unsupported language segment to the same screen in nb, keeping the query', async () => {
    const response = await app.request('/innlogging/de/timeout?x=1');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/innlogging/timeout?x=1');
  });

  it('sends nb, nn and en in other letter case to the lower-case segment for good (301), keeping the rest of the path and the query', async () => {
    const cases: [string, string][] = [
      ['/innlogging/EN', '/innlogging/en'],
      ['/innlogging/EN/', '/innlogging/en/'],
      ['/innlogging/En/business', '/innlogging/en/business'],
      ['/innlogging/eN/business/', '/innlogging/en/business/'],
      ['/innlogging/EN/timeout?x=1&y=%C3%A6', '/innlogging/en/timeout?x=1&y=%C3%A6'],
      ['/innlogging/EN?x=1', '/innlogging/en?x=1'],
      ['/innlogging/NN/logout', '/innlogging/nn/logout'],
      ['/innlogging/nN/forgot-password/redirect', '/innlogging/nn/forgot-password/redirect'],
      ['/innlogging/Nn/loginError?kode=IKKE_AUTORISERT', '/innlogging/nn/loginError?kode=IKKE_AUTORISERT'],
      ['/innlogging/NB/business', '/innlogging/nb/business'],
      ['/innlogging/Nb/', '/innlogging/nb/'],
      ['/innlogging/EN/mobileLogin/AbCdEf123456/password', '/innlogging/en/mobileLogin/AbCdEf123456/password'],
      ['/innlogging/EN/finnes-ikke', '/innlogging/en/finnes-ikke'],
      // Not another site: the path after the segment stays a path under it.
      ['/innlogging/EN//evil.example', '/innlogging/en//evil.example'],
      ['/innlogging/EN//evil.example/?next=//evil.example', '/innlogging/en//evil.example/?next=//evil.example'],
    ];
    for (const [from, to] of cases) {
      const response = await app.request(from);
      expect(response.status, from).toBe(301);
      expect(response.headers.get('location'), from).toBe(to);
      expect(response.headers.get('content-security-policy'), from).toContain("frame-ancestors 'none'");
    }
    // The lower-case segment is the page itself.
    for (const [, to] of cases.slice(0, 12)) expect((await app.request(to)).status, to).toBe(200);
    expect((await app.request('/innlogging/en/finnes-ikke')).status).toBe(404);
  });

  it('serves hashed assets with long immutable caching, compressed on request', async () => {
    const response = await app.request('/innlogging/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toContain('text/javascript');
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('never serves a source map, even one left in the assets folder', async () => {
    for (const attempt of ['/innlogging/assets/app-abc123.js.map', '/innlogging/assets/app-abc123.js%2Emap', '/innlogging/assets/app-abc123.js.MAP']) {
      const response = await app.request(attempt);
      expect(response.status, attempt).toBe(404);
      expect(await response.text()).not.toContain('secret source');
    }
  });

  it('refuses path traversal out of the assets folder', async () => {
    for (const attempt of [
      '/innlogging/assets/..%2F..%2Fsecret.txt',
      '/innlogging/assets/%2e%2e/%2e%2e/secret.txt',
      '/innlogging/assets/..%5C..%5Csecret.txt',
    ]) {
      const response = await app.request(attempt);
      expect(response.status, attempt).toBe(404);
      expect(await response.text()).not.toContain('secret');
    }
  });

  it('sets the security headers on every response', async () => {
    for (const url of ['/innlogging/logout', '/post/api', '/innlogging/assets/nope.js']) {
      const response = await app.request(url);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security')).toContain('max-age=');
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(csp).not.toContain('unsafe-inline');
    }
  });
});

describe('referrer policy', () => {
  it('sends no Referer at all from pages that carry a token in the path or query', async () => {
    for (const tokenPath of [
      '/innlogging/mobileLogin/AbCdEf123456/password',
      '/innlogging/en/mobileSuccess/AbCdEf123456',
      '/innlogging/mobileRedirect/no.digipost%3A%2F%2Fx',
      '/innlogging/epost-verifisering/?token=abc',
      // No screen owns these (the not-found page), yet the token is in them: as docs/deploy/nginx.conf answers.
      '/innlogging/mobileLogin/AbCdEf123456/forgot-password/x',
      '/innlogging/en/MOBILELOGIN/AbCdEf123456',
      '/innlogging/mobileSuccess/AbCdEf123456/x/y',
    ]) {
      expect((await app.request(tokenPath)).headers.get('referrer-policy'), tokenPath).toBe('no-referrer');
    }
    for (const plain of [
      '/innlogging/',
      '/innlogging/business',
      '/innlogging/epost-verifisering/fullfort',
      '/innlogging/mobileLogin',
      '/innlogging/no/such/page',
    ]) {
      expect((await app.request(plain)).headers.get('referrer-policy'), plain).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('emulator', () => {
  it('answers the root document with every link, a CSRF token and a session cookie', async () => {
    const response = await app.request('/post/api');
    expect(response.status).toBe(200);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/SESSION=[^;]+;/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    const root = (await response.json()) as { link: { rel: string; uri: string }[]; csrfToken: string; role?: string };
    const names = root.link.map((link) => link.rel.split('/').pop());
    // passkey_remove is on each passkey of the passkeys answer, not in the root document.
    expect(names).toEqual(expect.arrayContaining(linkNames.filter((name) => name !== 'passkey_remove')));
    expect(root.csrfToken.length).toBeGreaterThan(20);
    expect(root.role).toBeUndefined();

    const again = await app.request('/post/api', { headers: { Cookie: cookie.split(';')[0] } });
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(((await again.json()) as { csrfToken: string }).csrfToken).toBe(root.csrfToken);
  });

  it('styles its own pages from a stylesheet, not inline (the policy allows no inline styles)', async () => {
    const page = await (await app.request('/dev/')).text();
    expect(page).toContain('<link rel="stylesheet" href="/dev/emulator.css">');
    expect(page).not.toMatch(/<style|\sstyle=/);
    const stylesheet = await app.request('/dev/emulator.css');
    expect(stylesheet.status).toBe(200);
    expect(stylesheet.headers.get('content-type')).toContain('text/css');
  });

  it('stores and prints web log entries, readable at /dev/api/logs', async () => {
    const response = await app.request('/post/log/web', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ severity: 'ERROR', message: 'boom', sourceApplication: 'innlogging', extras: { page: '/x' } }),
    });
    expect(response.status).toBe(204);
    expect(printed.some((line) => line.includes('boom'))).toBe(true);
    const logs = (await (await app.request('/dev/api/logs')).json()) as { message: string; extras: { page: string } }[];
    expect(logs[0]).toMatchObject({ message: 'boom', extras: { page: '/x' } });
  });

  it('rejects malformed log entries with a 400 error body', async () => {
    for (const body of ['not json', JSON.stringify({ severity: 'LOUD', message: 'x', sourceApplication: 'y' }), JSON.stringify([1])]) {
      const response = await app.request('/post/log/web', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ 'error-code': 'VALIDATION_FAILED' });
    }
  });

  it('keeps its state across a restart', async () => {
    const dataDir = path.join(workDir, 'restart');
    const first = createEmulator(dataDir, { print: () => {} });
    await first.app.request('/post/log/web', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ severity: 'INFO', message: 'remember me', sourceApplication: 'innlogging', extras: {} }),
    });
    first.close();
    const second = createEmulator(dataDir, { print: () => {} });
    const logs = (await (await second.app.request('/dev/api/logs')).json()) as { message: string }[];
    second.close();
    expect(logs.map((entry) => entry.message)).toContain('remember me');
  });
});

describe('content security policy', () => {
  it('allows the configured outside origins and nothing else', async () => {
    const { contentSecurityPolicy } = await import('./security-headers');
    const runtime = readConfig({
      STATUSPAGE_URL: 'https://status.example.no/api/v2',
      ANALYTICS_URL: 'https://stats.example.no/a.js',
      SENTRY_DSN: 'https://key@errors.example.no/4',
    }).runtime;
    const policy = contentSecurityPolicy(runtime);
    // Our scripts, the boot script in <head> by its hash (src/app/boot/boot-script.ts), and analytics.
    expect(policy).toContain(`script-src 'self' ${cspHash(bootScript)} https://stats.example.no;`);
    expect(policy).toContain("connect-src 'self' https://status.example.no https://stats.example.no https://errors.example.no;");
    expect(policy).not.toMatch(/unsafe-(inline|eval)'? ?[^;]*;.*script/);
    expect(contentSecurityPolicy(readConfig({}).runtime)).toContain(`script-src 'self' ${cspHash(bootScript)};`);
  });

  it('puts the runtime settings in the page as data', async () => {
    const html = await (await app.request('/innlogging/logout')).text();
    expect(html).toContain('<script type="application/json" id="runtime-config">');
  });
});
