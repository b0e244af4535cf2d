/** For tests: a browser-like client of a Hono app that keeps cookies and knows its CSRF token. */
import type { Hono } from 'hono';

export function browserClient(app: Hono) {
  const cookies = new Map<string, string>();
  let csrf = '';
  async function call(url: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    headers.set('Cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await app.request(url, { ...init, headers });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, value] = pair.split('=');
      if (/Max-Age=0|expires=Thu, 01 Jan 1970/i.test(header)) cookies.delete(name);
      else cookies.set(name, value);
    }
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
