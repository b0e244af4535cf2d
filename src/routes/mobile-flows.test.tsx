/**
 * The app's single-use steps (SPEC §4, §5) run in their route's loader, once per visit: a token
 * approval and a logout must not run again when React Router revalidates (after a form elsewhere, a
 * focus, `revalidate()`), and the page shows its heading and spinner while they work.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test-support/render-routes';
import type { Link } from '../contract/answers';
import type { RootDocument } from '../api/root';
import { MobileErrorPage } from '../features/mobile/mobile-pages';
import { en } from '../i18n/en';

const calls = vi.hoisted(() => ({
  approveToken: vi.fn<(link: Link) => Promise<string>>(),
  fetchTokenData: vi.fn(),
  logoutCall: vi.fn<(link: Link, finalDestination?: string) => Promise<string>>(),
  leaveFor: vi.fn<(url: string) => Promise<never>>(),
  loadRootDocument: vi.fn<() => Promise<RootDocument>>(),
}));

vi.mock('../api/oauth', () => ({ approveToken: calls.approveToken, fetchTokenData: calls.fetchTokenData }));
vi.mock('../api/login', () => ({ logoutCall: calls.logoutCall }));
vi.mock('../features/session/root-document', () => ({ loadRootDocument: calls.loadRootDocument }));
vi.mock('../features/session/leave', () => ({ leaveFor: calls.leaveFor }));

const appRedirect = 'no.digipost.test://oauth-callback/done';
const token = 'token-0123456789';
const signedIn: RootDocument = {
  role: 'PRIVAT',
  link: [
    { rel: 'https://example.test/relations/logout', uri: '/post/api/logout' },
    { rel: 'https://example.test/relations/logout_idp', uri: '/post/api/logout/idp' },
  ],
} as RootDocument;

beforeEach(() => {
  calls.loadRootDocument.mockResolvedValue(signedIn);
  calls.fetchTokenData.mockResolvedValue({
    redirectUri: appRedirect,
    state: 'state-1',
    link: [{ rel: 'https://example.test/relations/token_approve', uri: '/post/api/oauth/approve/1' }],
  });
  calls.approveToken.mockResolvedValue('code-1');
  calls.logoutCall.mockResolvedValue('/post/api/logged-out');
  calls.leaveFor.mockImplementation(() => new Promise<never>(() => {}));
});

afterEach(() => {
  vi.clearAllMocks();
});

function renderAt(path: string) {
  return renderRoutes(
    [
      {
        id: 'mobile',
        errorElement: <MobileErrorPage />,
        children: [
          { path: '/mobileSuccess/:token', lazy: () => import('./mobile-success') },
          { path: '/mobileSuccessWithIDportenLogout/:token', lazy: () => import('./mobile-success-logout') },
          { path: '/mobileLogout/:redirectUrl', lazy: () => import('./mobile-logout') },
          { path: '/mobileRedirect/:redirectUrl', lazy: () => import('./mobile-redirect') },
        ],
      },
    ],
    path,
  );
}

/** Lets React Router revalidate the page, as it does after any form elsewhere, and settle. */
async function revalidate(router: ReturnType<typeof renderRoutes>) {
  await act(async () => {
    await router.revalidate();
  });
  await waitFor(() => expect(router.state.revalidation).toBe('idle'));
}

describe('mobile pages run their single-use step once', () => {
  it('token approve: heading and spinner while it works, one approval, then the app with code and state; a revalidation approves nothing again', async () => {
    const router = renderAt(`/mobileSuccess/${token}`);
    expect(await screen.findByRole('heading', { level: 1, name: en['mobile.redirect_title'] })).toBeVisible();
    expect(screen.getByText(en['mobile.returning'])).toBeVisible();
    await waitFor(() => expect(calls.leaveFor).toHaveBeenCalledWith(`${appRedirect}?code=code-1&state=state-1`, { replace: true }));

    await revalidate(router);
    await revalidate(router);
    expect(calls.approveToken).toHaveBeenCalledTimes(1);
    expect(calls.fetchTokenData).toHaveBeenCalledTimes(1);
    expect(calls.leaveFor).toHaveBeenCalledTimes(1);
  });

  it('another token on the same page is another flow: its own approval', async () => {
    const router = renderAt(`/mobileSuccess/${token}`);
    await waitFor(() => expect(calls.approveToken).toHaveBeenCalledTimes(1));
    await act(async () => {
      await router.navigate('/mobileSuccess/token-9876543210');
    });
    await waitFor(() => expect(calls.fetchTokenData).toHaveBeenLastCalledWith('token-9876543210'));
    await waitFor(() => expect(calls.approveToken).toHaveBeenCalledTimes(2));
  });

  it('token approve with logout: approves once, logs out once through the identity provider with the app as final destination', async () => {
    const router = renderAt(`/mobileSuccessWithIDportenLogout/${token}`);
    await waitFor(() => expect(calls.leaveFor).toHaveBeenCalledWith('/post/api/logged-out', { replace: true }));
    expect(calls.logoutCall).toHaveBeenCalledWith(expect.objectContaining({ uri: '/post/api/logout/idp' }), `${appRedirect}?code=code-1&state=state-1`);

    await revalidate(router);
    expect(calls.approveToken).toHaveBeenCalledTimes(1);
    expect(calls.logoutCall).toHaveBeenCalledTimes(1);
  });

  it('logout then app: logs out once; a revalidation does not log out again', async () => {
    const router = renderAt(`/mobileLogout/${encodeURIComponent(appRedirect)}`);
    expect(await screen.findByRole('heading', { level: 1, name: en['mobile.logout_title'] })).toBeVisible();
    await waitFor(() => expect(calls.leaveFor).toHaveBeenCalledWith('/post/api/logged-out', { replace: true }));
    expect(calls.logoutCall).toHaveBeenCalledWith(expect.objectContaining({ uri: '/post/api/logout' }), appRedirect);

    await revalidate(router);
    expect(calls.logoutCall).toHaveBeenCalledTimes(1);
    expect(calls.leaveFor).toHaveBeenCalledTimes(1);
  });

  it('app redirect: follows an allowed app URL once, and refuses any other without following it', async () => {
    renderAt(`/mobileRedirect/${encodeURIComponent(appRedirect)}`);
    await waitFor(() => expect(calls.leaveFor).toHaveBeenCalledWith(appRedirect, { replace: true }));

    calls.leaveFor.mockClear();
    renderAt(`/mobileRedirect/${encodeURIComponent('https://evil.example/oauth-callback')}`);
    expect(await screen.findByRole('heading', { level: 1, name: en['mobile.not_allowed_title'] })).toBeVisible();
    expect(calls.leaveFor).not.toHaveBeenCalled();
  });

  it('a failed approval shows the mobile error page, and nothing is followed', async () => {
    calls.approveToken.mockRejectedValue(Object.assign(new Error('approve failed'), { isApiError: true }));
    renderAt(`/mobileSuccess/${token}`);
    expect(await screen.findByRole('heading', { level: 1, name: en['mobile.error_title'] })).toBeVisible();
    expect(calls.leaveFor).not.toHaveBeenCalled();
  });
});

