import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useFetcher } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logEndpoint } from '../../api/log';
import type { RootDocument } from '../../api/root';
import type { Language } from '../../config/languages';
import { en } from '../../i18n/en';
import { I18nProvider } from '../../i18n/i18n-context';
import { nb, type Texts } from '../../i18n/nb';
import { nn } from '../../i18n/nn';
import { submitPasswordLogin } from './password-login-action';
import { PasswordLoginForm, type PasswordLoginResult } from './password-login-form';

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
  return {
    nationalId: screen.getByLabelText(t['login.national_id']) as HTMLInputElement,
    password: screen.getByLabelText(t['login.password'], { selector: 'input' }) as HTMLInputElement,
    submit: screen.getByRole('button', { name: t['login.submit'] }),
  };
}

let fetchMock: ReturnType<typeof vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>>;

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
    await user.type(form.nationalId, '01817010055');
    await user.type(form.password, 'Sommerfugl-42');
    await user.click(form.submit);

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
    await user.type(form.nationalId, '01817010055');
    await user.type(form.password, 'feil-passord');
    await user.click(form.submit);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(nb['login.wrong_password_title']);
    expect(screen.queryByRole('button', { name: 'eID' })).toBeNull();
    expect(form.password).toHaveValue('');
  });
});
