/**
 * The logged-out and timeout pages never say what is false (issue #18, docs/decisions/013): a session
 * still signed in is ended first through the logout call for its role, the page says nothing about it
 * meanwhile, and a failure is an error screen, not the logged-out text.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test-support/render-routes';
import type { Link } from '../../contract/answers';
import type { RootDocument } from '../../api/root';
import { en } from '../../i18n/en';
import { endSession, endSessionTimeoutMs } from './end-session';
import { LoggedOutPage, loggedOutLoader, loggedOutShouldRevalidate } from './logged-out';

const calls = vi.hoisted(() => ({
  logoutCall: vi.fn<(link: Link, finalDestination?: string) => Promise<string>>(),
  leaveFor: vi.fn<(url: string, options?: { replace?: boolean }) => Promise<never>>(),
  loadRootDocument: vi.fn<() => Promise<RootDocument>>(),
  reportError: vi.fn<(error: unknown, extras?: Record<string, unknown>) => Promise<void>>(),
}));

vi.mock('../../api/login', () => ({ logoutCall: calls.logoutCall }));
vi.mock('../../api/log', () => ({ reportError: calls.reportError }));
vi.mock('./root-document', () => ({ loadRootDocument: calls.loadRootDocument }));
vi.mock('./leave', () => ({ leaveFor: calls.leaveFor }));

const links = [
  { rel: 'https://example.test/relations/logout', uri: '/post/api/logout' },
  { rel: 'https://example.test/relations/logout_idp', uri: '/post/api/logout/idp' },
];
const anonymous = { link: links } as RootDocument;
const signedInAs = (role: RootDocument['role']) => ({ role, link: links }) as RootDocument;

beforeEach(() => {
  sessionStorage.clear();
  calls.loadRootDocument.mockResolvedValue(anonymous);
  calls.logoutCall.mockResolvedValue('/dev/idp/logout?next=%2Flogout');
  calls.leaveFor.mockImplementation(() => new Promise<never>(() => {}));
  calls.reportError.mockResolvedValue();
});

afterEach(() => {
  vi.clearAllMocks();
});

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/logout', loader: loggedOutLoader, shouldRevalidate: loggedOutShouldRevalidate, element: <LoggedOutPage variant="logout" /> },
      { path: '/timeout', loader: loggedOutLoader, shouldRevalidate: loggedOutShouldRevalidate, element: <LoggedOutPage variant="timeout" /> },
    ],
    path,
  );
}

const heading = () => screen.getByRole('heading', { level: 1 });

describe('the logged-out and timeout pages', () => {
  it('nobody signed in: "logging out" until the check, then "you are logged out" with the lead, said once in a status', async () => {
    let answer!: (root: RootDocument) => void;
    calls.loadRootDocument.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderAt('/logout');
    expect(await screen.findByRole('heading', { level: 1, name: en['logout.ending'] })).toBeVisible();
    await waitFor(() => expect(document.title).toBe(`${en['logout.ending']} – Digipost`));
    // The heading to come keeps its room, unseen, as generated content only; the lead is true for everyone.
    expect(heading()).toHaveTextContent(en['logout.ending'], { normalizeWhitespace: true });
    expect(heading().textContent).toBe(en['logout.ending']);
    expect(heading().querySelector('.pending-heading')).toHaveAttribute('data-final', en['logout.heading']);
    expect(screen.getByText(en['logout.body'])).toBeVisible();
    const lead = screen.getByText(en['logout.body']);
    expect(screen.getByRole('status')).toHaveTextContent('');
    await act(async () => answer(anonymous));
    await waitFor(() => expect(heading()).toHaveTextContent(en['logout.heading']));
    await waitFor(() => expect(document.title).toBe(`${en['logout.title']} – Digipost`));
    // The same element as before the check (a new, larger one would be the page's largest paint).
    expect(screen.getByText(en['logout.body'])).toBe(lead);
    expect(screen.getByRole('status')).toHaveTextContent(en['logout.heading']);
    expect(screen.getByRole('link', { name: en['logout.login_private'] })).toBeVisible();
    expect(calls.logoutCall).not.toHaveBeenCalled();
    expect(calls.leaveFor).not.toHaveBeenCalled();
  });

  it('a check that takes longer than a second adds a spinner after "logging out", a picture only', async () => {
    calls.loadRootDocument.mockReturnValue(new Promise(() => {}));
    renderAt('/logout');
    expect(await screen.findByRole('heading', { level: 1, name: en['logout.ending'] })).toBeVisible();
    expect(heading().querySelector('.hds-spinner')).toBeNull();
    await waitFor(() => expect(heading().querySelector('.hds-spinner')).toHaveAttribute('aria-hidden', 'true'));
    expect(screen.getByRole('heading', { level: 1, name: en['logout.ending'] })).toBeVisible();
  });

  it("the timeout page says the timeout only once nobody is signed in; until then the rule, in the same element, both texts' room kept", async () => {
    let answer!: (root: RootDocument) => void;
    calls.loadRootDocument.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderAt('/timeout');
    const subheading = en['timeout.subheading'].replace('#{minutes}', '30');
    const rule = en['timeout.rule'].replace('#{minutes}', '30');
    const before = await screen.findByText(rule);
    expect(before.parentElement).toHaveAttribute('data-other', subheading);
    expect(screen.queryByText(subheading)).toBeNull();
    await act(async () => answer(anonymous));
    await waitFor(() => expect(heading()).toHaveTextContent(en['timeout.heading']));
    expect(screen.getByText(subheading)).toBe(before);
    expect(before.parentElement).toHaveAttribute('data-other', rule);
    expect(screen.queryByText(rule)).toBeNull();
    await waitFor(() => expect(document.title).toBe(`${en['timeout.title']} – Digipost`));
  });

  it.each([
    ['PRIVAT', '/post/api/logout'],
    ['VIRKSOMHET', '/post/api/logout/idp'],
    ['ADMIN', '/post/api/logout/idp'],
    ['REGISTRERING', '/post/api/logout/idp'],
  ] as const)('a %s session is ended through %s, back to this page, which is replaced; it never says "logged out"', async (role, uri) => {
    calls.loadRootDocument.mockResolvedValue(signedInAs(role));
    const router = renderAt('/timeout?from=mailbox');
    await waitFor(() => expect(calls.leaveFor).toHaveBeenCalledWith('/dev/idp/logout?next=%2Flogout', { replace: true }));
    expect(calls.logoutCall).toHaveBeenCalledWith(expect.objectContaining({ uri }), '/timeout?from=mailbox');
    expect(heading()).toHaveTextContent(en['logout.ending']);
    expect(screen.queryByText(en['timeout.heading'])).toBeNull();
    expect(screen.queryByText(en['timeout.subheading'].replace('#{minutes}', '30'))).toBeNull();
    expect(screen.getByText(en['timeout.rule'].replace('#{minutes}', '30'))).toBeVisible();
    // A revalidation (after a form, a focus) does not log out again.
    await act(async () => {
      await router.revalidate();
    });
    expect(calls.logoutCall).toHaveBeenCalledTimes(1);
  });

  it('a logout that fails shows an error screen with a retry, reported, and no logged-out text', async () => {
    const failure = new Error('logout refused');
    calls.loadRootDocument.mockResolvedValue(signedInAs('PRIVAT'));
    calls.logoutCall.mockRejectedValue(failure);
    renderAt('/logout');
    expect(await screen.findByRole('heading', { level: 1, name: en['logout.failed'] })).toBeVisible();
    expect(screen.getByText(en['logout.failed_body'])).toBeVisible();
    expect(screen.getByRole('button', { name: en['error.retry'] })).toBeVisible();
    expect(screen.queryByText(en['logout.body'])).toBeNull();
    expect(screen.queryByRole('link', { name: en['logout.login_private'] })).toBeNull();
    await waitFor(() => expect(calls.reportError).toHaveBeenCalledWith(failure, { source: 'logout-page' }));
    expect(calls.leaveFor).not.toHaveBeenCalled();
  });

  it('a root document that cannot be had is an error screen too: whether anyone is signed in is not known', async () => {
    calls.loadRootDocument.mockRejectedValue(new Error('no answer'));
    renderAt('/logout');
    expect(await screen.findByRole('heading', { level: 1, name: en['logout.failed'] })).toBeVisible();
  });
});

describe('endSession', () => {
  it('a session that outlives a logout this page started a moment ago is an error, not a second logout (no loop)', async () => {
    calls.loadRootDocument.mockResolvedValue(signedInAs('PRIVAT'));
    let time = 1_000_000;
    const now = () => time;
    expect(await endSession('/innlogging/logout', now)).toEqual({ kind: 'leave', to: '/dev/idp/logout?next=%2Flogout' });
    time += 2_000;
    const again = await endSession('/innlogging/logout', now);
    expect(again.kind).toBe('failed');
    expect(calls.logoutCall).toHaveBeenCalledTimes(1);
    // Once told, a later visit may try again.
    expect((await endSession('/innlogging/logout', now)).kind).toBe('leave');
  });

  it('a backend that never answers is an error after endSessionTimeoutMs, not "logging out" for ever (review of #18)', async () => {
    vi.useFakeTimers();
    try {
      calls.loadRootDocument.mockReturnValue(new Promise<RootDocument>(() => {}));
      const settled = vi.fn();
      void endSession('/innlogging/logout').then(settled);
      await vi.advanceTimersByTimeAsync(endSessionTimeoutMs - 1);
      expect(settled).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(settled).toHaveBeenCalledWith(expect.objectContaining({ kind: 'failed' }));
      // The same for a logout call that hangs once the session is known.
      calls.loadRootDocument.mockResolvedValue(signedInAs('PRIVAT'));
      calls.logoutCall.mockReturnValue(new Promise<string>(() => {}));
      const second = vi.fn();
      void endSession('/innlogging/timeout').then(second);
      await vi.advanceTimersByTimeAsync(endSessionTimeoutMs);
      expect(second).toHaveBeenCalledWith(expect.objectContaining({ kind: 'failed' }));
    } finally {
      vi.useRealTimers();
    }
  });

  it('a page the browser prerenders (a guess from the address bar) ends nothing until the person really opens it (review of #18)', async () => {
    calls.loadRootDocument.mockResolvedValue(signedInAs('PRIVAT'));
    Object.defineProperty(document, 'prerendering', { value: true, configurable: true });
    try {
      const settled = vi.fn();
      void endSession('/innlogging/logout').then(settled);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(calls.logoutCall).not.toHaveBeenCalled();
      expect(settled).not.toHaveBeenCalled();
      Object.defineProperty(document, 'prerendering', { value: false, configurable: true });
      document.dispatchEvent(new Event('prerenderingchange'));
      await waitFor(() => expect(settled).toHaveBeenCalledWith({ kind: 'leave', to: '/dev/idp/logout?next=%2Flogout' }));
      expect(calls.logoutCall).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(document, 'prerendering');
    }
  });

  it('the mark is per page and short-lived, and forgotten once nobody is signed in', async () => {
    calls.loadRootDocument.mockResolvedValue(signedInAs('VIRKSOMHET'));
    let time = 1_000_000;
    const now = () => time;
    await endSession('/innlogging/logout', now);
    expect((await endSession('/innlogging/timeout', now)).kind).toBe('leave');
    time += 61_000;
    expect((await endSession('/innlogging/timeout', now)).kind).toBe('leave');
    calls.loadRootDocument.mockResolvedValue(anonymous);
    expect(await endSession('/innlogging/timeout', now)).toEqual({ kind: 'signed-out' });
    expect(sessionStorage.length).toBe(0);
  });
});
