// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './db';
import { errorReportRoutes, parseEnvelope } from './error-reports';

let dataDir: string;
let db: Db;
let app: Hono;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'innlogging-error-reports-test-'));
  db = openDatabase(dataDir);
  app = new Hono();
  app.route('/dev', errorReportRoutes(db));
});

afterEach(() => {
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const event = {
  event_id: 'a'.repeat(32),
  release: '106',
  environment: 'production',
  exception: { values: [{ type: 'Error', value: 'e2e-boom' }] },
};

function envelope(items: [Record<string, unknown>, string][]) {
  const header = JSON.stringify({ event_id: event.event_id, sent_at: new Date().toISOString(), dsn: 'http://public@localhost/dev/sentry/1' });
  return [header, ...items.flatMap(([itemHeader, payload]) => [JSON.stringify(itemHeader), payload])].join('\n');
}

describe('error reports', () => {
  it('stores the event of an envelope and lists it', async () => {
    const body = envelope([
      [{ type: 'event' }, JSON.stringify(event)],
      [{ type: 'client_report' }, JSON.stringify({ discarded_events: [] })],
    ]);
    const response = await app.request('/dev/sentry/api/1/envelope/?sentry_version=7&sentry_key=public', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      body,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(await response.json()).toEqual({ id: event.event_id });

    const list = await app.request('/dev/api/error-reports');
    expect(await list.json()).toEqual([event]);

    expect((await app.request('/dev/api/error-reports', { method: 'DELETE' })).status).toBe(204);
    expect(await (await app.request('/dev/api/error-reports')).json()).toEqual([]);
  });

  it('reads items with an explicit length', () => {
    const payload = JSON.stringify({ message: 'ø with\nnewline' });
    const bytes = new TextEncoder().encode(`{}\n${JSON.stringify({ type: 'event', length: Buffer.byteLength(payload) })}\n${payload}\n`);
    const parsed = parseEnvelope(bytes);
    expect(parsed.items).toEqual([{ header: { type: 'event', length: Buffer.byteLength(payload) }, payload }]);
  });

  it('answers the preflight with CORS headers', async () => {
    const response = await app.request('/dev/sentry/api/1/envelope/', { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
  });

  it('refuses a malformed envelope', async () => {
    const response = await app.request('/dev/sentry/api/1/envelope/', { method: 'POST', body: 'not json' });
    expect(response.status).toBe(400);
    expect(await (await app.request('/dev/api/error-reports')).json()).toEqual([]);
  });
});
