// @vitest-environment node
/**
 * What ends a session, what keeps the emulator's tables and maps bounded, who the client is behind a
 * proxy, what the person-id cookie gives away, and two servers starting at once on one DATA_DIR
 * (issue #15), against the real HTTP server.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { startServer } from '../tests/e2e/support/server';
import { readConfig } from './config';
import { createFaultsAndClock, scopeCookieName } from './emulator/faults-and-clock';
import { browserAt, freshPerson as freshPersonAt, moveClock, passwordSignedIn, type Person } from './test-http';
import { httpServerForTests, withOwnServer } from './test-server';
import { Hono } from 'hono';
import { limitKeyOf } from './client-address';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const server = httpServerForTests('sessions');

const freshPerson = (origin = server.origin) => freshPersonAt(origin);
const signedIn = (person: Person, origin = server.origin) => passwordSignedIn(origin, person);

describe('session lifecycle', () => {
  it('a completed password reset ends every other session of that person', async () => {
    const person = await freshPerson();
    const laptop = await signedIn(person);
    const phone = await signedIn(person);
    expect((await laptop.root()).role).toBe('PRIVAT');
    const resetter = await browserAt(server.origin);
    type Links = { link: { rel: string; uri: string }[] };
    const links = (await (
      await resetter.post('/post/api/private/password-reset', { phoneNumber: person.phone, taxReference: person.nationalId })
    ).json()) as Links;
    const uri = (name: string) => links.link.find((link) => link.rel.endsWith(`/${name}`))!.uri;
    const outbox = (await (await fetch(`${server.origin}/dev/api/outbox`)).json()) as { to: string; code?: string }[];
    const email = outbox.find((entry) => entry.to === person.email)!.code!;
    const sms = outbox.find((entry) => entry.to === person.phone)!.code!;
    expect((await resetter.post(uri('check_email_code'), { code: email })).status).toBe(200);
    expect((await resetter.post(uri('check_sms_code'), { code: sms })).status).toBe(200);
    expect((await resetter.post(uri('self'), { emailcode: email, smscode: sms, password: { password: 'Blåbær-Vaffel-2026' } })).status).toBe(200);
    expect((await laptop.root()).role).toBeUndefined();
    expect((await phone.root()).role).toBeUndefined();
    // Someone else's session is untouched.
    const other = await signedIn(await freshPerson());
    expect((await other.root()).role).toBe('PRIVAT');
  });

  it('a session kept busy still ends 12 hours after it began', async () => {
    const client = await signedIn(await freshPerson());
    // A request every 25 minutes: never idle for 30, but 12 hours pass.
    for (let minutes = 25; minutes < 12 * 60; minutes += 25) {
      await moveClock(client, 25);
      expect((await client.root()).role, `after ${minutes} minutes`).toBe('PRIVAT');
    }
    // The clock moves on without a page asking for the root document: the mailbox is what is opened next.
    await client.call('/dev/api/clock', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advanceMinutes: 25 }) });
    // The mailbox tells the person the session has timed out; the API knows them no more.
    const mailbox = await client.call('/postkasse/');
    expect(mailbox.headers.get('location')).toBe('/innlogging/timeout');
    expect((await client.root()).role).toBeUndefined();
  });

  it('anonymous sessions stay bounded under load, and one in use survives', async () => {
    await withOwnServer('sessions-load', { env: { LIMIT_MAX_ANONYMOUS_SESSIONS: '100' } }, async (own) => {
      const person = await browserAt(own.origin);
      const count = () => (own.emulator.db.prepare('SELECT count(*) AS n FROM sessions WHERE role IS NULL').get() as { n: number }).n;
      // Half the flood from a browser whose dev clock is a year ahead: its rows must not count as the freshest.
      const future = await browserAt(own.origin);
      await moveClock(future, 525_600);
      const scope = future.cookieHeader();
      for (let batch = 0; batch < 20; batch += 1) {
        const headers = batch % 2 ? { Cookie: scope } : undefined;
        await Promise.all(Array.from({ length: 50 }, () => fetch(`${own.origin}/post/api`, { headers }).then((response) => response.arrayBuffer())));
        await person.root();
      }
      // 1,000 new sessions; the cap is 100, trimmed every 500 new ones.
      expect(count()).toBeLessThanOrEqual(100 + 500);
      const token = person.csrf;
      await person.root();
      expect(person.csrf).toBe(token);
    });
  });
});

describe('dev switches', () => {
  it('remember a bounded number of browsers, the least recently used forgotten first', async () => {
    const controls = createFaultsAndClock(10);
    const app = new Hono();
    app.route('/dev/api', controls.routes);
    const advance = (cookie?: string) =>
      app.request('/dev/api/clock', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
        body: JSON.stringify({ advanceMinutes: 5 }),
      });
    const first = (await advance()).headers.get('set-cookie')!.split(';')[0];
    for (let index = 0; index < 50; index += 1) {
      await advance();
      if (index % 5 === 0) await advance(first);
    }
    expect(controls.scopeCount()).toBe(10);
    const clock = (await (await app.request('/dev/api/clock', { headers: { Cookie: first } })).json()) as { offsetMs: number };
    expect(clock.offsetMs).toBeGreaterThan(0);
    expect(first.startsWith(`${scopeCookieName}=`)).toBe(true);
  });
});

describe('the person-id cookie', () => {
  const personCookie = (headers: string[]) => headers.find((header) => header.startsWith('dp-person-id='));

  it('is an HMAC under a secret of this DATA_DIR, HttpOnly, and the same for the same person', async () => {
    const person = await freshPerson();
    const setCookies: string[] = [];
    for (let index = 0; index < 2; index += 1) {
      const client = await browserAt(server.origin);
      const response = await client.post('/post/api/private/login/password', { username: person.nationalId, password: person.password });
      setCookies.push(personCookie(response.headers.getSetCookie())!);
    }
    const [first, second] = setCookies;
    expect(first).toMatch(/HttpOnly/i);
    expect(first.split(';')[0]).toBe(second.split(';')[0]);
    const value = first.split(';')[0].split('=')[1];
    // The old cookie: an unsalted hash anyone could compute from a candidate national ID.
    expect(value).not.toBe(createHash('sha256').update(`person:${person.nationalId}`).digest('base64url').slice(0, 22));
    expect(value).not.toContain(person.nationalId);
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  it('without it, X-Forwarded-For and X-Forwarded-Proto are ignored', async () => {
    await withOwnServer('sessions-untrusted', { env: { ADMIN_NETWORKS: '10.0.0.0/8' } }, async (own) => {
      const access = await fetch(`${own.origin}/post/api/admin/access`, { headers: { 'X-Forwarded-For': '10.1.2.3' } });
      expect(access.status).toBe(403);
      const root = await fetch(`${own.origin}/post/api`, { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(root.headers.get('set-cookie')).not.toMatch(/Secure/i);
    });
  });

  it('with it, the hop the proxy added is the client, for ADMIN_NETWORKS, limits and Secure cookies', async () => {
    const env = { ADMIN_NETWORKS: '10.0.0.0/8', TRUST_PROXY: 'true', LIMIT_PASSWORD_FAILURES_PER_ADDRESS: '3' };
    await withOwnServer('sessions-trusted', { env }, async (own) => {
      const access = (forwardedFor: string) => fetch(`${own.origin}/post/api/admin/access`, { headers: { 'X-Forwarded-For': forwardedFor } });
      expect((await access('10.1.2.3')).status).toBe(200);
      expect((await access('203.0.113.9, 10.1.2.3')).status).toBe(200);
      // What a client writes itself comes first; the proxy appends what it saw.
      expect((await access('10.1.2.3, 203.0.113.9')).status).toBe(403);
      const root = await fetch(`${own.origin}/post/api`, { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(root.headers.get('set-cookie')).toMatch(/Secure/i);
      // Each address has a count of its own.
      const client = await browserAt(own.origin);
      const wrongFrom = (address: string) =>
        client.post(
          '/post/api/private/login/password',
          { username: `9${String(Math.random()).slice(2, 12)}`, password: 'Wrong-1' },
          { 'X-Forwarded-For': address },
        );
      const statuses = [];
      for (let index = 0; index < 4; index += 1) statuses.push((await wrongFrom('198.51.100.7')).status);
      expect(statuses).toEqual([403, 403, 429, 429]);
      expect((await wrongFrom('198.51.100.8')).status).toBe(403);
    });
  });

  it('naming the proxies, only a request from them is believed', async () => {
    await withOwnServer('sessions-named', { env: { ADMIN_NETWORKS: '10.0.0.0/8', TRUST_PROXY: '192.0.2.0/24' } }, async (own) => {
      // The test's requests come from 127.0.0.1, which is no proxy of ours: the header is the client's own word.
      expect((await fetch(`${own.origin}/post/api/admin/access`, { headers: { 'X-Forwarded-For': '10.1.2.3' } })).status).toBe(403);
      expect((await fetch(`${own.origin}/post/api`, { headers: { 'X-Forwarded-Proto': 'https' } })).headers.get('set-cookie')).not.toMatch(/Secure/i);
    });
  });

  it('per-address limits count an IPv6 address by its /64', () => {
    expect(limitKeyOf('2001:db8:1:2:aaaa::1')).toBe(limitKeyOf('2001:db8:1:2:ffff:1:2:3'));
    expect(limitKeyOf('2001:db8:1:2::1')).not.toBe(limitKeyOf('2001:db8:1:3::1'));
    expect(limitKeyOf('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(limitKeyOf('198.51.100.7')).toBe('198.51.100.7');
    // One /64 however it is written: leading zeros, letter case, '::' anywhere, an IPv4 tail.
    expect(limitKeyOf('2001:0DB8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(limitKeyOf('2001:db8:1:2:0:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(limitKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(limitKeyOf('64:ff9b::198.51.100.7')).toBe('64:ff9b:0:0::/64');
  });

  it('TRUST_PROXY and LIMIT_… values are checked at start-up', () => {
    expect(() => readConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(readConfig({ TRUST_PROXY: '10.0.0.0/8, ::1' }).trustProxy).toHaveLength(2);
    expect(() => readConfig({ LIMIT_PASSWORD_FAILURES_PER_ID: '0' })).toThrow(/LIMIT_PASSWORD_FAILURES_PER_ID/);
    expect(() => readConfig({ LIMIT_CODE_LIFETIME_MINUTES: '10.5' })).toThrow(/LIMIT_CODE_LIFETIME_MINUTES/);
    expect(() => readConfig({ LIMIT_LOCK_FIRST_SECONDS: '7200', LIMIT_LOCK_MAX_MINUTES: '60' })).toThrow(/LIMIT_LOCK_MAX_MINUTES/);
    const config = readConfig({ TRUST_PROXY: '1', LIMIT_PASSWORD_FAILURES_PER_ID: '7', LIMIT_CODE_LIFETIME_MINUTES: '5' });
    expect(config.trustProxy).toBe(true);
    expect(config.limits.passwordFailuresPerId).toBe(7);
    expect(config.limits.codeLifetimeMs).toBe(5 * 60_000);
    expect(readConfig({}).limits.codeLifetimeMs).toBe(10 * 60_000);
  });
});

describe('start-up', () => {
  it('two servers started at once on a fresh DATA_DIR both come up and share one seeded database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'innlogging-twin-'));
    const servers = await Promise.all([startServer({}, dataDir), startServer({}, dataDir)]);
    try {
      for (const running of servers) expect((await fetch(`${running.url}/post/api`)).status).toBe(200);
      const people = (await (await fetch(`${servers[0].url}/dev/api/outbox`)).json()) as { purpose: string }[];
      // Kari's two seeded verification links, once.
      expect(people.filter((entry) => entry.purpose === 'email-verification')).toHaveLength(2);
      // A person one server adds can sign in through the other.
      const person = await freshPerson(servers[0].url);
      await signedIn(person, servers[1].url);
    } finally {
      await Promise.all(servers.map((running) => running.stopKeepingData()));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
