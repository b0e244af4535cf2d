/** The footer (SPEC §2) and its minimal form on the app's pages (issue #19, docs/decisions/018). */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { I18nProvider } from '../i18n/i18n-context';
import { groupAt } from '../screens/screens';
import { itAnswers } from '../test-support/answers';
import { SiteFooter } from './footer';

function renderFooter(minimal: boolean) {
  render(
    <MemoryRouter>
      <I18nProvider language="en" texts={en}>
        <SiteFooter minimal={minimal} />
      </I18nProvider>
    </MemoryRouter>,
  );
  const footer = screen.getByRole('contentinfo');
  const links = [...footer.querySelectorAll('a')].map((link) => link.textContent);
  const headings = [...footer.querySelectorAll('h2')].map((heading) => heading.textContent);
  return { links, headings };
}

describe('footer', () => {
  it('in full on the web pages: business, partner and social links too', () => {
    const { links, headings } = renderFooter(false);
    expect(links).toEqual(expect.arrayContaining([en['footer.privacy'], en['footer.business_prices'], en['footer.partner_program'], 'LinkedIn']));
    expect(headings).toContain(en['footer.social']);
  });

  it('links the accessibility statement on every page, web and app alike (issue #37)', () => {
    for (const minimal of [false, true]) {
      renderFooter(minimal);
      expect(screen.getByRole('link', { name: en['footer.accessibility'] })).toHaveAttribute('href', '/innlogging/en/tilgjengelighet');
      cleanup();
    }
  });

  it("minimal on the app's pages: privacy, terms, cookies, help, status, languages and copyright; no business, partner or social links", () => {
    const { links, headings } = renderFooter(true);
    for (const key of ['footer.privacy', 'footer.terms', 'footer.cookies', 'footer.help_and_contact', 'footer.status_page', 'footer.accessibility'] as const) {
      expect(links).toContain(en[key]);
    }
    expect(links).toEqual(expect.arrayContaining(['Norsk bokmål', 'Norsk nynorsk', 'English']));
    for (const key of ['footer.business_services', 'footer.business_prices', 'footer.gdpr_help', 'footer.partner_program', 'footer.integrations'] as const) {
      expect(links).not.toContain(en[key]);
    }
    expect(links).not.toContain('Facebook');
    expect(headings).not.toContain(en['footer.social']);
    expect(headings).not.toContain(en['footer.business']);
    expect(screen.getByText(/Posten Bring AS/)).toBeVisible();
  });

  // The app's pages are the mobile group, whatever their token; the rest are web.
  itAnswers(groupAt, '%j is in the %s group', [
    ['mobileLogin/AbCdEf123456/password', 'mobile'],
    ['mobileLogin/AbCdEf123456/forgot-password', 'mobile'],
    ['mobileLogin/AbCdEf123456/idporten3', 'mobile'],
    ['mobileSuccess/AbCdEf123456', 'mobile'],
    ['', 'web'],
    ['forgot-password', 'web'],
    ['no/such/page', 'web'],
  ]);
});
