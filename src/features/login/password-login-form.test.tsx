import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useFetcher } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logEndpoint } from '../../api/log';
import type { RootDocument } from '../../api/root';
import type { Language } from '../../contract/languages';
import { en } from '../../i18n/en';
import { I18nProvider } from '../../i18n/i18n-context';
import { nb, type Texts } from '../../i18n/nb';
import { nn } from '../../i18n/nn';
import { submitPasswordLogin } from './password-login-action';
import { PasswordLoginForm, type PasswordLoginResult } from './password-login-form';

// The first render of a router pays for the imports: slow on a busy machine, not stuck.
vi.setConfig({ testTimeout: 20_000 });

const loginUri = '/post/api/private/login/password';
const root: RootDocument = { link: [{ rel: '/post/api/relations/login_password', uri: loginUri }] };
const tables: Record<Language, Texts> = { nb, nn, en };
const startEid = vi.fn();

function LoginPage() {
  const fetcher = useFetcher<PasswordLoginResult>();
  return (
    <PasswordLoginForm
      fetcher={fetcher}
      eidLogin={
        <button type="button" onClick={startEid}>
          eID
        </button>
      }
    />
  );
}

function renderLogin(language: Language) {
  const router = createMemoryRouter([
    {
      path: '/',
      Component: LoginPage,
      action: async ({ request }) => {
        const outcome = await submitPasswordLogin(await request.formData(), root);
        return outcome === 'signed-in' ? null : outcome;
      },
    },
  ]);
  render(
    <I18nProvider language={language} texts={tables[language]}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  const t = tables[language];
  const form = {
    nationalId: screen.getByLabelText(t['login.national_id']) as HTMLInputElement,
    password: screen.getByLabelText(t['login.password'], { selector: 'input' }) as HTMLInputElement,
    submit: screen.getByRole('button', { name: t['login.submit'] }),
    /** Types a valid ID number and this password, and presses the button. */
    async submitWith(user: ReturnType<typeof userEvent.setup>, password: string) {
      await user.type(form.nationalId, '01817010055');
      await user.type(form.password, password);
      await user.click(form.submit);
    },
  };
  return form;
}

let fetchMock: ReturnType<typeof vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>>;

/** The bodies sent to the login address. */
const loginCalls = () => fetchMock.mock.calls.filter(([input]) => String(input) === loginUri).map(([, init]) => JSON.parse(String(init?.body)));
const logged = () => fetchMock.mock.calls.filter(([input]) => String(input) === logEndpoint);

function answerLogin(status: number, headers: Record<string, string> = {}, body: unknown = {}) {
  fetchMock.mockImplementation(async (input) => {
    if (String(input) === logEndpoint) return new Response(null, { status: 204 });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
  });
}

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  startEid.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the password form after a 429', () => {
  it.each([
    ['nb', '181', 'Prøv igjen om 4 minutter.'],
    ['nn', '60', 'Prøv igjen om 1 minutt.'],
    ['en', '60', 'Try again in 1 minute.'],
    ['en', 'soon', 'Try again later.'],
  ] as const)('%s, Retry-After %s: says "%s", offers eID, keeps the ID, empties the password, focuses the message', async (language, retryAfter, wait) => {
    const user = userEvent.setup();
    answerLogin(429, { 'Retry-After': retryAfter }, { 'error-code': 'TOO_MANY_ATTEMPTS', 'error-message': 'Too many attempts' });
    const form = renderLogin(language);
    await form.submitWith(user, 'Sommerfugl-42');

    const alert = await screen.findByRole('alert');
    const t = tables[language];
    expect(alert).toHaveTextContent(t['login.throttled_title']);
    expect(alert).toHaveTextContent(wait);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(form.nationalId).toHaveValue('01817010055');
    expect(form.password).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'eID' }));
    expect(startEid).toHaveBeenCalledOnce();
    // A throttle is not a fault: nothing is sent to the log endpoint.
    expect(fetchMock.mock.calls.filter(([input]) => String(input) === logEndpoint)).toHaveLength(0);
  });

  it('a wrong password (403) offers no eID in its warning', async () => {
    const user = userEvent.setup();
    answerLogin(403, {}, { 'error-code': 'WRONG_CREDENTIALS' });
    const form = renderLogin('nb');
    await form.submitWith(user, 'feil-passord');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(nb['login.wrong_password_title']);
    expect(screen.queryByRole('button', { name: 'eID' })).toBeNull();
    expect(form.password).toHaveValue('');
  });
});

