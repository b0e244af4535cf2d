/**
 * The app's password page and its forgot-password page (issue #19, docs/decisions/018): "Forgot
 * password" stays in the app's flow with the token, the code reset ends at the app's approval (not
 * the web mailbox), the wording has no "also", and both pages record their analytics events.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test-support/render-routes';
import { AppError } from '../api/errors';
import type { Link } from '../contract/answers';
import type { RootDocument } from '../api/root';
import { en } from '../i18n/en';

vi.setConfig({ testTimeout: 20_000 });

const calls = vi.hoisted(() => ({
  loadRootDocument: vi.fn<() => Promise<RootDocument>>(),
  forgetRootDocument: vi.fn(),
  track: vi.fn(),
  startPasswordReset: vi.fn<(link: Link, phone: string, nationalId: string) => Promise<{ link: Link[] }>>(),
  checkResetCode: vi.fn<(link: Link, code: string) => Promise<void>>(),
  saveNewPassword: vi.fn<(link: Link, emailCode: string, smsCode: string, password: string) => Promise<void>>(),
  passwordLogin: vi.fn<(link: Link, username: string, password: string, appAuthorization?: string) => Promise<void>>(),
  assign: vi.fn(),
  bindToBrowser: vi.fn<(token: string) => Promise<void>>(),
}));

vi.mock('../features/session/root-document', () => ({ loadRootDocument: calls.loadRootDocument, forgetRootDocument: calls.forgetRootDocument }));
vi.mock('../features/analytics/track', async (importOriginal) => ({ ...(await importOriginal<object>()), track: calls.track }));
vi.mock('../api/password-reset', () => ({
  startPasswordReset: calls.startPasswordReset,
  checkResetCode: calls.checkResetCode,
  saveNewPassword: calls.saveNewPassword,
}));
vi.mock('../api/oauth', async (importOriginal) => ({ ...(await importOriginal<object>()), bindToBrowser: calls.bindToBrowser }));
vi.mock('../api/login', async (importOriginal) => ({ ...(await importOriginal<object>()), passwordLogin: calls.passwordLogin }));
// The common-password list is a chunk of its own; not what these tests are about.
vi.mock('../features/password-strength/load-common-passwords', () => ({
  loadCommonPasswordCheck: () => Promise.resolve(() => false),
  loadedCommonPasswordCheck: () => () => false,
}));

const token = 'AbCdEf123456';
const signedOut: RootDocument = {
  link: [
    { rel: '/post/api/relations/reset_password', uri: '/post/api/passwordreset' },
    { rel: '/post/api/relations/login_password', uri: '/post/api/private/login/password' },
  ],
};
const resetLinks: Link[] = [
  { rel: '/post/api/relations/check_email_code', uri: '/post/api/passwordreset/r1/email' },
  { rel: '/post/api/relations/check_sms_code', uri: '/post/api/passwordreset/r1/sms' },
  { rel: '/post/api/relations/self', uri: '/post/api/passwordreset/r1' },
];

beforeEach(() => {
  // The wizard keeps an unfinished reset for its page (reset-storage.ts): one a failed test left would
  // open the next test's wizard with its answers typed in.
  sessionStorage.clear();
  calls.loadRootDocument.mockResolvedValue(signedOut);
  calls.startPasswordReset.mockResolvedValue({ link: resetLinks });
  calls.checkResetCode.mockResolvedValue();
  calls.saveNewPassword.mockResolvedValue();
  calls.passwordLogin.mockResolvedValue();
  calls.bindToBrowser.mockResolvedValue();
  vi.stubGlobal('location', { ...window.location, assign: calls.assign });
});

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  return renderRoutes(
    [
      {
        path: '/',
        HydrateFallback: () => null,
        children: [
          { path: 'mobileLogin/:token/password', lazy: () => import('./mobile-password-login') },
          { path: 'mobileLogin/:token/forgot-password', lazy: () => import('./mobile-forgot-password') },
          { path: 'mobileLogin/:token/:idportenLevel', element: <p>eID login</p> },
          { path: 'mobileSuccess/:token', element: <p>the app's approval</p> },
          { path: 'forgot-password', element: <p>the web page</p> },
        ],
      },
    ],
    path,
  );
}

const events = () => calls.track.mock.calls.map(([event]) => event);

describe("the app's password page", () => {
  it('says how to log in without "also", and "Forgot password" goes to the app\'s page with the token, recorded', async () => {
    const user = userEvent.setup();
    const router = renderAt(`/mobileLogin/${token}/password`);
    expect(await screen.findByText(en['login.options_password_only'])).toBeVisible();
    expect(screen.queryByText(en['login.options'])).toBeNull();
    const forgot = screen.getByRole('link', { name: en['login.forgot_password'] });
    expect(forgot).toHaveAttribute('href', `/mobileLogin/${token}/forgot-password`);

    await user.click(forgot);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/mobileLogin/${token}/forgot-password`));
    expect(events()).toEqual([{ category: 'login-private-user-password', action: 'link click', label: 'mobile forgot password' }]);
  });

  it('records a password login sent from it, as the web login page does; the login is made for the app authorization', async () => {
    const user = userEvent.setup();
    const router = renderAt(`/mobileLogin/${token}/password`);
    await user.type(await screen.findByLabelText(en['login.national_id']), '01817010055');
    await user.type(screen.getByLabelText(en['login.password'], { selector: 'input' }), 'Sommerfugl-42');
    await user.click(screen.getByRole('button', { name: en['login.submit'] }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/mobileSuccess/${token}`));
    expect(events()).toEqual([{ category: 'login-private-user-password', action: 'button click', label: 'mobile password login' }]);
    expect(calls.passwordLogin).toHaveBeenCalledWith(expect.anything(), '01817010055', 'Sommerfugl-42', token);
    // Bound to this browser before anything else (docs/decisions/019).
    expect(calls.bindToBrowser).toHaveBeenCalledWith(token);
  });
});

describe("the app's forgot-password page", () => {
  it('offers eID into the same app flow and a way back to the password page with the token', async () => {
    renderAt(`/mobileLogin/${token}/forgot-password`);
    expect(await screen.findByRole('heading', { level: 1, name: en['forgot.heading'] })).toBeVisible();
    expect(screen.getByText(en['forgot.app_lead'])).toBeVisible();
    expect(screen.getByText(en['forgot.app_eid_body'])).toBeVisible();
    expect(screen.getByRole('link', { name: en['login.eid_button'] })).toHaveAttribute('href', `/mobileLogin/${token}/idporten3`);
    expect(screen.getByRole('link', { name: en['forgot.app_back'] })).toHaveAttribute('href', `/mobileLogin/${token}/password`);
    expect(screen.queryByText(en['forgot.eid_body'])).toBeNull();
  });

  it('a private person already signed in goes straight on to the approval', async () => {
    calls.loadRootDocument.mockResolvedValue({ ...signedOut, role: 'PRIVAT' });
    const router = renderAt(`/mobileLogin/${token}/forgot-password`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/mobileSuccess/${token}`));
  });

  /** Opens the code reset and goes through its four steps; answers the dialog. */
  async function resetWithCodes() {
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: en['forgot.code_button'] }));
    const dialog = await screen.findByRole('dialog', { name: en['reset.dialog_title'] });
    const field = (label: keyof typeof en) => within(dialog).getByLabelText(en[label], { selector: 'input' });
    // A step has arrived when its heading has focus: the wizard moves it there in an effect, which may
    // run after the step is on screen (on a busy machine, after this test has begun typing). Typed into
    // before then, a field keeps only the first key: the key's render runs the effect, and the heading
    // gets the rest (step 4's password was then "F", refused as not strong enough).
    const arrive = (heading: keyof typeof en) =>
      waitFor(() => expect(within(dialog).getByRole('heading', { level: 3, name: (name) => name.endsWith(en[heading]) })).toHaveFocus());
    await arrive('reset.identify_heading');
    await user.type(field('reset.phone'), '41234567');
    await user.type(field('login.national_id'), '01817010055{Enter}');
    await arrive('reset.email_heading');
    await user.type(field('reset.email_code'), '123456{Enter}');
    await arrive('reset.sms_heading');
    await user.type(field('reset.sms_code'), '654321{Enter}');
    await arrive('reset.password_heading');
    await user.type(field('reset.new_password'), 'Fjellgeit-Sommer-42');
    await user.type(field('reset.repeat_password'), 'Fjellgeit-Sommer-42{Enter}');
    return dialog;
  }

  it("the code reset signs in with the new password and goes on to the app's approval in place of the page, not to the web mailbox", async () => {
    const router = renderAt(`/mobileLogin/${token}/forgot-password`);
    await resetWithCodes();
    expect(events()).toEqual([{ category: 'login-private-user-password', action: 'button click', label: 'mobile forgot password codes' }]);

    await waitFor(() => expect(router.state.location.pathname).toBe(`/mobileSuccess/${token}`));
    expect(calls.passwordLogin).toHaveBeenCalledWith(
      expect.objectContaining({ uri: '/post/api/private/login/password' }),
      '01817010055',
      'Fjellgeit-Sommer-42',
      // A login made in the app's flow: its approval asks no "is this you?" (docs/decisions/019).
      token,
    );
    // A new session: the next page fetches the root document (and its CSRF token) again.
    expect(calls.forgetRootDocument).toHaveBeenCalled();
    expect(calls.assign).not.toHaveBeenCalled();
    // In place of the page: Back from the app's approval does not return to the reset.
    expect(router.state.historyAction).toBe('REPLACE');
    await act(async () => {});
    expect(screen.getByText("the app's approval")).toBeVisible();
  });

  it("step 5's sign-in refused (failed or throttled): its way on is the app's password page with the token, not the web login", async () => {
    for (const refusal of [new AppError('Internal error', { statusCode: 500 }), new AppError('Too many attempts', { statusCode: 429 })]) {
      calls.passwordLogin.mockRejectedValueOnce(refusal);
      const router = renderAt(`/mobileLogin/${token}/forgot-password`);
      const dialog = await resetWithCodes();
      const logIn = await within(dialog).findByRole('link', { name: en['error.back_private'] });
      expect(logIn).toHaveAttribute('href', `/innlogging/en/mobileLogin/${token}/password`);
      expect(router.state.location.pathname).toBe(`/mobileLogin/${token}/forgot-password`);
      expect(calls.assign).not.toHaveBeenCalled();
      cleanup();
    }
  });
});
