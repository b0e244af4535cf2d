// @vitest-environment node
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from './app';
import { readConfig } from './config';
import { closeServer, httpServerForTests, listenForTests, writeDist } from './test-server';

let upstream: Server;
let workDir: string;
let distDir: string;
let app: ReturnType<typeof createApp>;
/** The same app on a real port: a method such as TRACE cannot even be put in a fetch Request. */
let proxyServer: Server;
let proxyOrigin: string;
const seen: {
  method?: string;
  url?: string;
  csrf?: string;
  body: string;
  forwardedFor?: string;
  forwardedProto?: string;
  headers?: Record<string, string | string[] | undefined>;
}[] = [];

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
        headers: request.headers,
      });
      response.writeHead(201, { 'Content-Type': 'application/json', Location: '/somewhere' });
      response.end(JSON.stringify({ from: 'upstream' }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const { port } = upstream.address() as AddressInfo;
  workDir = mkdtempSync(path.join(tmpdir(), 'innlogging-proxy-test-'));
  distDir = writeDist(workDir, '<!doctype html><html lang="nb"></html>');
  app = createApp({ config: readConfig({ API_UPSTREAM: `http://127.0.0.1:${port}`, DIST_DIR: distDir }) });
  ({ server: proxyServer, origin: proxyOrigin } = await listenForTests(app.fetch));
});