describe('the password form as a person sees it', () => {
  it('at first: empty fields, the submit button, the way to a new password, nothing wrong', () => {
    const form = renderLogin('nb');
    expect(form.nationalId).toHaveValue('');
    expect(form.nationalId).toHaveAttribute('autocomplete', 'username');
    expect(form.password).toHaveValue('');
    expect(form.password).toHaveAttribute('type', 'password');
    expect(form.password).toHaveAttribute('autocomplete', 'current-password');
    expect(form.submit).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('link', { name: nb['login.forgot_password'] })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('heading', { name: nb['login.error_summary'] })).toBeNull();
  });

  it('nothing typed: both fields named in a summary that takes focus (anew on each submit), nothing sent', async () => {
    const user = userEvent.setup();
    answerLogin(200);
    const form = renderLogin('nb');
    await user.click(form.submit);
    const summary = await screen.findByRole('heading', { name: nb['login.error_summary'] });
    await waitFor(() => expect(summary).toHaveFocus());
    const links = within(summary.parentElement!).getAllByRole('link');
    // Asked for, not called invalid: nothing has been got wrong yet.
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Skriv inn fødselsnummeret ditt', '#login-national-id'],
      ['Skriv inn passordet ditt', '#login-password'],
    ]);
    expect(form.nationalId).toHaveAttribute('aria-invalid', 'true');
    expect(form.password).toHaveAttribute('aria-invalid', 'true');
    expect(form.nationalId).toHaveAccessibleDescription(`${nb['login.national_id_hint']} Skriv inn fødselsnummeret ditt`);

    // The same mistake again: a new summary, announced and focused again.
    await user.click(form.nationalId);
    await user.click(form.submit);
    await waitFor(() => expect(summary).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('heading', { name: nb['login.error_summary'] })).toHaveFocus());
    expect(loginCalls()).toEqual([]);
  });

  it.each([
    ['nn', 'Skriv inn fødselsnummeret ditt', 'Skriv inn passordet ditt', 'Ugyldig fødselsnummer (11 siffer)'],
    ['en', 'Enter your national ID number', 'Enter your password', 'Invalid national ID number (11 digits)'],
  ] as const)('%s: only spaces typed asks for the number; a number of the wrong form is invalid', async (language, enterId, enterPassword, invalidId) => {
    const user = userEvent.setup();
    answerLogin(200);
    const form = renderLogin(language);
    await user.type(form.nationalId, '   ');
    await user.click(form.submit);
    expect(await screen.findByRole('link', { name: enterId })).toHaveAttribute('href', '#login-national-id');
    expect(screen.getByRole('link', { name: enterPassword })).toHaveAttribute('href', '#login-password');
    await user.clear(form.nationalId);
    await user.type(form.nationalId, '0181 7010 05');
    await user.type(form.password, 'Sommerfugl-42');
    await user.click(form.submit);
    expect(await screen.findByRole('link', { name: invalidId })).toHaveAttribute('href', '#login-national-id');
    expect(screen.queryByRole('link', { name: enterId })).toBeNull();
    expect(screen.queryByRole('link', { name: enterPassword })).toBeNull();
    expect(loginCalls()).toEqual([]);
  });

  it('a short password: only the password is named; the ID stays, the password is emptied', async () => {
    const user = userEvent.setup();
    answerLogin(200);
    const form = renderLogin('en');
    await form.submitWith(user, 'abc');
    expect(await screen.findByRole('link', { name: 'Invalid password. Passwords are at least 6 characters.' })).toBeVisible();
    expect(screen.queryByRole('link', { name: en['login.invalid_foedselsnummer'] })).toBeNull();
    expect(form.nationalId).not.toHaveAttribute('aria-invalid');
    expect(form.password).toHaveAttribute('aria-invalid', 'true');
    expect(form.nationalId).toHaveValue('01817010055');
    expect(form.password).toHaveValue('');
    expect(loginCalls()).toEqual([]);
  });

  it('while signing in: the button says so, and a second click sends nothing more', async () => {
    const user = userEvent.setup();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    fetchMock.mockImplementation(async (input) => {
      if (String(input) === logEndpoint) return new Response(null, { status: 204 });
      await gate;
      return new Response(null, { status: 204 });
    });
    const form = renderLogin('nb');
    await user.type(form.nationalId, '018170 10055');
    await user.type(form.password, 'Sommerfugl-42');
    await user.click(form.submit);
    const busy = await screen.findByRole('button', { name: nb['login.submitting'] });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.click(busy);
    await user.type(form.password, '{Enter}');
    release();
    await screen.findByRole('button', { name: nb['login.submit'] });
    expect(loginCalls()).toEqual([{ username: '01817010055', password: 'Sommerfugl-42' }]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the same wrong password twice: the warning takes focus each time', async () => {
    const user = userEvent.setup();
    answerLogin(403, {}, { 'error-code': 'WRONG_CREDENTIALS' });
    const form = renderLogin('nb');
    await user.type(form.nationalId, '01817010055');
    for (const attempt of [1, 2]) {
      await user.type(form.password, 'feil-passord');
      await user.click(form.submit);
      await waitFor(() => expect(loginCalls()).toHaveLength(attempt));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(nb['login.wrong_password']);
      await waitFor(() => expect(alert).toHaveFocus());
      expect(form.password).toHaveValue('');
    }
    // A wrong password is an answer for the person, not a fault: nothing reported.
    expect(logged()).toHaveLength(0);
  });

  it.each([
    {
      refusal: 'a suspended account (403 KONTO_SUSPENDERT): its own warning, no eID, nothing reported',
      answer: () => answerLogin(403, {}, { 'error-code': 'KONTO_SUSPENDERT' }),
      title: 'login.account_suspended_title',
      body: 'account.suspended',
      reported: 0,
    },
    {
      refusal: 'a server error: the password error, reported to the log',
      answer: () => answerLogin(500, {}, { 'error-code': 'INTERNAL_ERROR' }),
      title: 'login.password_error_title',
      body: 'login.password_error',
      reported: 1,
    },
    {
      refusal: 'a lost connection: the password error, not reported',
      answer: () =>
        fetchMock.mockImplementation(async (input) => {
          if (String(input) === logEndpoint) return new Response(null, { status: 204 });
          throw new TypeError('Failed to fetch');
        }),
      title: 'login.password_error_title',
      body: 'login.password_error',
      reported: 0,
    },
  ] as const)('$refusal', async ({ answer, title, body, reported }) => {
    const user = userEvent.setup();
    answer();
    const form = renderLogin('nb');
    await form.submitWith(user, 'Sommerfugl-42');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(nb[title]);
    expect(alert).toHaveTextContent(nb[body]);
    if (title === 'login.account_suspended_title') expect(screen.queryByRole('button', { name: 'eID' })).toBeNull();
    expect(form.nationalId).toHaveValue('01817010055');
    expect(form.password).toHaveValue('');
    await waitFor(() => expect(logged()).toHaveLength(reported));
  });
});
