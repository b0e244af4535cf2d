import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { I18nProvider } from '../i18n/i18n-context';
import type { Language } from '../contract/languages';
import { en } from '../i18n/en';
import { nb, type Texts } from '../i18n/nb';
import { nn } from '../i18n/nn';
import { Header } from './header';

const phoneWidth = 375;
let widthBefore: number;

beforeEach(() => {
  widthBefore = window.innerWidth;
  window.innerWidth = phoneWidth;
  // Hedwig scrolls to the top when the menu opens; jsdom has no scrolling.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  window.innerWidth = widthBefore;
});

/** The header on a phone above a screen with a heading, as the app's shell places them. */
function renderHeader() {
  const user = userEvent.setup();
  const screenWith = (heading: string) => (
    <h1 tabIndex={-1} className="page__heading">
      {heading}
    </h1>
  );
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Header />
            <main id="main" tabIndex={-1}>
              <Outlet />
            </main>
          </>
        ),
        children: [
          { path: '/', element: screenWith('Log in to Digipost') },
          { path: '/business', element: screenWith('Log in as a business') },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <I18nProvider language="en" texts={en}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return { user, router, menuButton: () => screen.getByRole('button', { name: /^(Menu|Close)$/ }) };
}

describe('Header on a phone: the mobile menu', () => {
  it('names its button by its state, with no aria-label besides', async () => {
    const { user, menuButton } = renderHeader();
    expect(menuButton()).toHaveAccessibleName('Menu');
    expect(menuButton()).not.toHaveAttribute('aria-label');

    await user.click(menuButton());

    expect(menuButton()).toHaveAccessibleName('Close');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes on Escape and gives focus back to its button; Escape again does nothing', async () => {
    const { user, menuButton } = renderHeader();
    await user.click(menuButton());
    screen.getByRole('link', { name: en['header.front_page'] }).focus();

    await user.keyboard('{Escape}');

    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();
    expect(document.querySelector('main')).not.toHaveAttribute('inert');

    await user.keyboard('{Escape}');

    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();
  });

  it('leaves Escape alone while closed', async () => {
    const { user, menuButton } = renderHeader();
    const heading = screen.getByRole('heading', { level: 1 });
    heading.focus();

    await user.keyboard('{Escape}');

    expect(heading).toHaveFocus();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes after a link chosen in it and puts focus on the new screen’s heading', async () => {
    const { user, menuButton } = renderHeader();
    await user.click(menuButton());
    expect(document.querySelector('main')).toHaveAttribute('inert');

    await user.click(screen.getByRole('link', { name: en['header.login_business'] }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Log in as a business' });
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(document.querySelector('main')).not.toHaveAttribute('inert');
    expect(heading).toHaveFocus();
  });
});

const tables: Record<Language, Texts> = { nb, nn, en };

function renderHeaderIn(language: Language) {
  const router = createMemoryRouter([{ path: '*', Component: Header }], { initialEntries: ['/logout'] });
  render(
    <I18nProvider language={language} texts={tables[language]}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

describe('the header logo', () => {
  it.each(['nb', 'nn', 'en'] as const)('%s: shows the name Digipost beside the logo, and its accessible name says so', (language) => {
    renderHeaderIn(language);
    const logo = screen.getByRole('link', { name: tables[language]['header.logo'] });
    // The picture: Hedwig's logo drawn in CSS, with the service's name as text beside it.
    expect(logo).toHaveClass('hds-navbar__logo-and-service-text');
    expect(logo).toHaveTextContent(/^Digipost$/);
    // What a person sees is in what a screen reader says (WCAG 2.5.3, label in name), first.
    expect(tables[language]['header.logo'].startsWith(`${logo.textContent} – `)).toBe(true);
    expect(logo).toHaveAttribute('href', language === 'nb' ? '/' : `/${language}`);
  });
});
