// @vitest-environment node
/**
 * What anonymous requests can add to the emulator's database, flooded as an attacker would (issue #34,
 * item 5: 30 KB log entries made 55,000 rows and 1.7 GB in a minute; cookie-less business sign-in
 * starts 226,000 rows). Against the real HTTP server, from many addresses (TRUST_PROXY), with rows and
 * the database file measured after the flood.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { exampleLoginStart } from '../src/contract/test-examples';
import { errorCode, httpClient } from './test-http';
import { httpServerForTests } from './test-server';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

let serverTime = Date.now();
const server = httpServerForTests('growth', {
  env: { TRUST_PROXY: 'true', LIMIT_MAX_LOG_ENTRIES: '500', LIMIT_MAX_LOGIN_REQUESTS: '500' },
  now: () => serverTime,
});

const rows = (table: string, where = '1') => (server.emulator.db.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`).get() as { n: number }).n;
/** The database file after a checkpoint has moved the write-ahead log into it. */
function databaseBytes() {
  server.emulator.db.pragma('wal_checkpoint(TRUNCATE)');
  return statSync(path.join(server.workDir, 'data', 'emulator.sqlite')).size;
}

/** Runs `count` requests, `parallel` at a time; each from the address `addressOf(index)`. */
async function flood(count: number, parallel: number, send: (index: number) => Promise<Response>) {
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const index = next++;
        const response = await send(index);
        await response.arrayBuffer();
        statuses.push(response.status);
      }
    }),
  );
  return statuses;
}

/** A log entry of about `size` bytes (100 or more). */
const logEntry = (size: number) => {
  const message = 'x'.repeat(Math.min(900, size - 100));
  return JSON.stringify({ severity: 'ERROR', message, sourceApplication: 'innlogging', extras: { pad: 'y'.repeat(size - 100 - message.length) } });
};
const postLog = (body: string, address: string) =>
  fetch(`${server.origin}/post/log/web`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address }, body });
const startBusinessLogin = (address: string) =>
  fetch(`${server.origin}/post/api/login/idp?provider=signicat&rolle=VIRKSOMHET&returnUrl=/virksomhet/`, {
    redirect: 'manual',
    headers: { 'X-Forwarded-For': address },
  });

describe('the front end log, which takes entries without a session', () => {
  it('refuses an entry over 4 KB with 413, and a message over 1,000 characters with 400', async () => {
    expect((await postLog(logEntry(4_000), '198.51.100.1')).status).toBe(204);
    const large = await postLog(logEntry(30_000), '198.51.100.1');
    expect(large.status).toBe(413);
    const long = await postLog(JSON.stringify({ severity: 'ERROR', message: 'x'.repeat(1_001), sourceApplication: 'innlogging' }), '198.51.100.1');
    expect(long.status).toBe(400);
  });

  it('takes 60 entries a minute from one address, then 429 TOO_MANY_REQUESTS with Retry-After until the minute has passed', async () => {
    const address = '2001:db8:10:1::1';
    const statuses = await flood(70, 5, () => postLog(logEntry(200), address));
    expect(statuses.filter((status) => status === 204)).toHaveLength(60);
    const refused = await postLog(logEntry(200), '2001:db8:10:1::99');
    expect(refused.status).toBe(429);
    expect(errorCode({ body: await refused.text() })).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers.get('retry-after'))).toBe(1);
    // Another network is not held back; this one gets one entry a second back.
    expect((await postLog(logEntry(200), '2001:db8:11:1::1')).status).toBe(204);
    serverTime += 60_000;
    expect((await flood(60, 5, () => postLog(logEntry(200), address))).every((status) => status === 204)).toBe(true);
  });

  it('a flood of 3,000 largest entries from 100 networks leaves at most the cap, and the file stays small', async () => {
    serverTime += 60_000;
    const before = databaseBytes();
    const body = logEntry(4_000);
    const statuses = await flood(3_000, 20, (index) => postLog(body, `2001:db8:${index % 100}:2::1`));
    expect(statuses.every((status) => status === 204)).toBe(true);
    // The cap, plus at most the writes between two trims.
    expect(rows('web_log')).toBeLessThanOrEqual(600);
    server.emulator.purge();
    expect(rows('web_log')).toBe(500);
    // 3,000 entries of 4 KB would be 12 MB; 600 of them are 2.4 MB.
    const grown = databaseBytes() - before;
    expect(grown).toBeLessThan(4 * 1024 * 1024);
    // The newest are the ones kept.
    const newest = (await (await fetch(`${server.origin}/dev/api/logs`)).json()) as unknown[];
    expect(newest.length).toBe(200);
  });
});

