import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { I18nProvider } from '../i18n/i18n-context';
import { nb } from '../i18n/nb';
import { nn } from '../i18n/nn';
import { keepHyphenatedWordsWhole } from './hyphenated-words';
import { Page } from './page';

function unbrokenIn(text: string): string[] {
  const { container } = render(<h1>{keepHyphenatedWordsWhole(text)}</h1>);
  const heading = container.querySelector('h1')!;
  // The text reads exactly as written: only wrapped, never changed.
  expect(heading.textContent).toBe(text);
  return [...heading.querySelectorAll('span.unbroken')].map((span) => span.textContent ?? '');
}

describe('keepHyphenatedWordsWhole', () => {
  it('wraps each hyphenated word, and only those', () => {
    expect(unbrokenIn(nb['email_verify.failed_heading'])).toEqual(['e-postadressen']);
    expect(unbrokenIn(nb['forgot.redirecting'])).toEqual(['ID-porten']);
    expect(unbrokenIn(en['reset.dialog_title'])).toEqual(['one-time']);
    expect(unbrokenIn('E-post og BankID-brikke, SMS-koden')).toEqual(['E-post', 'BankID-brikke', 'SMS-koden']);
    expect(unbrokenIn('Tre-i-ett')).toEqual(['Tre-i-ett']);
  });

  it('leaves a text without one as it is, dashes between words too', () => {
    expect(unbrokenIn(nb['login.heading'])).toEqual([]);
    expect(unbrokenIn('Digipost – til forsiden')).toEqual([]);
    expect(unbrokenIn('Alt - eller ingenting -')).toEqual([]);
  });

  it('a page heading keeps its hyphenated words whole', () => {
    const { container } = render(
      <I18nProvider language="nn" texts={nn}>
        <Page title="x" heading={nn['email_verify.done_heading']} bare />
      </I18nProvider>,
    );
    expect(container.querySelector('h1 .unbroken')?.textContent).toBe('e-postadressa');
    expect(container.querySelector('h1')?.textContent).toBe(nn['email_verify.done_heading']);
  });
});
