// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseNetworks } from '../networks';
import { openDatabase, type Db } from './db';
import { brokerLoginRoutes } from './login-broker';
import { createPersonStore } from './persons';
import { rootRoutes } from './root';
import { seed } from './seed';
import { defaultLimits } from './limits';
import { createLoginRequests } from './login-requests';
import { createSessionStore } from './sessions';

let dataDir: string;
let db: Db;
let app: Hono;
let address: string | undefined;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'innlogging-broker-test-'));
  address = '127.0.0.1';
  db = openDatabase(dataDir);
  seed(db);
  const sessions = createSessionStore(db);
  app = new Hono();
  app.route('/post/api', rootRoutes(sessions));
  const loginRequests = createLoginRequests(db, { limits: defaultLimits, limitKey: () => address });
  const broker = brokerLoginRoutes(db, sessions, createPersonStore(db), parseNetworks('127.0.0.0/8,::1'), () => address, loginRequests);
  app.route('/post/api', broker.api);
  app.route('/dev', broker.dev);
});

afterEach(() => {
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function choose(role: string, nationalId: string) {
  const start = await app.request(`/post/api/login/idp?provider=signicat&rolle=${role}&returnUrl=%2Fvirksomhetsadmin%2F&idp=buypass&language=en`);
  expect(start.status).toBe(302);
  const request = new URL(start.headers.get('location') as string, 'http://x').searchParams.get('request') as string;
  const page = await (await app.request(`/dev/broker?request=${request}`)).text();
  expect(page).toContain('Buypass');
  return app.request('/dev/broker', { method: 'POST', body: new URLSearchParams({ request, nationalId }) });
}

describe('identity broker', () => {
  it('signs a person with business access in as VIRKSOMHET', async () => {
    const chosen = await choose('VIRKSOMHET', '06867510085');
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get('location')).toBe('/virksomhetsadmin/');
    const cookie = (chosen.headers.get('set-cookie') ?? '').split(';')[0];
    const root = (await (await app.request('/post/api', { headers: { Cookie: cookie } })).json()) as { role: string };
    expect(root.role).toBe('VIRKSOMHET');
  });

  it.each([
    ['VIRKSOMHET', '07877610026', ''],
    ['ADMIN', '06867510085', 'rolle=ADMIN&'],
    ['VIRKSOMHET', '08887710049', ''],
  ])('refuses rolle=%s for %s with IKKE_AUTORISERT, in the language asked for (an admin failure says so)', async (role, nationalId, admin) => {
    const chosen = await choose(role, nationalId);
    expect(chosen.headers.get('location')).toBe(`/innlogging/en/innloggingFeilet?${admin}kode=IKKE_AUTORISERT`);
  });

  it.each(['192.0.2.1', '2001:db8::1', undefined])(
    'refuses the admin sign-in itself from %s (outside ADMIN_NETWORKS), to its own error return',
    async (from) => {
      address = from;
      const start = await app.request(
        `/post/api/login/idp?provider=signicat&rolle=ADMIN&returnUrl=%2Fvirksomhetsadmin%2F&returnUrlError=${encodeURIComponent('/innlogging/innloggingFeilet?rolle=ADMIN')}`,
      );
      expect(start.status).toBe(303);
      expect(start.headers.get('location')).toBe('/innlogging/innloggingFeilet?rolle=ADMIN&kode=IKKE_AUTORISERT');
      // A business sign-in from there is fine.
      expect((await app.request('/post/api/login/idp?provider=signicat&rolle=VIRKSOMHET&returnUrl=%2Fvirksomhetsadmin%2F')).status).toBe(302);
    },
  );

  it('refuses an admin sign-in started inside ADMIN_NETWORKS and finished from outside', async () => {
    const start = await app.request('/post/api/login/idp?provider=signicat&rolle=ADMIN&returnUrl=%2Fvirksomhetsadmin%2F&language=en');
    const request = new URL(start.headers.get('location') as string, 'http://x').searchParams.get('request') as string;
    address = '192.0.2.1';
    const chosen = await app.request('/dev/broker', { method: 'POST', body: new URLSearchParams({ request, nationalId: '08887710049' }) });
    expect(chosen.headers.get('location')).toBe('/innlogging/en/innloggingFeilet?rolle=ADMIN&kode=IKKE_AUTORISERT');
    expect(chosen.headers.get('set-cookie')).toBeNull();
  });

  it('lets Ada Admin in as ADMIN', async () => {
    const chosen = await choose('ADMIN', '08887710049');
    expect(chosen.headers.get('location')).toBe('/virksomhetsadmin/');
    expect(chosen.headers.get('set-cookie')).toContain('SESSION=');
  });

  it.each([
    'provider=other&rolle=VIRKSOMHET&returnUrl=%2F',
    'provider=signicat&rolle=PRIVAT&returnUrl=%2F',
    'provider=signicat&rolle=ADMIN&returnUrl=https%3A%2F%2Fevil.example%2F',
    'provider=signicat&rolle=ADMIN&returnUrl=%2F%2Fevil.example',
  ])('refuses the login start %s', async (query) => {
    expect((await app.request(`/post/api/login/idp?${query}`)).status).toBe(400);
  });
});

describe('admin access', () => {
  it.each([
    ['127.0.0.1', 200],
    ['::ffff:127.0.0.1', 200],
    ['::1', 200],
    ['192.0.2.1', 403],
    [undefined, 403],
  ])('from %s answers %i', async (from, status) => {
    address = from;
    expect((await app.request('/post/api/admin/access')).status).toBe(status);
  });
});
