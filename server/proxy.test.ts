// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { readConfig } from './config';

let upstream: Server;
let workDir: string;
let app: ReturnType<typeof createApp>;
const seen: { method?: string; url?: string; csrf?: string; body: string; forwardedFor?: string; forwardedProto?: string }[] = [];

beforeAll(async () => {
  upstream = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      seen.push({
        method: request.method,
        url: request.url,
        csrf: request.headers['x-csrf-token'] as string | undefined,
        body,
        forwardedFor: request.headers['x-forwarded-for'] as string | undefined,
        forwardedProto: request.headers['x-forwarded-proto'] as string | undefined,
      });
      response.writeHead(201, { 'Content-Type': 'application/json', Location: '/somewhere' });
      response.end(JSON.stringify({ from: 'upstream' }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const { port } = upstream.address() as AddressInfo;
  workDir = mkdtempSync(path.join(tmpdir(), 'innlogging-proxy-test-'));
  mkdirSync(path.join(workDir, 'dist'));
  writeFileSync(path.join(workDir, 'dist', 'index.html'), '<!doctype html><html lang="nb"></html>');
  const config = readConfig({ API_UPSTREAM: `http://127.0.0.1:${port}`, DIST_DIR: path.join(workDir, 'dist') });
  app = createApp({ config });
});

afterAll(async () => {
  await new Promise((resolve) => upstream.close(resolve));
  rmSync(workDir, { recursive: true, force: true });
});

describe('API_UPSTREAM', () => {
  it('proxies /post/api and /post/log to the upstream, with method, query, headers and body', async () => {
    const response = await app.request('/post/api/private/login/password?x=1', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-TOKEN': 'token-1' },
      body: JSON.stringify({ username: 'a' }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe('/somewhere');
    expect(await response.json()).toEqual({ from: 'upstream' });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/post/api/private/login/password?x=1', csrf: 'token-1', body: '{"username":"a"}' });
    await app.request('/post/api');
    expect(seen.at(-1)?.url).toBe('/post/api');
    await app.request('/post/log/web', { method: 'POST', body: '{}' });
    expect(seen.at(-1)?.url).toBe('/post/log/web');
  });

  it("answers the upstream's API answers with Cache-Control: no-store", async () => {
    expect((await app.request('/post/api')).headers.get('cache-control')).toBe('no-store');
    expect(
      (
        await app.request('/post/api/oauth/token', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'code=a' })
      ).headers.get('cache-control'),
    ).toBe('no-store');
  });

  it.each([
    '/post/api/..%5c..%5cdev',
    '/post/log/..%5C..%5Cmanagement/env',
    '/post/api/..%5c..%5c..%5cetc?x=1',
    '/post/api/%2e%2e%2f%2e%2e%2finternal',
    '/post/api/a%2F..%2F..%2Finternal',
    '/post/api/..;/..;/actuator/env',
    '/post/log/x;jsessionid=1/..;/..;/internal',
  ])('forwards nothing outside /post/api and /post/log: %s (found by an outside review)', async (path) => {
    const before = seen.length;
    const response = await app.request(path);
    expect(response.status).toBe(400);
    expect(seen.length).toBe(before);
  });

  it("sends the client's address as this server knows it, not the client's own X-Forwarded-For", async () => {
    await app.request('/post/api', { headers: { 'X-Forwarded-For': '6.6.6.6', 'X-Forwarded-Proto': 'https' } });
    expect(seen.at(-1)?.forwardedFor ?? '').not.toContain('6.6.6.6');
    expect(seen.at(-1)?.forwardedProto).toBe('http');
  });

  it('has no emulator: /dev/ is not there', async () => {
    expect((await app.request('/dev/api/logs')).status).toBe(404);
  });
});
