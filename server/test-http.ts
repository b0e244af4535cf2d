/**
 * For tests: the real HTTP server (app + emulator) on a free port, a cookie-keeping client, and a way
 * to send many requests whose bodies arrive together (every request but its last byte first, then all
 * last bytes at once), as an attacker racing a limit would.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApp } from './app';
import { passkeySettingsFor, readConfig } from './config';
import { createEmulator, type Emulator } from './emulator';
import { listen } from './listen';
import { cookieJar } from './emulator/test-client';

export interface HttpServer {
  origin: string;
  emulator: Emulator;
  stop: () => Promise<void>;
}

/** The real server on a free port over `dataDir`, with extra environment (LIMIT_…, TRUST_PROXY …). */
export async function startHttpServer(
  workDir: string,
  dataDir: string,
  env: Record<string, string> = {},
  /** The limits' clock (EmulatorOptions.now): a test's own, moved by the test. */
  now?: () => number,
): Promise<HttpServer> {
  const distDir = path.join(workDir, 'dist');
  mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><html lang="nb"><head><title>Digipost</title><!--runtime-config--></head><body></body></html>',
  );
  const config = readConfig({ ...env, DATA_DIR: dataDir, DIST_DIR: distDir });
  let boundPort = 0;
  const emulator = createEmulator(config.dataDir, {
    print: () => {},
    limits: config.limits,
    trustProxy: config.trustProxy,
    adminNetworks: config.adminNetworks,
    now,
    passkeys: passkeySettingsFor(config.passkeys, () => boundPort),
  });
  const app = createApp({ config, emulator: emulator.app });
  let server: Server;
  const origin = await new Promise<string>((resolve) => {
    server = listen(app.fetch, 0, (info: AddressInfo) => {
      boundPort = info.port;
      resolve(`http://127.0.0.1:${info.port}`);
    });
  });
  return {
    origin,
    emulator,
    stop: async () => {
      await closeServer(server);
      emulator.close();
    },
  };
}

/**
 * Stops a server a test started: the connections its clients keep alive (65 s, listen.ts) are ended,
 * not waited for.
 */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** A browser-like client of a running server: keeps cookies, knows its CSRF token. */
export function httpClient(origin: string) {
  const jar = cookieJar();
  let csrf = '';
  async function call(url: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (jar.cookies.size) headers.set('Cookie', jar.header());
    const response = await fetch(`${origin}${url}`, { ...init, headers, redirect: 'manual' });
    jar.take(response);
    return response;
  }
  return {
    cookies: jar.cookies,
    call,
    cookieHeader: jar.header,
    get csrf() {
      return csrf;
    },
    async root() {
      const root = (await (await call('/post/api')).json()) as { csrfToken: string; role?: string };
      csrf = root.csrfToken;
      return root;
    },
    post(url: string, body?: unknown, headers: Record<string, string> = {}) {
      return call(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-TOKEN': csrf, ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    },
  };
}

export type HttpClient = ReturnType<typeof httpClient>;

/**
 * This browser's clock, moved forward (the emulator's dev clock: session and code lifetimes), then the
 * root document fetched again, as a page would: a session that has ended by the new time is replaced.
 */
export async function moveClock(client: HttpClient, minutes: number) {
  await client.call('/dev/api/clock', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advanceMinutes: minutes }) });
  await client.root();
}

export interface Person {
  nationalId: string;
  phone: string;
  email: string;
  password: string;
}

/** An ordinary user nobody else uses (POST /dev/api/persons), so no test locks another out. */
export async function freshPerson(origin: string): Promise<Person> {
  const response = await fetch(`${origin}/dev/api/persons`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  return (await response.json()) as Person;
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * POSTs every body to `url`, each on its own connection: headers and all but the last byte go first;
 * when every request is that far, all the last bytes are written in one go. The server sees the
 * bodies complete together, so checks that read before they write are all made against one state.
 */
export async function postReleasedTogether(
  origin: string,
  /** The same for every request, or each request's own (by its index: two calls racing each other). */
  url: string | ((index: number) => string),
  /** The same for every request, or each request's own (by its index: a different client address). */
  headers: Record<string, string> | ((index: number) => Record<string, string>),
  bodies: string[],
): Promise<RawAnswer[]> {
  const pending = bodies.map((body, index) => {
    const target = new URL(typeof url === 'function' ? url(index) : url, origin);
    const bytes = Buffer.from(body);
    const request = httpRequest({
      host: target.hostname,
      port: target.port,
      path: `${target.pathname}${target.search}`,
      method: 'POST',
      agent: false,
      headers: { ...(typeof headers === 'function' ? headers(index) : headers), 'Content-Length': String(bytes.length) },
    });
    const answer = new Promise<RawAnswer>((resolve, reject) => {
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }));
      });
      request.on('error', reject);
    });
    const sent = new Promise<void>((resolve, reject) => {
      request.on('error', reject);
      request.write(bytes.subarray(0, -1), (error) => (error ? reject(error) : resolve()));
    });
    return { request, last: bytes.subarray(-1), answer, sent };
  });
  await Promise.all(pending.map((item) => item.sent));
  // Give the server a moment to take every connection and parse every header.
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (const item of pending) item.request.end(item.last);
  return Promise.all(pending.map((item) => item.answer));
}

/** What an eID sign-in needs of a client: httpClient's, or an emulator test browser's (test-browser.ts). */
interface SigningInClient {
  post(url: string, body?: unknown): Promise<Response>;
  call(url: string, init?: RequestInit): Promise<Response>;
}

/** An eID sign-in at the simulated ID-porten, as the person: the answer that sends the browser back. */
export async function eidSignIn(client: SigningInClient, person: { nationalId: string }) {
  const start = await client.post('/post/api/private/login/secure', {
    authenticationType: 'IDPORTEN_NIVAA_3',
    authenticationRole: 'PRIVATE',
    returnUrl: '/postkasse/?login-successful=true',
    returnUrlError: '/innlogging/loginError',
    solvency: false,
    elevation: false,
    language: 'nb',
  });
  const request = new URL(start.headers.get('location') ?? '', 'http://any').searchParams.get('request') ?? '';
  return client.call('/dev/idporten', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request, nationalId: person.nationalId }).toString(),
  });
}

/** The error-code of a JSON error answer. */
export function errorCode(answer: RawAnswer | { body: string }): string | undefined {
  try {
    return (JSON.parse(answer.body) as { 'error-code'?: string })['error-code'];
  } catch {
    return undefined;
  }
}
