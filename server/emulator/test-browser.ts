/**
 * Browsers for HTTP-level tests of the emulator, each at a client address of its own: its cookies, the
 * CSRF token of its session (fetched again after a sign-in, as the page would), and its dev clock.
 */
import type { Hono } from 'hono';
import { linkTargets } from './root';
import { cookieJar } from './test-client';

type Json = Record<string, unknown>;

/** Calls that start a new session: the token is fetched again after them. */
const signIns: readonly string[] = [linkTargets.passkey_login, linkTargets.login_password, '/dev/api/session'];

/** A maker of browsers for one emulator (read at each call: a test file's emulator exists only while its tests run); `network` (e.g. "10.36") keeps one test file's addresses apart from another's. */
export function browsersOf(emulator: { readonly app: Hono }, network: string) {
  let last = 0;
  return async function browser() {
    last += 1;
    const address = `${network}.${Math.floor(last / 250)}.${(last % 250) + 1}`;
    const jar = cookieJar();
    let csrf = '';
    const call = async (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set('Cookie', jar.header());
      if (init.body !== undefined) headers.set('Content-Type', 'application/json');
      if (!headers.has('X-CSRF-TOKEN')) headers.set('X-CSRF-TOKEN', csrf);
      const socket = { remoteAddress: address, remotePort: 50000, remoteFamily: 'IPv4' };
      const response = await emulator.app.fetch(new Request(`http://localhost${path}`, { ...init, headers }), { incoming: { socket } });
      jar.take(response);
      return response;
    };
    const root = async () => {
      const answer = (await (await call('/post/api')).json()) as { csrfToken: string; role?: string };
      csrf = answer.csrfToken;
      return answer;
    };
    await root();
    const post = async (path: string, body: unknown = {}, init: RequestInit = {}) => {
      const response = await call(path, { ...init, method: 'POST', body: JSON.stringify(body) });
      if (response.ok && signIns.includes(path)) await root();
      return response;
    };
    return {
      address,
      call,
      root,
      post,
      json: async (path: string, body: unknown = {}) => (await (await post(path, body)).json()) as Json,
      remove: (uri: string, init: RequestInit = {}) => call(uri, { ...init, method: 'DELETE' }),
      advanceClock: (minutes: number) => call('/dev/api/clock', { method: 'POST', body: JSON.stringify({ advanceMinutes: minutes }) }),
    };
  };
}

export type EmulatorBrowser = Awaited<ReturnType<ReturnType<typeof browsersOf>>>;