describe('sign-ins under way', () => {
  /** A browser with a session that has started an eID sign-in: the simulated ID-porten's page for it. */
  async function eidSignInUnderWay(address: string) {
    const client = httpClient(server.origin);
    await client.root();
    const start = await client.post('/post/api/private/login/secure', exampleLoginStart, { 'X-Forwarded-For': address });
    expect(start.status).toBe(200);
    return { client, page: start.headers.get('location')! };
  }

  it('one address starts 120 business sign-ins a minute without a session, then 429 TOO_MANY_REQUESTS with Retry-After; eID with a session is never held back', async () => {
    serverTime += 60_000;
    const statuses = await flood(130, 5, () => startBusinessLogin('198.51.100.20'));
    expect(statuses.filter((status) => status === 302)).toHaveLength(120);
    const refused = await startBusinessLogin('198.51.100.20');
    expect(refused.status).toBe(429);
    expect(errorCode({ body: await refused.text() })).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // People behind the same address (a carrier's, a school's) still start eID, and business with their session.
    const { client } = await eidSignInUnderWay('198.51.100.20');
    const business = await client.call('/post/api/login/idp?provider=signicat&rolle=VIRKSOMHET&returnUrl=/virksomhet/', {
      redirect: 'manual',
      headers: { 'X-Forwarded-For': '198.51.100.20' },
    });
    expect(business.status).toBe(302);
  });

  it('3,000 cookie-less starts from 100 networks leave the pool at its cap and end no sign-in that a browser has under way', async () => {
    serverTime += 60_000;
    const honest = await eidSignInUnderWay('198.51.100.40');
    const statuses = await flood(3_000, 20, (index) => startBusinessLogin(`2001:db8:${index % 100}:3::1`));
    expect(statuses.every((status) => status === 302)).toBe(true);
    // The pool of cookie-less ones at its cap (plus at most the writes between two trims); the
    // sign-ins of sessions are counted apart (three so far in this file, the honest one among them).
    expect(rows('login_requests', 'started_session_id IS NULL')).toBeLessThanOrEqual(600);
    server.emulator.purge();
    expect(rows('login_requests', 'started_session_id IS NULL')).toBeLessThanOrEqual(500);
    expect(rows('login_requests', 'started_session_id IS NOT NULL')).toBe(3);
    expect((await honest.client.call(honest.page)).status).toBe(200);
    // The newest cookie-less one works too.
    const last = await startBusinessLogin('198.51.100.30');
    expect((await fetch(new URL(last.headers.get('location')!, server.origin))).status).toBe(200);
  });

  it('a session keeps its newest three sign-ins under way, however many it starts', async () => {
    const { client } = await eidSignInUnderWay('198.51.100.50');
    for (let start = 0; start < 50; start += 1) await client.post('/post/api/private/login/secure', exampleLoginStart);
    const ofSession = server.emulator.db
      .prepare(
        'SELECT count(*) AS n FROM login_requests WHERE started_session_id IS NOT NULL AND started_session_id = (SELECT started_session_id FROM login_requests ORDER BY created_at DESC LIMIT 1)',
      )
      .get() as { n: number };
    expect(ofSession.n).toBe(3);
  });

  it('requests older than their 10 minutes are purged', async () => {
    server.emulator.db
      .prepare(
        "INSERT INTO login_requests (id, kind, level, role, return_url, return_url_error, language, created_at) VALUES ('old', 'BROKER', 1, 'VIRKSOMHET', '/', '/', 'nb', ?)",
      )
      .run(Date.now() - 11 * 60 * 1000);
    server.emulator.purge();
    expect(server.emulator.db.prepare("SELECT id FROM login_requests WHERE id = 'old'").get()).toBeUndefined();
  });
});
