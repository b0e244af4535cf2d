// @vitest-environment node
/**
 * Content types at the emulator's JSON endpoints, through the real HTTP server: a body of another
 * media type is 415 UNSUPPORTED_MEDIA_TYPE (server/http/content-types.ts), a request without a
 * body needs none, the OAuth token endpoint takes the form encoding only, and the CSRF-free log
 * refuses cross-site posts.
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { isJsonEndpoint, mediaTypeOf } from './http/content-types';
import { pkceStart, tokenRequest } from './emulator/test-app-backend';
import { browserAt, type HttpClient } from './test-http';
import { httpServerForTests } from './test-server';

const server = httpServerForTests('content-types');
const browser = () => browserAt(server.origin);

/** A POST (or other method) with this body and Content-Type (none when undefined), and the session's token. */
function send(client: HttpClient, url: string, type: string | undefined, body: string, method = 'POST') {
  const headers: Record<string, string> = { 'X-CSRF-TOKEN': client.csrf };
  if (type !== undefined) headers['Content-Type'] = type;
  // Bytes, so fetch adds no Content-Type of its own (a string would be text/plain).
  return client.call(url, { method, headers, body: Buffer.from(body) });
}

const loginBody = JSON.stringify({ username: '01817010055', password: 'Sommerfugl-42' });

const samples: { url: string; method?: string; body: string }[] = [
  { url: '/post/api/private/login/password', body: loginBody },
  { url: '/post/api/private/login/secure', body: '{"authenticationType":"IDPORTEN_NIVAA_4"}' },
  { url: '/post/api/private/password-reset', body: '{"phoneNumber":"41234567","taxReference":"01817010055"}' },
  { url: '/post/api/logout', body: '{"FINAL_DESTINATION":"/innlogging/"}' },
  { url: '/post/log/web', body: '{"severity":"ERROR","message":"m","sourceApplication":"innlogging"}' },
  { url: '/dev/api/session', body: '{"role":"VIRKSOMHET"}' },
  { url: '/dev/api/persons', body: '{}' },
  { url: '/dev/api/analytics', body: '{"category":"c","action":"a","label":"l"}' },
  { url: '/dev/api/statuspage', method: 'PUT', body: '{"scheduled_maintenances":[],"incidents":[]}' },
];

const refusedTypes = [
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/xml',
  'text/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/jsonx',
  'application/json-patch+json',
  undefined,
];

describe('a body of another media type at a JSON endpoint', () => {
  it.each(samples)('$url answers 415 UNSUPPORTED_MEDIA_TYPE', async ({ url, method, body }) => {
    const client = await browser();
    for (const type of refusedTypes) {
      const response = await send(client, url, type, body, method);
      expect(response.status, `${type}`).toBe(415);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toMatchObject({ 'error-code': 'UNSUPPORTED_MEDIA_TYPE', 'error-message': expect.stringContaining('application/json') });
    }
    // Nothing was done: Kari is not signed in by any of them.
    expect((await client.root()).role).toBeUndefined();
  });

  it('the JSON types pass, whatever their case and parameters', async () => {
    for (const type of [
      'application/json',
      'application/vnd.digipost-v2+json',
      'Application/JSON; charset=utf-8',
      'application/vnd.digipost-v2+json;charset=UTF-8',
    ]) {
      const client = await browser();
      const response = await send(client, '/post/api/private/login/password', type, loginBody);
      expect(response.status, type).toBe(200);
      expect((await client.root()).role).toBe('PRIVAT');
    }
  });

  it('a chunked body (Transfer-Encoding) counts as a body', async () => {
    const client = await browser();
    const answer = await rawRequest(
      [
        'POST /dev/api/session HTTP/1.1',
        `Host: ${new URL(server.origin).host}`,
        'Content-Type: text/plain',
        'Transfer-Encoding: chunked',
        'Connection: close',
        '',
        `${(17).toString(16)}\r\n{"role":"ADMIN"}\r\n\r\n0\r\n\r\n`,
      ].join('\r\n'),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 415 /);
    expect(answer).toContain('UNSUPPORTED_MEDIA_TYPE');
    expect((await client.root()).role).toBeUndefined();
  });

  it('the identity providers’ own pages and the Sentry stand-in are not JSON endpoints', () => {
    for (const endpoint of ['/post/api', '/post/api/logout', '/post/log/web', '/dev/api/session', '/dev/api/statuspage'])
      expect(isJsonEndpoint(endpoint), endpoint).toBe(true);
    for (const page of ['/dev/broker', '/dev/idporten', '/dev/area-logout', '/dev/sentry/api/1/envelope/', '/dev/', '/innlogging/', '/post/apix'])
      expect(isJsonEndpoint(page), page).toBe(false);
    expect(mediaTypeOf(' Application/Vnd.Digipost-V2+JSON ; charset=utf-8')).toBe('application/vnd.digipost-v2+json');
    expect(mediaTypeOf(undefined)).toBe('');
  });
});

