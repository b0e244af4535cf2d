import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from './errors';
import { logEndpoint } from './log';
import { exampleLoginStart } from '../contract/test-examples';
import { logoutCall, passwordLogin, startSecureLogin } from './login';

const link = { rel: 'login_secure', uri: '/post/api/private/login/secure' };
const payload = exampleLoginStart;

function answerLocation(location: string | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 200, headers: location === null ? {} : { Location: location } })),
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Location headers the browser is sent to', () => {
  it('follows a page of ours, an https identity provider, and the app after an app logout', async () => {
    answerLocation('/dev/idporten?request=abc');
    await expect(startSecureLogin(link, payload)).resolves.toBe('/dev/idporten?request=abc');
    answerLocation('https://login.idporten.no/authorize?x=1');
    await expect(startSecureLogin(link, payload)).resolves.toBe('https://login.idporten.no/authorize?x=1');
    answerLocation('no.digipost.ios://oauth-callback/?logout=1');
    await expect(logoutCall({ rel: 'logout', uri: '/post/api/logout' })).resolves.toBe('no.digipost.ios://oauth-callback/?logout=1');
  });

  it.each(['javascript:alert(1)', 'data:text/html,x', '//evil.example/', 'http://evil.example/', 'no.digipost.evil://oauth-callback/', '/\\evil.example'])(
    'refuses %j',
    async (location) => {
      answerLocation(location);
      const error = await startSecureLogin(link, payload).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).message).toMatch(/Refused to follow/);
    },
  );

  it('treats a missing Location header as an error', async () => {
    answerLocation(null);
    await expect(startSecureLogin(link, payload)).rejects.toThrow(/location header/i);
  });
});

describe('password login failures reported to the log endpoint', () => {
  const loginLink = { rel: 'login_password', uri: '/post/api/private/login/password' };

  async function reportedFor(status: number, headers: Record<string, string> = {}) {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input) === logEndpoint ? new Response(null, { status: 204 }) : new Response('{}', { status, headers }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(passwordLogin(loginLink, '01817010055', 'not-the-password')).rejects.toBeInstanceOf(AppError);
    await new Promise((resolve) => setTimeout(resolve, 0));
    return fetchMock.mock.calls.filter(([input]) => String(input) === logEndpoint).length;
  }

  it('reports neither a wrong password (403) nor a throttle (429)', async () => {
    expect(await reportedFor(403)).toBe(0);
    expect(await reportedFor(429, { 'Retry-After': '60' })).toBe(0);
  });

  it('reports a server failure', async () => {
    expect(await reportedFor(500)).toBe(1);
  });
});
