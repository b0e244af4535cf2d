/** The password form against the emulator in this process: what was typed, the backend's answers and refusals, what is reported. */
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useFetcher } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultLimits } from '../../../server/emulator/limits';
import { demoPassword, demoPersons } from '../../../server/emulator/seed';
import { emulatorFetchForTests, type TestPerson } from '../../../server/emulator/test-fetch';
import { logEndpoint } from '../../api/log';
import type { Language } from '../../contract/languages';
import { en } from '../../i18n/en';
import { I18nProvider } from '../../i18n/i18n-context';
import { nb, type Texts } from '../../i18n/nb';
import { nn } from '../../i18n/nn';
import { forgetRootDocument, loadRootDocument } from '../session';
import { submitPasswordLogin } from './password-login-action';
import { PasswordLoginForm, type PasswordLoginResult } from './password-login-form';

// The emulator checks passwords with scrypt in this process, and the first render of a router pays for
// the imports: slow on a busy machine, not stuck (as src/test-support/reset-wizard.tsx says).
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 25_000 });

/**
 * The emulator's real time (EmulatorOptions.now), moved on by a test that waits out a lock. A ceiling
 * above the lock's five wrong passwords, so one file sees both the lock and the stop.
 */
let movedOn = 0;
const backend = emulatorFetchForTests('password-login-form', { limits: { ...defaultLimits, passwordFailureCeiling: 6 }, now: () => Date.now() + movedOn });
const { dev, bodiesTo } = backend;

const loginUri = '/post/api/private/login/password';
const tables: Record<Language, Texts> = { nb, nn, en };
const startEid = vi.fn();
const suspended = demoPersons.find((person) => person.suspended)!;

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
      // As the private login route's action: the root document's link, then the login.
      action: async ({ request }) => {
        const outcome = await submitPasswordLogin(await request.formData(), await loadRootDocument());
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
    /** Types this ID number and password, and presses the button. */
    async submitWith(user: ReturnType<typeof userEvent.setup>, nationalId: string, password: string) {
      await user.type(form.nationalId, nationalId);
      await user.type(form.password, password);
      await user.click(form.submit);
    },
    /**
     * With the ID number already typed: a password, the button, and the warning the answer to the
     * `attempt`th call brought (the form empties the password when an answer comes, not before).
     */
    async retypePassword(user: ReturnType<typeof userEvent.setup>, password: string, attempt: number) {
      await user.type(form.password, password);
      await user.click(form.submit);
      await waitFor(() => expect(loginCalls()).toHaveLength(attempt));
      await waitFor(() => expect(form.password).toHaveValue(''));
      return screen.findByRole('alert');
    },
  };
  return form;
}

/** The bodies sent to the login address. */
const loginCalls = () => bodiesTo(loginUri);
const logged = () => bodiesTo(logEndpoint);

beforeEach(() => {
  forgetRootDocument();
  startEid.mockReset();
});

/** Wrong passwords for `person` until the fifth, which the emulator answers with its lock (429 and Retry-After). */
async function lockOut(form: ReturnType<typeof renderLogin>, user: ReturnType<typeof userEvent.setup>, person: TestPerson, t: Texts) {
  await user.type(form.nationalId, person.nationalId);
  for (const attempt of [1, 2, 3, 4]) {
    expect(await form.retypePassword(user, `feil-passord-${attempt}`, attempt)).toHaveTextContent(t['login.wrong_password_title']);
  }
  return form.retypePassword(user, 'feil-passord-5', 5);
}