describe('requests without a body', () => {
  it('need no Content-Type: logout, email verification and token approve as the front end sends them', async () => {
    // Logout without a body (and, as a browser may send, with a stray Content-Type on an empty body).
    for (const type of [undefined, 'text/plain']) {
      const client = await browser();
      const response = await client.call('/post/api/logout?FINAL_DESTINATION=%2Finnlogging%2F', {
        method: 'POST',
        headers: { 'X-CSRF-TOKEN': client.csrf, ...(type ? { 'Content-Type': type } : {}) },
      });
      expect(response.status, `${type}`).toBe(200);
      expect(response.headers.get('location')).toBe('/innlogging/');
    }

    const client = await browser();
    const issued = (await (
      await client.call('/dev/api/email-verification', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"nationalId":"01817010055"}',
      })
    ).json()) as { link: string };
    const token = new URL(issued.link, server.origin).searchParams.get('token')!;
    expect(token).toBeTruthy();
    const verified = await client.call(`/post/api/private/emailVerification/${token}`, { method: 'POST', headers: { 'X-CSRF-TOKEN': client.csrf } });
    expect(verified.status).toBe(200);

    const pkce = pkceStart('test');
    const started = (await (await client.call(pkce.url)).json()) as { token: string };
    // The app's login page binds the authorization to this browser (no body either), then the login.
    expect(
      (await client.call(`/post/api/oauth/authorize/tokens/${started.token}/bind`, { method: 'POST', headers: { 'X-CSRF-TOKEN': client.csrf } })).status,
    ).toBe(204);
    // Signed in on the app's own page: a login made in its flow, approved without a question (or a body).
    const login = { username: '01817010055', password: 'Sommerfugl-42', appAuthorization: started.token };
    expect((await client.post('/post/api/private/login/password', login)).status).toBe(200);
    await client.root();
    const approved = await client.call(`/post/api/oauth/authorize/tokens/${started.token}/approve`, {
      method: 'POST',
      headers: { 'X-CSRF-TOKEN': client.csrf },
    });
    expect(approved.status).toBe(200);
    const { code } = (await approved.json()) as { code: string };

    // The app's backend exchanges the code form-encoded, as RFC 6749 has it.
    const exchanged = await fetch(`${server.origin}/post/api/oauth/token`, tokenRequest('test', code, pkce.verifier));
    expect(exchanged.status).toBe(200);
    expect(await exchanged.json()).toMatchObject({ token_type: 'Bearer', person: '01817010055' });
  });

  it('a POST with no Content-Length at all (curl -X POST) is body-less too', async () => {
    const answer = await rawRequest(['POST /post/api/logout HTTP/1.1', `Host: ${new URL(server.origin).host}`, 'Connection: close', '', ''].join('\r\n'));
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/\r\nlocation: \/innlogging\/logout\r\n/i);
  });

  it("the token endpoint answers any other media type with RFC 6749's invalid_request, never 415", async () => {
    for (const type of [...refusedTypes.filter((refused) => refused !== 'application/x-www-form-urlencoded'), 'application/json']) {
      const response = await fetch(`${server.origin}/post/api/oauth/token`, {
        method: 'POST',
        headers: type ? { 'Content-Type': type } : {},
        body: 'grant_type=authorization_code&code=unknown&client_id=ios',
      });
      expect(response.status, `${type}`).toBe(400);
      expect(await response.json(), `${type}`).toMatchObject({ error: 'invalid_request' });
    }
  });
});

describe('the log (/post/log/web) takes reports from this site only', () => {
  const entry = JSON.stringify({ severity: 'ERROR', message: 'from a test', sourceApplication: 'innlogging' });
  const log = (headers: Record<string, string>) =>
    fetch(`${server.origin}/post/log/web`, { method: 'POST', headers: { 'Content-Type': 'application/vnd.digipost-v2+json', ...headers }, body: entry });

  it('answers 204 to the page itself, and to a client that is no browser', async () => {
    expect((await log({ Origin: server.origin, 'Sec-Fetch-Site': 'same-origin' })).status).toBe(204);
    expect((await log({ Origin: server.origin.replace('127.0.0.1', '127.0.0.1'.toUpperCase()) })).status).toBe(204);
    expect((await log({})).status).toBe(204);
  });

  it('answers 403 to another origin, an opaque origin, or a cross-site fetch', async () => {
    const port = new URL(server.origin).port;
    const refused: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { Origin: `http://localhost:${port}` },
      { Origin: `http://127.0.0.1:${Number(port) + 1}` },
      { Origin: 'null' },
      { Origin: 'not a url' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { Origin: server.origin, 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const headers of refused) {
      const response = await log(headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.json()).toMatchObject({ 'error-code': 'CROSS_SITE_REQUEST' });
    }
  });

  it('behind a proxy, counts the host the proxy names (with its port, or by host name without one)', async () => {
    expect((await log({ Origin: 'https://www.example.no', 'X-Forwarded-Host': 'www.example.no' })).status).toBe(204);
    expect((await log({ Origin: 'http://127.0.0.1:8080', 'X-Forwarded-Host': '127.0.0.1' })).status).toBe(204);
    expect((await log({ Origin: 'http://127.0.0.1:8080', 'X-Forwarded-Host': '127.0.0.1:8080' })).status).toBe(204);
    expect((await log({ Origin: 'http://127.0.0.1:8080', 'X-Forwarded-Host': '127.0.0.1:9090' })).status).toBe(403);
    expect((await log({ Origin: 'https://evil.example', 'X-Forwarded-Host': 'www.example.no' })).status).toBe(403);
  });

  it('never grants the CORS preflight a cross-site JSON post needs, and a form post from elsewhere is 415', async () => {
    const preflight = await fetch(`${server.origin}/post/log/web`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
    const simple = await fetch(`${server.origin}/post/log/web`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'text/plain' },
      body: entry,
    });
    expect(simple.status).toBe(415);
  });
});

/** One request written as is on its own connection; the whole answer as text. */
function rawRequest(text: string): Promise<string> {
  const { hostname, port } = new URL(server.origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}
