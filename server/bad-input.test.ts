// @vitest-environment node
/**
 * Bad input to the server and emulator (issue #9): each is answered with a 4xx and a clear error body,
 * without a crash, a stack trace or anything leaked. Runs the real HTTP server on a free port, since
 * limits on headers and URLs live in Node's HTTP parser, not in the app.
 */
import { serve, type ServerType } from '@hono/node-server';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { readConfig } from './config';
import { createEmulator, type Emulator } from './emulator';

let workDir: string;
let emulator: Emulator;
let server: ServerType;
let origin: string;

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'innlogging-bad-input-'));
  const distDir = path.join(workDir, 'dist');
  mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html lang="nb"><head><title>Digipost</title><!--runtime-config--></head><body></body></html>');
  writeFileSync(path.join(workDir, 'secret.txt'), 'top secret');
  const config = readConfig({ DATA_DIR: path.join(workDir, 'data'), DIST_DIR: distDir });
  emulator = createEmulator(config.dataDir, { print: () => {} });
  const app = createApp({ config, emulator: emulator.app });
  origin = await new Promise<string>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0 }, (info: AddressInfo) => resolve(`http://127.0.0.1:${info.port}`));
  });
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  emulator.close();
  rmSync(workDir, { recursive: true, force: true });
});

async function session(): Promise<{ cookie: string; csrf: string }> {
  const response = await fetch(`${origin}/post/api`);
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0];
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { cookie, csrf: csrfToken };
}

const passwordLogin = '/post/api/private/login/password';
const apiType = 'application/vnd.digipost-v2+json';

/** A 4xx whose body says what was wrong and shows nothing of the server's insides. */
async function expectClearRefusal(response: Response, status: number) {
  expect(response.status).toBe(status);
  const body = await response.text();
  expect(body.length).toBeGreaterThan(0);
  expect(body).not.toMatch(/\bat .+\.(ts|js|mjs):\d+|node_modules|Error:|\/work\/|secret/);
  return body;
}

describe('bad input', () => {
  it('malformed JSON is a 400 with an error code', async () => {
    const { cookie, csrf } = await session();
    const response = await fetch(`${origin}${passwordLogin}`, {
      method: 'POST',
      headers: { Cookie: cookie, 'X-CSRF-TOKEN': csrf, 'Content-Type': apiType },
      body: '{"username": "01817010055", "password": ',
    });
    expect(JSON.parse(await expectClearRefusal(response, 400))).toMatchObject({ 'error-code': expect.any(String) });
  });

  it('a body that is not JSON at all, under another content type, is a 400', async () => {
    const { cookie, csrf } = await session();
    const response = await fetch(`${origin}${passwordLogin}`, {
      method: 'POST',
      headers: { Cookie: cookie, 'X-CSRF-TOKEN': csrf, 'Content-Type': 'text/plain' },
      body: 'username=01817010055&password=x',
    });
    await expectClearRefusal(response, 400);
  });

  it('a body over the limit is a 413', async () => {
    const { cookie, csrf } = await session();
    const response = await fetch(`${origin}${passwordLogin}`, {
      method: 'POST',
      headers: { Cookie: cookie, 'X-CSRF-TOKEN': csrf, 'Content-Type': apiType },
      body: JSON.stringify({ username: '01817010055', password: 'x'.repeat(200_000) }),
    });
    await expectClearRefusal(response, 413);
  });

  it('a missing or wrong CSRF token is a 403 with CSRF_TOKEN_INVALID', async () => {
    const { cookie } = await session();
    for (const token of [undefined, 'wrong-token']) {
      const headers: Record<string, string> = { Cookie: cookie, 'Content-Type': apiType };
      if (token) headers['X-CSRF-TOKEN'] = token;
      const response = await fetch(`${origin}${passwordLogin}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ username: '01817010055', password: 'Sommerfugl-42' }),
      });
      expect(JSON.parse(await expectClearRefusal(response, 403))).toMatchObject({ 'error-code': 'CSRF_TOKEN_INVALID' });
    }
  });

  it('path traversal out of the assets folder finds nothing', async () => {
    const attempts = [
      '/innlogging/assets/../../secret.txt',
      '/innlogging/assets/%2e%2e/%2e%2e/secret.txt',
      '/innlogging/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/innlogging/assets/..%5c..%5csecret.txt',
      '/innlogging/assets/%252e%252e/%252e%252e/secret.txt',
      '/innlogging/assets/....//....//secret.txt',
    ];
    for (const attempt of attempts) {
      // Raw request: fetch would normalise the dots away before sending.
      const { status, body } = await rawGet(attempt);
      expect(status, attempt).toBeGreaterThanOrEqual(400);
      expect(status, attempt).toBeLessThan(500);
      expect(body, attempt).not.toContain('top secret');
    }
  });

  it('oversized headers and an oversized URL are refused with a 4xx, and the server keeps answering', async () => {
    const bigHeader = await rawGet('/innlogging/', { 'X-Filler': 'x'.repeat(64 * 1024) });
    expect(bigHeader.status).toBe(431);
    const bigUrl = await rawGet(`/innlogging/?q=${'x'.repeat(64 * 1024)}`);
    expect(bigUrl.status).toBeGreaterThanOrEqual(400);
    expect(bigUrl.status).toBeLessThan(500);
    const bigCookie = await rawGet('/post/api', { Cookie: `SESSION=${'y'.repeat(64 * 1024)}` });
    expect(bigCookie.status).toBe(431);
    expect((await fetch(`${origin}/post/api`)).status).toBe(200);
  });

  it('an unknown or garbled session cookie gets a fresh anonymous session, not an error', async () => {
    for (const cookie of ['SESSION=nonsense', 'SESSION=', 'SESSION=%ZZ%', 'SESSION="\\u0000"']) {
      const response = await fetch(`${origin}/post/api`, { headers: { Cookie: cookie } });
      expect(response.status, cookie).toBe(200);
      expect(response.headers.get('set-cookie')).toMatch(/SESSION=[^;]+/);
    }
  });
});

function rawGet(pathAndQuery: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: url.hostname, port: url.port, path: pathAndQuery, method: 'GET', headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}
