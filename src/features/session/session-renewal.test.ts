import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { send, setSessionRenewer } from '../../api/client';
import { apiMediaType, setCsrfToken } from '../../api/headers';
import { apiPaths } from '../../config/paths';
import { forgetRootDocument, installSessionRenewal } from './root-document';

type FetchMock = Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;

const callUrl = '/post/api/private/login/password';
let fetchMock: FetchMock;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': apiMediaType } });
}

/** The backend: the root document hands out the token "fresh"; the call takes only that one. */
function backend(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  if (url === apiPaths.root) return Promise.resolve(json({ link: [], csrfToken: 'fresh' }));
  if (url === '/post/log/web') return Promise.resolve(new Response(null, { status: 204 }));
  const token = new Headers(init?.headers).get('X-CSRF-TOKEN');
  return Promise.resolve(
    token === 'fresh' ? json({}) : json({ 'error-code': 'CSRF_TOKEN_INVALID', 'error-message': 'Missing or wrong CSRF token', link: [] }, 403),
  );
}

const tokensSent = () => fetchMock.mock.calls.filter(([input]) => String(input) === callUrl).map(([, init]) => new Headers(init?.headers).get('X-CSRF-TOKEN'));

beforeEach(() => {
  fetchMock = vi.fn(backend);
  vi.stubGlobal('fetch', fetchMock);
  setCsrfToken('stale');
});

afterEach(() => {
  vi.unstubAllGlobals();
  setSessionRenewer(undefined);
  setCsrfToken(undefined);
  forgetRootDocument();
});

describe('session renewal', () => {
  it('is not in place merely because the session module was imported', async () => {
    await expect(send(callUrl, { method: 'POST', body: {}, nolog: true })).rejects.toMatchObject({ apiError: 'CSRF_TOKEN_INVALID' });
    expect(fetchMock.mock.calls.some(([input]) => String(input) === apiPaths.root)).toBe(false);
  });

  it('after installSessionRenewal, a refused token is renewed from the root document and the call sent once more', async () => {
    installSessionRenewal();

    const response = await send(callUrl, { method: 'POST', body: {} });

    expect(response.status).toBe(200);
    expect(tokensSent()).toEqual(['stale', 'fresh']);
    expect(fetchMock.mock.calls.filter(([input]) => String(input) === apiPaths.root)).toHaveLength(1);
  });
});
