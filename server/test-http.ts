/**
 * For tests against a running server (test-server.ts): a cookie-keeping client, the steps many tests
 * start with (a fresh person, a password or eID sign-in), and a way to send many requests whose bodies
 * arrive together (every request but its last byte first, then all last bytes at once), as an attacker
 * racing a limit would.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { Hono } from 'hono';
import { expect } from 'vitest';
import { linkTargets } from './emulator/root';
import { cookieJar } from './emulator/test-client';
import type { Language } from '../src/contract/languages';

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

/** A client that has fetched the root document, as a page does first: it has a session and knows its token. */
export async function browserAt(origin: string): Promise<HttpClient> {
  const client = httpClient(origin);
  await client.root();
  return client;
}

/** A client the person has signed in on with their password, knowing the new session's token. */
export async function passwordSignedIn(origin: string, person: { nationalId: string; password: string }): Promise<HttpClient> {
  const client = await browserAt(origin);
  expect((await client.post(linkTargets.login_password, { username: person.nationalId, password: person.password })).status).toBe(200);
  await client.root();
  return client;
}

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
  fullName: string;
  phone: string;
  email: string;
  password: string;
}

/**
 * An ordinary user nobody else uses (POST /dev/api/persons), so no test locks another out: of the
 * server at `at` (its origin), or of an emulator in this test's process. `details` as that call takes them.
 */
export async function freshPerson(at: string | { readonly app: Hono }, details: { fullName?: string; language?: Language } = {}): Promise<Person> {
  const init = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(details) };
  const response = await (typeof at === 'string' ? fetch(`${at}/dev/api/persons`, init) : at.app.request('/dev/api/persons', init));
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
