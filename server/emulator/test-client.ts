/** For tests: a browser-like client of a Hono app that keeps cookies and knows its CSRF token. */
import type { Hono } from 'hono';

/** Cookies as a browser keeps them: set and cleared by Set-Cookie, sent back in one header. */
export function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    cookies,
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    take(response: Response) {
      for (const header of response.headers.getSetCookie()) {
        const [pair] = header.split(';');
        const [name, value] = pair.split('=');
        if (/Max-Age=0|expires=Thu, 01 Jan 1970/i.test(header)) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
  };
}

/**
 * A browser for in-process calls: its cookies and session's CSRF token. `address`: the client address
 * its requests come from (the attempt limits count per address); none by default.
 */
export function browserClient(app: Hono, { address }: { address?: string } = {}) {
  const jar = cookieJar();
  const cookies = jar.cookies;
  let csrf = '';
  async function call(url: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    headers.set('Cookie', jar.header());
    const socket = address === undefined ? undefined : { remoteAddress: address, remotePort: 50000, remoteFamily: 'IPv4' };
    const response = socket
      ? await app.fetch(new Request(new URL(url, 'http://localhost'), { ...init, headers }), { incoming: { socket } })
      : await app.request(url, { ...init, headers });
    jar.take(response);
    return response;
  }
  return {
    cookies,
    call,
    async root() {
      const root = (await (await call('/post/api')).json()) as { csrfToken: string; role?: string; authenticationlevelIdporten?: number };
      csrf = root.csrfToken;
      return root;
    },
    post(url: string, body?: unknown, withCsrf = true, init: RequestInit = {}) {
      const headers = new Headers(init.headers);
      headers.set('Content-Type', 'application/json');
      if (withCsrf && !headers.has('X-CSRF-TOKEN')) headers.set('X-CSRF-TOKEN', csrf);
      return call(url, { ...init, method: 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) });
    },
    /** Any other method, with the session's CSRF token unless the init names one. */
    send(url: string, init: RequestInit) {
      const headers = new Headers(init.headers);
      if (!headers.has('X-CSRF-TOKEN')) headers.set('X-CSRF-TOKEN', csrf);
      return call(url, { ...init, headers });
    },
  };
}
