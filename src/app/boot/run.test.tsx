/** Start-up puts session renewal in place before any screen calls the API (the router's loaders). */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { send, setSessionRenewer } from '../../api/client';
import { apiMediaType, setCsrfToken } from '../../api/headers';
import { apiPaths } from '../../config/paths';
import { forgetRootDocument } from '../../features/session/root-document';
import { run } from './run';

const order: string[] = [];

vi.mock('../router', () => ({
  warmUpRouter: vi.fn(),
  createAppRouter: vi.fn(() => {
    order.push('router');
    return { state: { initialized: true, errors: null }, subscribe: () => () => {} };
  }),
}));
vi.mock('./mount', () => ({ mountApp: vi.fn(() => order.push('mount')) }));
vi.mock('../../features/analytics/track', () => ({ startAnalytics: vi.fn() }));
vi.mock('../../features/session/root-document', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../features/session/root-document')>();
  return {
    ...original,
    installSessionRenewal: () => {
      order.push('renewal');
      original.installSessionRenewal();
    },
  };
});

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': apiMediaType } });
}

beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div>';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === apiPaths.root) return json({ link: [], csrfToken: 'fresh' });
      return new Headers(init?.headers).get('X-CSRF-TOKEN') === 'fresh' ? json({}) : json({ 'error-code': 'CSRF_TOKEN_INVALID', link: [] }, 403);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  setSessionRenewer(undefined);
  setCsrfToken(undefined);
  forgetRootDocument();
  document.body.innerHTML = '';
});

it('installs session renewal before it creates the router', async () => {
  await run();

  expect(order).toEqual(['renewal', 'router', 'mount']);
  setCsrfToken('stale');
  await expect(send('/post/api/private/login/password', { method: 'POST', body: {} })).resolves.toHaveProperty('status', 200);
});

it('reads a language segment in other letter case as that language, and puts its one address in the bar', async () => {
  const { createAppRouter } = await import('../router');
  window.history.replaceState(null, '', '/innlogging/EN/timeout?x=1#top');
  await run();

  expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/innlogging/en/timeout?x=1#top');
  expect(document.documentElement.lang).toBe('en');
  expect(createAppRouter).toHaveBeenLastCalledWith('/innlogging/en');
  window.history.replaceState(null, '', '/');
});
