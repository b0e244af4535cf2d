import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Language } from '../contract/languages';
import { en } from '../i18n/en';
import { I18nProvider } from '../i18n/i18n-context';
import { nb, type Texts } from '../i18n/nb';
import { nn } from '../i18n/nn';
import { Header } from './header';

// The first render of a router pays for the imports: slow on a busy machine, not stuck.
vi.setConfig({ testTimeout: 20_000 });

const tables: Record<Language, Texts> = { nb, nn, en };

function renderHeader(language: Language) {
  const router = createMemoryRouter([{ path: '*', Component: Header }], { initialEntries: ['/logout'] });
  render(
    <I18nProvider language={language} texts={tables[language]}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

describe('the header logo', () => {
  it.each(['nb', 'nn', 'en'] as const)('%s: shows the name Digipost beside the logo, and its accessible name says so', (language) => {
    renderHeader(language);
    const logo = screen.getByRole('link', { name: tables[language]['header.logo'] });
    // The picture: Hedwig's logo drawn in CSS, with the service's name as text beside it.
    expect(logo).toHaveClass('hds-navbar__logo-and-service-text');
    expect(logo).toHaveTextContent(/^Digipost$/);
    // What a person sees is in what a screen reader says (WCAG 2.5.3, label in name), first.
    expect(tables[language]['header.logo'].startsWith(`${logo.textContent} – `)).toBe(true);
    expect(logo).toHaveAttribute('href', language === 'nb' ? '/' : `/${language}`);
  });
});
