import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { nb, type TextKey } from '../i18n/nb';
import { nn } from '../i18n/nn';
import { ErrorSummary } from './error-summary';

const sourceRoot = path.resolve(import.meta.dirname, '..');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [full] : [];
  });
}

/** Every use of the summary in the app, with the text key of its title. */
const uses = sourceFiles(sourceRoot).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/<ErrorSummary\s+title=\{t\('([\w.]+)'\)\}/g)].map((match) => ({
    file: path.relative(sourceRoot, file),
    key: match[1] as TextKey,
  })),
);

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

  it('each use has a title of its own that says what it is for, in every language', () => {
    expect(uses.map((use) => use.file).sort()).toEqual(['features/login/password-login-form.tsx', 'features/password-reset/steps/step-parts.tsx']);
    for (const table of [nb, nn, en]) {
      const titles = uses.map((use) => table[use.key]);
      expect(new Set(titles).size, titles.join(' | ')).toBe(uses.length);
    }
    // Only the login form's summary is about logging in.
    for (const use of uses.filter((each) => !each.file.includes('login/'))) {
      expect(`${nb[use.key]} ${nn[use.key]} ${en[use.key]}`, use.file).not.toMatch(/logge inn|log in/i);
    }
  });
});
