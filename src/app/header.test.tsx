import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { I18nProvider } from '../i18n/i18n-context';
import { en } from '../i18n/en';
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
