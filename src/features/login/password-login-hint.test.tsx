/**
 * The password field's hint (the limit, said before anyone meets it: issue #38) and a lock (issue #50):
 * while a message says that password login is locked, stopped or throttled, the hint is not shown and
 * the field is not described by it; after an ordinary wrong password it stays. The answers are the
 * action's own outcomes, as password-login-action.ts gives them (the emulator's locks: password-login-form.test.tsx).
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useFetcher } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PasswordLoginCause } from '../../errors/password-login';
import { I18nProvider } from '../../i18n/i18n-context';
import { nb, type TextKey } from '../../i18n/nb';
import { PasswordLoginForm, type PasswordLoginResult, passwordFieldId } from './password-login-form';

function LoginPage() {
  const fetcher = useFetcher<PasswordLoginResult>();
  return <PasswordLoginForm fetcher={fetcher} eidLogin={<button type="button">eID</button>} />;
}

/** The form, its action answering every login with `warning` (a minute's wait for those that name one). */
function renderAnswering(warning: PasswordLoginCause) {
  const router = createMemoryRouter([
    { path: '/', Component: LoginPage, action: (): PasswordLoginResult => ({ intent: 'password', warning, wait: { count: 1, unit: 'minutes' } }) },
  ]);
  render(
    <I18nProvider language="nb" texts={nb}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return {
    password: () => screen.getByLabelText(nb['login.password'], { selector: 'input' }),
    async send() {
      const user = userEvent.setup();
      await user.type(screen.getByLabelText(nb['login.national_id']), '01010112345');
      await user.type(this.password(), 'feil-passord');
      await user.click(screen.getByRole('button', { name: nb['login.submit'] }));
      return screen.findByRole('alert');
    },
  };
}

const hint = nb['login.limit_note'];

describe('the password field and its hint', () => {
  it('before any answer: the limit is the password field’s hint, and describes it', () => {
    const form = renderAnswering('wrong');
    expect(screen.getByText(hint)).toBeVisible();
    expect(form.password()).toHaveAttribute('aria-describedby', `${passwordFieldId}-hint`);
    expect(form.password()).toHaveAccessibleDescription(hint);
  });

  it('after a wrong password (no lock): the hint stays', async () => {
    const form = renderAnswering('wrong');
    expect(await form.send()).toHaveTextContent(nb['login.wrong_password_title']);
    expect(screen.getByText(hint)).toBeVisible();
    expect(form.password()).toHaveAccessibleDescription(hint);
  });

  it.each<[PasswordLoginCause, TextKey]>([
    ['locked', 'login.locked_title'],
    ['lockedNewDevices', 'login.locked_new_devices_title'],
    ['addressLocked', 'login.address_locked_title'],
    ['throttled', 'login.throttled_title'],
    ['stopped', 'login.stopped_title'],
  ])('while the %s message shows: no hint, and the field is not described by one', async (cause, title) => {
    const form = renderAnswering(cause);
    expect(await form.send()).toHaveTextContent(nb[title]);
    expect(screen.queryByText(hint)).toBeNull();
    expect(document.getElementById(`${passwordFieldId}-hint`)).toBeNull();
    expect(form.password().getAttribute('aria-describedby') ?? '').not.toContain('hint');
    expect(form.password()).not.toHaveAccessibleDescription(hint);
  });
});
