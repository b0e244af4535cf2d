import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { nb, type TextKey } from '../i18n/nb';
import { nn } from '../i18n/nn';
import { ErrorSummary } from './error-summary';

/**
 * The titles of the forms' summaries: the login form's and the reset wizard's. Their own tests find
 * each summary by this title as a person sees it (password-login-form.test.tsx, reset-wizard.test.tsx).
 */
const login: TextKey = 'login.error_summary';
const reset: TextKey = 'reset.error_summary';

describe('ErrorSummary', () => {
  it('is headed by its title and links each problem to its field', () => {
    render(<ErrorSummary title="Rett opp dette for å logge inn:" errors={[{ fieldId: 'a', message: 'Skriv inn fødselsnummeret ditt' }]} attempt={1} />);
    const heading = screen.getByRole('heading', { level: 2, name: 'Rett opp dette for å logge inn:' });
    expect(within(heading.parentElement!).getByRole('link', { name: 'Skriv inn fødselsnummeret ditt' })).toHaveAttribute('href', '#a');
  });

  it('says nothing when nothing is wrong', () => {
    const { container } = render(<ErrorSummary title="x" errors={[]} attempt={0} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('the login form and the reset wizard each have a title that says what it is for, in every language', () => {
    for (const table of [nb, nn, en]) {
      expect(table[reset]).not.toBe(table[login]);
      // Only the login form's summary is about logging in.
      expect(table[reset]).not.toMatch(/logge inn|log in/i);
    }
  });
});