describe('the question when the session was not made for this app login (docs/decisions/019)', () => {
  beforeEach(() => {
    calls.fetchTokenData.mockResolvedValue({
      redirectUri: appRedirect,
      state: 'state-1',
      consent: { name: 'Kari Nordmann' },
      link: [{ rel: 'https://example.test/relations/token_approve', uri: '/post/api/oauth/approve/1' }],
    });
  });

  const question = en['mobile.consent_title'].replace('#{name}', 'Kari Nordmann');

  it('asks before any code: Continue approves once with the yes, then the app; a second press and a revalidation change nothing', async () => {
    const router = renderAt(`/mobileSuccess/${token}`);
    expect(await screen.findByRole('heading', { level: 1, name: question })).toBeVisible();
    expect(document.title).toContain(question);
    expect(screen.getByText(en['mobile.consent_body'])).toBeVisible();
    await revalidate(router);
    expect(calls.approveToken).not.toHaveBeenCalled();
    expect(calls.leaveFor).not.toHaveBeenCalled();

    const proceed = screen.getByRole('button', { name: en['mobile.consent_continue'] });
    proceed.focus();
    expect(proceed).toHaveFocus();
    // Answering shows the flow's spinner again, which suspends: an awaited act takes that (the
    // button's own activation, as Enter or a tap gives it; twice, as an impatient person does).
    await act(async () => {
      proceed.click();
      proceed.click();
    });
    await waitFor(() => expect(calls.leaveFor).toHaveBeenCalledWith(`${appRedirect}?code=code-1&state=state-1`, { replace: true }));
    expect(calls.approveToken).toHaveBeenCalledWith(expect.objectContaining({ uri: '/post/api/oauth/approve/1' }), true);
    expect(screen.getByRole('heading', { level: 1, name: en['mobile.redirect_title'] })).toBeVisible();
    await revalidate(router);
    expect(calls.approveToken).toHaveBeenCalledTimes(1);
    expect(calls.fetchTokenData).toHaveBeenCalledTimes(1);
  });

  it('Not me: no code; logs out (the identity provider too) and starts the app login again', async () => {
    renderAt(`/mobileSuccess/${token}`);
    const notMe = await screen.findByRole('button', { name: en['mobile.consent_not_me'] });
    expect(notMe).toHaveAccessibleDescription(en['mobile.consent_not_me_hint']);
    await act(async () => {
      notMe.click();
      notMe.click();
    });
    await waitFor(() => expect(calls.leaveFor).toHaveBeenCalledWith('/post/api/logged-out', { replace: true }));
    expect(calls.logoutCall).toHaveBeenCalledTimes(1);
    expect(calls.logoutCall).toHaveBeenCalledWith(expect.objectContaining({ uri: '/post/api/logout/idp' }), `/innlogging/mobileLogin/${token}/password`);
    expect(calls.approveToken).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1, name: en['mobile.logout_title'] })).toBeVisible();
  });

  it('no question when the login happened inside the flow: straight on, as before', async () => {
    calls.fetchTokenData.mockResolvedValue({
      redirectUri: appRedirect,
      state: 'state-1',
      link: [{ rel: 'https://example.test/relations/token_approve', uri: '/post/api/oauth/approve/1' }],
    });
    renderAt(`/mobileSuccess/${token}`);
    await waitFor(() => expect(calls.leaveFor).toHaveBeenCalled());
    expect(calls.approveToken).toHaveBeenCalledWith(expect.anything(), false);
    expect(screen.queryByRole('button', { name: en['mobile.consent_continue'] })).toBeNull();
  });
});
