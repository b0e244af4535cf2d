// @vitest-environment node
/**
 * Bad input to the server and emulator (issue #9): each is answered with a 4xx and a clear error body,
 * without a crash, a stack trace or anything leaked. Runs the real HTTP server on a free port, since
 * limits on headers and URLs live in Node's HTTP parser, not in the app.
 */
import { writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { httpServerForTests } from './test-server';

const server = httpServerForTests('bad-input');

// Beside the built front end (dist/), where a path out of its assets folder would find it.
beforeAll(() => writeFileSync(path.join(server.workDir, 'secret.txt'), 'top secret'));

async function session(): Promise<{ cookie: string; csrf: string }> {
  const response = await fetch(`${server.origin}/post/api`);
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
    const response = await fetch(`${server.origin}${passwordLogin}`, {
      method: 'POST',
      headers: { Cookie: cookie, 'X-CSRF-TOKEN': csrf, 'Content-Type': apiType },
      body: '{"username": "01817010055", "password": ',
    });
    expect(JSON.parse(await expectClearRefusal(response, 400))).toMatchObject({ 'error-code': expect.any(String) });
  });

  it('a body under another content type is a 415 with UNSUPPORTED_MEDIA_TYPE', async () => {
    const { cookie, csrf } = await session();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const response = await fetch(`${server.origin}${passwordLogin}`, {
        method: 'POST',
        headers: { Cookie: cookie, 'X-CSRF-TOKEN': csrf, 'Content-Type': type },
        body: 'username=01817010055&password=x',
      });
      expect(JSON.parse(await expectClearRefusal(response, 415)), type).toMatchObject({ 'error-code': 'UNSUPPORTED_MEDIA_TYPE' });
    }
  });

  it('a body over the limit is a 413', async () => {
    const { cookie, csrf } = await session();
    const response = await fetch(`${server.origin}${passwordLogin}`, {
      method: 'POST',
      headers: { Cookie: cookie, 'X-CSRF-TOKEN': csrf, 'Content-Type': apiType },
      body: JSON.stringify({ username: '01817010055', password: 'x'.repeat(200_000) }),
    });
    await expectClearRefusal(response, 413);
  });

  it('a 413 says Connection: close and the connection then ends cleanly, not reset', async () => {
    for (const [url, size] of [
      [passwordLogin, 200_000],
      ['/post/log/web', 5_000_000],
    ] as const) {
      const { cookie, csrf } = await session();
      const answer = await rawExchange(
        `POST ${url} HTTP/1.1\r\nHost: ${new URL(server.origin).host}\r\nCookie: ${cookie}\r\nX-CSRF-TOKEN: ${csrf}\r\n` +
          `Content-Type: ${apiType}\r\nContent-Length: ${size}\r\nConnection: keep-alive\r\n\r\n`,
        Buffer.alloc(size, 'x'),
      );
      expect(answer.error, url).toBeUndefined();
      expect(answer.ended, url).toBe(true);
      const response = parseResponses(answer.text);
      // One complete answer, and nothing after it: the rest of the body was not taken for a request.
      expect(response, url).toHaveLength(1);
      expect(response[0].status).toBe(413);
      expect(response[0].headers.connection).toBe('close');
      expect(JSON.parse(response[0].body)).toMatchObject({ 'error-code': 'PAYLOAD_TOO_LARGE' });
    }
    // A new connection works.
    expect((await fetch(`${server.origin}/post/api`)).status).toBe(200);
  });

  it('a client still sending its body after the 413 is not reset: the server reads on until it is done', async () => {
    const size = 600_000;
    const answer = await rawExchange(
      `POST /post/log/web HTTP/1.1\r\nHost: ${new URL(server.origin).host}\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
      Buffer.alloc(size, 'x'),
      { piece: 50_000, pauseMs: 20 },
    );
    expect(answer.error).toBeUndefined();
    expect(answer.ended).toBe(true);
    expect(parseResponses(answer.text)).toMatchObject([{ status: 413, headers: { connection: 'close' } }]);
  });

  it('a request pipelined after an oversized body is not processed', async () => {
    const size = 100_000;
    const host = new URL(server.origin).host;
    const answer = await rawExchange(
      `POST /post/log/web HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
      Buffer.concat([
        Buffer.alloc(size, 'x'),
        Buffer.from(`POST /dev/api/persons HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`),
      ]),
    );
    expect(answer.error).toBeUndefined();
    expect(parseResponses(answer.text).map((response) => response.status)).toEqual([413]);
  });

  it('a keep-alive client gets the 413 and goes on, on a new connection', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const url = new URL(server.origin);
      const send = (method: string, pathAndQuery: string, body?: Buffer) =>
        new Promise<{ status: number; connection?: string; socket: Socket }>((resolve, reject) => {
          const request = httpRequest(
            {
              host: url.hostname,
              port: url.port,
              path: pathAndQuery,
              method,
              agent,
              headers: body ? { 'Content-Type': apiType, 'Content-Length': body.length } : {},
            },
            (response) => {
              response.resume();
              response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, socket: request.socket! }));
              response.on('error', reject);
            },
          );
          request.on('error', reject);
          request.end(body);
        });
      const first = await send('GET', '/post/api');
      const tooLarge = await send('POST', '/post/log/web', Buffer.alloc(300_000, 'x'));
      expect(tooLarge).toMatchObject({ status: 413, connection: 'close' });
      expect(tooLarge.socket).toBe(first.socket);
      const after = await send('GET', '/post/api');
      expect(after.status).toBe(200);
      expect(after.socket).not.toBe(tooLarge.socket);
    } finally {
      agent.destroy();
    }
  });

  it('a missing or wrong CSRF token is a 403 with CSRF_TOKEN_INVALID', async () => {
    const { cookie } = await session();
    for (const token of [undefined, 'wrong-token']) {
      const headers: Record<string, string> = { Cookie: cookie, 'Content-Type': apiType };
      if (token) headers['X-CSRF-TOKEN'] = token;
      const response = await fetch(`${server.origin}${passwordLogin}`, {
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
    expect((await fetch(`${server.origin}/post/api`)).status).toBe(200);
  });

  it('an unknown or garbled session cookie gets a fresh anonymous session, not an error', async () => {
    for (const cookie of ['SESSION=nonsense', 'SESSION=', 'SESSION=%ZZ%', 'SESSION="\\u0000"']) {
      const response = await fetch(`${server.origin}/post/api`, { headers: { Cookie: cookie } });
      expect(response.status, cookie).toBe(200);
      expect(response.headers.get('set-cookie')).toMatch(/SESSION=[^;]+/);
    }
  });
});

function rawGet(pathAndQuery: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const url = new URL(server.origin);
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

/**
 * Writes `head` and `body` on a fresh connection, the body in pieces of `piece` bytes `pauseMs` apart
 * (on while the answer may already be coming back, as an uploading client does), and reads until the
 * connection is closed (or 10 s pass): all the server answered, whether it ended the connection
 * (FIN), and any socket error on the way (a reset: ECONNRESET on reading, EPIPE on writing).
 */
function rawExchange(head: string, body: Buffer, { piece = body.length, pauseMs = 0 } = {}): Promise<{ text: string; ended: boolean; error?: string }> {
  const url = new URL(server.origin);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let ended = false;
    let error: string | undefined;
    // Half-open allowed: the client goes on sending after the server's FIN, then ends its side.
    const socket = connect({ port: Number(url.port), host: url.hostname, allowHalfOpen: true }, async () => {
      socket.write(head);
      for (let offset = 0; offset < body.length && !socket.destroyed; offset += piece) {
        socket.write(body.subarray(offset, offset + piece));
        if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
      socket.end();
    });
    const timer = setTimeout(() => socket.destroy(), 10_000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => (ended = true));
    socket.on('error', (socketError: NodeJS.ErrnoException) => (error = socketError.code ?? socketError.message));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text: Buffer.concat(chunks).toString('latin1'), ended, error });
    });
  });
}

/** The HTTP/1.1 answers in `text`, each with its status, lower-case headers and (Content-Length) body. */
function parseResponses(text: string): { status: number; headers: Record<string, string>; body: string }[] {
  const responses: { status: number; headers: Record<string, string>; body: string }[] = [];
  let rest = text;
  while (rest.length > 0) {
    const headEnd = rest.indexOf('\r\n\r\n');
    if (headEnd < 0) throw new Error(`An incomplete answer: ${JSON.stringify(rest.slice(0, 200))}`);
    const [statusLine, ...lines] = rest.slice(0, headEnd).split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const length = Number(headers['content-length'] ?? 0);
    const body = rest.slice(headEnd + 4, headEnd + 4 + length);
    if (body.length < length) throw new Error(`A cut-off body: ${JSON.stringify(body.slice(0, 200))}`);
    responses.push({ status: Number(statusLine.split(' ')[1]), headers, body });
    rest = rest.slice(headEnd + 4 + length);
  }
  return responses;
}
