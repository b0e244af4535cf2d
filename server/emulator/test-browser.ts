/**
 * Browsers for HTTP-level tests of the emulator (test-client.ts browserClient), each at a client address
 * of its own, whose session's CSRF token is fetched again after a sign-in, as the page would.
 */
import type { Hono } from 'hono';
import { linkTargets } from './root';
import { browserClient } from './test-client';

type Json = Record<string, unknown>;

/** Calls that start a new session: the token is fetched again after them. */
const signIns: readonly string[] = [linkTargets.passkey_login, linkTargets.login_password, '/dev/api/session'];

/**
 * A maker of browsers for one emulator (read when a browser is made: a test file's emulator exists only
 * while its tests run); `network` (e.g. "10.36") keeps one test file's addresses apart from another's.
 */
export function browsersOf(emulator: { readonly app: Hono }, network: string) {
  let last = 0;
  return async function browser() {
    last += 1;
    const address = `${network}.${Math.floor(last / 250)}.${(last % 250) + 1}`;
    const client = browserClient(emulator.app, { address });
    await client.root();
    /** Any call, with the session's CSRF token (and a JSON body's type) as the page sends them. */
    const call = (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      if (init.body !== undefined && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
      return client.send(path, { ...init, headers });
    };
    const post = async (path: string, body: unknown = {}, init: RequestInit = {}) => {
      const response = await client.post(path, body, true, init);
      if (response.ok && signIns.includes(path)) await client.root();
      return response;
    };
    return {
      address,
      /** The browser's cookie jar (a test may give one browser's device cookie to another). */
      cookies: client.cookies,
      call,
      root: client.root,
      post,
      json: async (path: string, body: unknown = {}) => (await (await post(path, body)).json()) as Json,
      remove: (uri: string, init: RequestInit = {}) => call(uri, { ...init, method: 'DELETE' }),
      advanceClock: (minutes: number) => client.post('/dev/api/clock', { advanceMinutes: minutes }),
    };
  };
}

export type EmulatorBrowser = Awaited<ReturnType<ReturnType<typeof browsersOf>>>;