afterAll(async () => {
  await closeServer(proxyServer);
  await new Promise((resolve) => upstream.close(resolve));
  rmSync(workDir, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  allow?: string;
  body: string;
}

/** One request on its own connection, method, headers and body exactly as given (chunked when no Content-Length is given). */
function send(origin: string, method: string, url: string, headers: Record<string, string> = {}, body?: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: hostname, port, method, path: url, headers, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, allow: response.headers.allow, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** A body with its Content-Type and Content-Length. */
const withBody = (type: string | undefined, body: string) => ({
  headers: { ...(type === undefined ? {} : { 'Content-Type': type }), 'Content-Length': String(Buffer.byteLength(body)) },
  body,
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

// Issue #34 item 6: TRACE and bodies sent with `Expect: 100-continue` (curl's way with bodies over
// 1 MB) were 500 INTERNAL_ERROR: fetch refuses both, and the error reached the server's onError.
describe('API_UPSTREAM: what the proxy cannot or should not forward', () => {
  const apiPaths = ['/post/api', '/post/api/oauth/token', '/post/api/oauth/authorize', '/post/api/private/login/password', '/post/log/web'];

  it.each(['TRACE', 'OPTIONS', 'PATCH', 'PROPFIND'])('answers %s with 405 and Allow, whatever the body, and sends the upstream nothing', async (method) => {
    for (const url of apiPaths) {
      for (const { headers, body } of [withBody(undefined, ''), withBody('text/plain', 'hello'), withBody('application/json', '{}')]) {
        const before = seen.length;
        const answer = await send(proxyOrigin, method, url, headers, body);
        expect(answer.status, `${method} ${url} ${headers['Content-Type']}`).toBe(405);
        expect(answer.allow).toBe('GET, HEAD, POST, PUT, DELETE');
        expect(JSON.parse(answer.body)).toMatchObject({ 'error-code': 'METHOD_NOT_ALLOWED' });
        expect(seen.length).toBe(before);
      }
    }
  });

  it('forwards a body sent with Expect: 100-continue, as it came (the expectation is met here, not sent on)', async () => {
    for (const [url, type, body] of [
      ['/post/api/oauth/token', 'text/plain', 'grant_type=x'],
      ['/post/log/web', 'text/plain', 'hello'],
      ['/post/api/private/login/password', 'application/json', '{"username":"a"}'],
    ]) {
      const answer = await send(proxyOrigin, 'POST', url, { ...withBody(type, body).headers, Expect: '100-continue' }, body);
      expect(answer.status, url).toBe(201);
      expect(seen.at(-1)).toMatchObject({ method: 'POST', url, body });
    }
  });

  it("sends none of the client's hop-by-hop headers on (fetch refused some: a 502), nor those its Connection names", async () => {
    const cases: Record<string, string>[] = [
      { Connection: 'keep-alive, x-private-hop', 'X-Private-Hop': 'secret' },
      { Connection: 'Upgrade', Upgrade: 'websocket' },
      { Upgrade: 'foo' },
      { 'Proxy-Authorization': 'Basic eDp5', TE: 'trailers', Connection: 'close' },
    ];
    for (const headers of cases) {
      const answer = await send(proxyOrigin, 'GET', '/post/api', headers);
      expect(answer.status, JSON.stringify(headers)).toBe(201);
      const forwarded = seen.at(-1)!.headers!;
      for (const name of ['x-private-hop', 'upgrade', 'proxy-authorization', 'te']) expect(forwarded[name], name).toBeUndefined();
      expect(forwarded.connection ?? 'keep-alive').not.toBe('close');
    }
  });

  it('answers a GET or HEAD body that is not JSON with 415, as the emulator does (fetch could not send it on)', async () => {
    for (const method of ['GET', 'HEAD']) {
      for (const type of ['text/plain', 'multipart/form-data; boundary=x', undefined]) {
        const before = seen.length;
        const answer = await send(proxyOrigin, method, '/post/log/web', withBody(type, 'hello').headers, 'hello');
        expect(answer.status, `${method} ${type}`).toBe(415);
        expect(seen.length).toBe(before);
      }
    }
    expect((await send(proxyOrigin, 'GET', '/post/api', withBody('application/json', '{}').headers, '{}')).status).toBe(201);
  });

  it('refuses a body over 64 KB before any of it goes upstream, with or without a Content-Length', async () => {
    const big = 'x'.repeat(64 * 1024 + 1);
    const before = seen.length;
    const sized = await send(proxyOrigin, 'POST', '/post/log/web', withBody('application/json', big).headers, big);
    const chunked = await send(proxyOrigin, 'POST', '/post/api/private/login/password', { 'Content-Type': 'application/json' }, big);
    expect([sized.status, chunked.status]).toEqual([413, 413]);
    expect(JSON.parse(chunked.body)).toMatchObject({ 'error-code': 'PAYLOAD_TOO_LARGE' });
    expect(seen.length).toBe(before);
  });

  it('answers 502 BAD_GATEWAY when the upstream cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = createApp({ config: readConfig({ API_UPSTREAM: `http://127.0.0.1:${port}`, DIST_DIR: distDir }) });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await unreachable.request('/post/api/private/login/password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ 'error-code': 'BAD_GATEWAY' });
    expect(logged).toHaveBeenCalledWith('[server] upstream request failed', expect.anything());
  });

  describe('in front of the emulator', () => {
    const emulator = httpServerForTests('proxy-emulator');
    let front: Server;
    let frontOrigin: string;

    beforeAll(async () => {
      const config = readConfig({ API_UPSTREAM: emulator.origin, DIST_DIR: distDir });
      ({ server: front, origin: frontOrigin } = await listenForTests(createApp({ config }).fetch));
    });

    afterAll(async () => {
      await closeServer(front);
    });

    it('answers every method and body as the emulator answers it, and never with a 5xx', async () => {
      const bodies = [
        { name: 'none', headers: {}, body: undefined },
        { name: 'text/plain', ...withBody('text/plain', 'hello') },
        { name: 'multipart', ...withBody('multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n') },
        { name: 'no type', ...withBody(undefined, 'hello') },
        { name: 'json', ...withBody('application/json', '{}') },
        { name: 'form', ...withBody('application/x-www-form-urlencoded', 'grant_type=x') },
        { name: 'expect', ...withBody('text/plain', 'hello'), headers: { ...withBody('text/plain', 'hello').headers, Expect: '100-continue' } },
      ];
      const differences: string[] = [];
      for (const url of apiPaths) {
        for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE', 'PROPFIND']) {
          for (const { name, headers, body } of bodies) {
            const direct = await send(emulator.origin, method, url, headers, body);
            const proxied = await send(frontOrigin, method, url, headers, body);
            if (proxied.status !== direct.status || proxied.status >= 500 || proxied.allow !== direct.allow)
              differences.push(`${method} ${url} (${name}): emulator ${direct.status}, proxy ${proxied.status}`);
          }
        }
      }
      expect(differences).toEqual([]);
    });
  });
});
