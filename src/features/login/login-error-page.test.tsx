/**
 * The login error screen as a person meets it (issue #18, docs/decisions/012): a cancel is said
 * calmly with the way back, someone with an eID but no account is offered to sign up, and a refused
 * admin gets an admin message with the way back to the admin sign-in.
 */
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../contract/languages';
import { en } from '../../i18n/en';
import { I18nProvider } from '../../i18n/i18n-context';
import { nb } from '../../i18n/nb';
import { nn } from '../../i18n/nn';
import { LoginErrorPage } from './login-error-page';

const tables = { nb, nn, en };

function renderAt(path: string, language: Language = 'en') {
  const router = createMemoryRouter(
    [
      { path: '/loginError', element: <LoginErrorPage variant="loginError" /> },
      { path: '/innloggingFeilet', element: <LoginErrorPage variant="loginFailed" /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nProvider language={language} texts={tables[language]}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

/** The page's buttons (links styled as buttons), in order, with whether each is the primary one. */
function buttons() {
  return screen
    .getAllByRole('link')
    .map((link) => ({ name: link.textContent, href: link.getAttribute('href'), primary: link.classList.contains('hds-button--primary') }));
}

describe('the login error screen', () => {
  it.each(['nb', 'nn', 'en'] as const)('a cancel at ID-porten (%s): calm, no error text, back to private login first', (language) => {
    const t = tables[language];
    renderAt('/loginError?idpErrorCode=AVBRUTT_AV_BRUKER', language);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(t['login_error.cancelled_heading']);
    expect(screen.getByText(t['login_error.cancelled'])).toBeVisible();
    expect(screen.queryByText(t['login_error.generic'])).toBeNull();
    expect(screen.queryByText(t['login_error.heading'])).toBeNull();
    expect(buttons()).toEqual([
      { name: t['error.back_private'], href: '/', primary: true },
      { name: t['error.back_business'], href: '/business', primary: false },
    ]);
  });

  it('a cancel at the identity broker goes back to business login first', () => {
    renderAt('/innloggingFeilet?idpErrorCode=AVBRUTT_AV_BRUKER');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en['login_error.cancelled_heading']);
    expect(buttons()[0]).toEqual({ name: en['error.back_business'], href: '/business', primary: true });
  });

  it.each(['nb', 'nn', 'en'] as const)('an eID but no account (%s): sign up, at registration in the language of the page', (language) => {
    const t = tables[language];
    renderAt('/loginError?kode=IKKE_AUTORISERT', language);
    expect(screen.getByText(t['login_error.not_registered'])).toBeVisible();
    expect(buttons()).toEqual([
      { name: t['login.register'], href: `/registrering/${language}/person`, primary: true },
      { name: t['error.back_private'], href: '/', primary: false },
      { name: t['error.back_business'], href: '/business', primary: false },
    ]);
  });

  it('no business access still offers business registration, after which business login comes first', () => {
    renderAt('/innloggingFeilet?kode=IKKE_AUTORISERT');
    expect(screen.getByText(en['login_error.no_business_access'])).toBeVisible();
    expect(buttons().map((button) => button.href)).toEqual(['/registrering/en/bedrift/', '/business', '/']);
  });

  it('a refused admin: the admin message and the way back to the admin sign-in, no business registration', () => {
    renderAt('/innloggingFeilet?rolle=ADMIN&kode=IKKE_AUTORISERT');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en['login_error.heading']);
    expect(screen.getByText(en['login_error.no_admin_access'])).toBeVisible();
    expect(screen.queryByText(en['login_error.no_business_access'])).toBeNull();
    expect(buttons()).toEqual([
      { name: en['login_error.back_admin'], href: '/admin', primary: true },
      { name: en['error.back_private'], href: '/', primary: false },
      { name: en['error.back_business'], href: '/business', primary: false },
    ]);
  });
});
