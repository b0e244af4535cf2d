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

export function browserClient(app: Hono) {
  const jar = cookieJar();
  const cookies = jar.cookies;
  let csrf = '';
  async function call(url: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    headers.set('Cookie', jar.header());
    const response = await app.request(url, { ...init, headers });
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
    post(url: string, body?: unknown, withCsrf = true) {
      return call(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(withCsrf ? { 'X-CSRF-TOKEN': csrf } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    },
  };
}
