/**
 * For component tests that need a backend: the browser's `fetch` answered by a real emulator in this
 * process (a fresh DATA_DIR per test file, test-emulator.ts), as a browser at one origin would get it:
 * relative addresses (/post/api …) resolve against the page, cookies are kept (a fresh jar per
 * test: a new browser), and a connection the emulator drops (the "drop" fault) fails the fetch as a
 * browser's does. No answer is written by hand: a failure a test needs is the emulator's own, or one
 * of its dev switches (faults-and-clock.ts, the outbox, extra persons), set through `dev`.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import type { EmulatorOptions } from './index';
import { emulatorForTests } from './test-emulator';
import { cookieJar } from './test-client';

/** The page's origin in the tests (jsdom's default). */
const origin = 'http://localhost';

export interface SentCall {
  /** Path and query, as the page asked for it. */
  path: string;
  method: string;
  /** The JSON body sent, if any. */
  body: unknown;
  /** The X-CSRF-TOKEN header sent, if any. */
  csrfToken: string | null;
}

export interface TestPerson {
  nationalId: string;
  phone: string;
  email: string;
  password: string;
}

/** `options`: the emulator's (e.g. other limits), as createEmulator takes them. */
export function emulatorFetchForTests(name: string, options: EmulatorOptions = {}) {
  const emulator = emulatorForTests(name, options);
  let jar = cookieJar();
  const sent: SentCall[] = [];

  async function browserFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = new Request(new URL(input instanceof Request ? input.url : String(input), `${origin}/`), init);
    const headers = new Headers(request.headers);
    headers.set('Cookie', jar.header());
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
    const url = new URL(request.url);
    sent.push({
      path: `${url.pathname}${url.search}`,
      method: request.method,
      body: body ? JSON.parse(body) : undefined,
      csrfToken: headers.get('X-CSRF-TOKEN'),
    });
    const response = await new Promise<Response>((resolve, reject) => {
      // What the Node server gives the app (getConnInfo, the "drop" fault's socket): a closed socket is a failed fetch.
      const socket = { remoteAddress: '127.0.0.1', remotePort: 50000, remoteFamily: 'IPv4', destroy: () => reject(new TypeError('Failed to fetch')) };
      const forwarded = new Request(`${origin}${url.pathname}${url.search}`, { method: request.method, headers, body });
      Promise.resolve(emulator.app.fetch(forwarded, { incoming: { socket } })).then(resolve, reject);
    });
    jar.take(response);
    return response;
  }

  /** The dev endpoints a test sets up with, as this browser (the faults and the clock are per browser). */
  async function devCall(method: string, path: string, body?: unknown): Promise<Response> {
    const headers = new Headers({ Cookie: jar.header(), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) });
    const response = await emulator.app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    jar.take(response);
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response;
  }

  /** A POST of the API as this browser, with its session's CSRF token; throws unless it succeeds. */
  async function apiCall(path: string, body: unknown): Promise<void> {
    const root = (await (await devCall('GET', '/post/api')).json()) as { csrfToken: string };
    const response = await emulator.app.request(path, {
      method: 'POST',
      headers: { Cookie: jar.header(), 'Content-Type': 'application/json', 'X-CSRF-TOKEN': root.csrfToken },
      body: JSON.stringify(body),
    });
    jar.take(response);
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  }

  beforeEach(() => {
    jar = cookieJar();
    sent.length = 0;
    vi.stubGlobal('fetch', browserFetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  return {
    emulator,
    /** Every call the page made, in order. */
    sent,
    /** The bodies the page sent to `path` (exact, or a RegExp), in order. */
    bodiesTo: (path: string | RegExp) => sent.filter((call) => (typeof path === 'string' ? call.path === path : path.test(call.path))).map((call) => call.body),
    dev: {
      /** A new ordinary user (POST /dev/api/persons). */
      person: async (): Promise<TestPerson> => (await devCall('POST', '/dev/api/persons', {})).json() as Promise<TestPerson>,
      /** Makes `path` fail for this browser (POST /dev/api/faults): "error", "malformed", "slow" or "drop". */
      fault: (fault: { path: string; mode: 'slow' | 'error' | 'malformed' | 'drop'; method?: string; times?: number; delayMs?: number }) =>
        devCall('POST', '/dev/api/faults', fault),
      /** Moves this browser's clock at the emulator (POST /dev/api/clock): its codes expire sooner. */
      advanceClock: (minutes: number) => devCall('POST', '/dev/api/clock', { advanceMinutes: minutes }),
      /** The codes sent to `to` (email or phone) for a password reset, newest first (GET /dev/api/outbox). */
      codesTo: async (to: string): Promise<string[]> => {
        const messages = (await (await devCall('GET', '/dev/api/outbox')).json()) as { to: string; code?: string; purpose: string }[];
        return messages.filter((message) => message.to === to && message.purpose === 'password-reset' && message.code).map((message) => message.code as string);
      },
      /**
       * Signs the person in with their password as this browser, over the API, so that it holds their
       * device cookie (issue #46: a browser they have signed in on; its wrong passwords count on it alone).
       */
      signInOnce: (person: TestPerson) => apiCall('/post/api/private/login/password', { username: person.nationalId, password: person.password }),
      /** Starts a password reset for the person as this browser, over the API (another tab of it, say). */
      startReset: (person: TestPerson) => apiCall('/post/api/private/password-reset', { phoneNumber: person.phone, taxReference: person.nationalId }),
      /** Clears the attempt limits of a national ID (DELETE /dev/api/limits). */
      clearLimits: (nationalId: string) => devCall('DELETE', `/dev/api/limits?nationalId=${nationalId}`),
    },
  };
}