describe('the password form after five wrong passwords in a browser the person has signed in on (the lock of the emulator)', () => {
  // The lock's first wait is a minute (server/emulator/limits.ts). Waits the emulator does not give
  // are the client's and the words' unit tests: an unreadable or missing Retry-After is no wait
  // (src/api/client.test.ts, retry-after.test.ts), 181 seconds are "om 4 minutter" and no wait is
  // "Prøv igjen senere." / "Try again later." (src/errors/wait.test.ts).
  it.each([
    ['nb', 'Prøv igjen om 1 minutt,'],
    ['nn', 'Prøv igjen om 1 minutt,'],
    ['en', 'Try again in 1 minute,'],
  ] as const)('%s: says "%s", offers eID, keeps the ID, empties the password, focuses the message', async (language, wait) => {
    const user = userEvent.setup();
    const person = await dev.person();
    await dev.signInOnce(person);
    const form = renderLogin(language);
    const t = tables[language];
    const alert = await lockOut(form, user, person, t);

    // This browser's own lock, told as such (decisions 026, 028): not the network's, not the general limit.
    expect(alert).toHaveTextContent(t['login.locked_title']);
    expect(alert).toHaveTextContent(wait);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(form.nationalId).toHaveValue(person.nationalId);
    expect(form.password).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'eID' }));
    expect(startEid).toHaveBeenCalledOnce();
    // A throttle is not a fault: nothing is sent to the log endpoint.
    expect(logged()).toHaveLength(0);
  });

  it.each(['nb', 'en'] as const)(
    '%s: in a browser the person never signed in on, the lock for new browsers: its own words, its wait, a browser used before, eID',
    async (language) => {
      const user = userEvent.setup();
      const person = await dev.person();
      const form = renderLogin(language);
      const t = tables[language];
      const alert = await lockOut(form, user, person, t);
      expect(alert).toHaveTextContent(t['login.locked_new_devices_title']);
      expect(alert).toHaveTextContent(
        language === 'nb'
          ? /Prøv igjen om \d+ minutt(er)?, eller logg inn fra en nettleser du har brukt før/
          : /Try again in \d+ minutes?, or log in from a browser you have used before/,
      );
      expect(screen.getByRole('button', { name: 'eID' })).toBeVisible();
      expect(logged()).toHaveLength(0);
    },
  );

  it('a wrong password (403) offers no eID in its warning', async () => {
    const user = userEvent.setup();
    const person = await dev.person();
    const form = renderLogin('nb');
    await form.submitWith(user, person.nationalId, 'feil-passord');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(nb['login.wrong_password_title']);
    expect(screen.queryByRole('button', { name: 'eID' })).toBeNull();
    expect(form.password).toHaveValue('');
  });

  it('a wrong password after the lock, at the ceiling: password login stopped, eID offered, no wait named, nothing reported', async () => {
    const user = userEvent.setup();
    const person = await dev.person();
    await dev.signInOnce(person);
    const form = renderLogin('nb');
    expect(await lockOut(form, user, person, nb)).toHaveTextContent(nb['login.locked_title']);
    movedOn += defaultLimits.lockFirstMs;
    const alert = await form.retypePassword(user, 'feil-passord-6', 6);
    expect(alert).toHaveTextContent(nb['login.stopped_title']);
    expect(alert).toHaveTextContent(nb['login.stopped']);
    expect(alert).not.toHaveTextContent(nb['login.locked_title']);
    expect(alert).not.toHaveTextContent(/om \d+ (minutt|time)/);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(form.nationalId).toHaveValue(person.nationalId);
    expect(form.password).toHaveValue('');
    expect(screen.getByRole('button', { name: 'eID' })).toBeVisible();
    expect(logged()).toHaveLength(0);
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
    // The limit said before any failure (issue #38): waits after several wrong passwords, or log in with eID; no count.
    expect(screen.getByText(nb['login.limit_note'])).toBeVisible();
    expect(nb['login.limit_note']).not.toMatch(/\d/);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('heading', { name: nb['login.error_summary'] })).toBeNull();
  });

  it('nothing typed: both fields named in a summary that takes focus (anew on each submit), nothing sent', async () => {
    const user = userEvent.setup();
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
    const form = renderLogin('en');
    await form.submitWith(user, '01817010055', 'abc');
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
    const person = await dev.person();
    // The answer held back (the emulator's "slow" fault) until well after the clicks below.
    await dev.fault({ path: loginUri, mode: 'slow', delayMs: 5_000 });
    const form = renderLogin('nb');
    await user.type(form.nationalId, `${person.nationalId.slice(0, 6)} ${person.nationalId.slice(6)}`);
    await user.type(form.password, person.password);
    await user.click(form.submit);
    const busy = await screen.findByRole('button', { name: nb['login.submitting'] });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.click(busy);
    await user.type(form.password, '{Enter}');
    // Still under way: the clicks came before the answer, or this test would prove nothing.
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await screen.findByRole('button', { name: nb['login.submit'] });
    expect(loginCalls()).toEqual([{ username: person.nationalId, password: person.password }]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the same wrong password twice: the warning takes focus each time', async () => {
    const user = userEvent.setup();
    const person = await dev.person();
    const form = renderLogin('nb');
    await user.type(form.nationalId, person.nationalId);
    for (const attempt of [1, 2]) {
      const alert = await form.retypePassword(user, 'feil-passord', attempt);
      expect(alert).toHaveTextContent(nb['login.wrong_password']);
      await waitFor(() => expect(alert).toHaveFocus());
      expect(form.password).toHaveValue('');
    }
    // A wrong password is an answer for the person, not a fault: nothing reported.
    expect(logged()).toHaveLength(0);
  });

  /** A fresh person, and the login call answered with the fault `mode` once. */
  const personWithLoginFault = async (mode: 'error' | 'drop') => {
    await dev.fault({ path: loginUri, mode });
    return dev.person();
  };

  it.each([
    {
      refusal: 'a suspended account (403 KONTO_SUSPENDERT, a suspended demo person): its own warning, no eID, nothing reported',
      setUp: async () => ({ nationalId: suspended.nationalId, password: demoPassword }),
      title: 'login.account_suspended_title',
      body: 'account.suspended',
      reported: 0,
    },
    {
      refusal: 'a server error (the "error" fault): the password error, reported to the log',
      setUp: () => personWithLoginFault('error'),
      title: 'login.password_error_title',
      body: 'login.password_error',
      reported: 1,
    },
    {
      refusal: 'a lost connection (the "drop" fault): the password error, not reported',
      setUp: () => personWithLoginFault('drop'),
      title: 'login.password_error_title',
      body: 'login.password_error',
      reported: 0,
    },
  ] as const)('$refusal', async ({ setUp, title, body, reported }) => {
    const user = userEvent.setup();
    const { nationalId, password } = await setUp();
    const form = renderLogin('nb');
    await form.submitWith(user, nationalId, password);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(nb[title]);
    expect(alert).toHaveTextContent(nb[body]);
    if (title === 'login.account_suspended_title') expect(screen.queryByRole('button', { name: 'eID' })).toBeNull();
    expect(form.nationalId).toHaveValue(nationalId);
    expect(form.password).toHaveValue('');
    await waitFor(() => expect(logged()).toHaveLength(reported));
  });
});
