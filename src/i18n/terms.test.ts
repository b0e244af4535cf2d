/**
 * One word per concept (issue #50): every text of every layer (page/, later/, reset/, passkeys/, statement/), in each language, uses
 * none of the forms docs/terms.md rejects, but for the exceptions named there per key. The tables of
 * docs/terms.md are read here, so the document and the test cannot disagree.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Language } from '../contract/languages';
import { enLater } from './later/en';
import { nbLater } from './later/nb';
import { nnLater } from './later/nn';
import { enPage } from './page/en';
import { nbPage } from './page/nb';
import { nnPage } from './page/nn';
import { enPasskeys } from './passkeys/en';
import { nbPasskeys } from './passkeys/nb';
import { nnPasskeys } from './passkeys/nn';
import { enReset } from './reset/en';
import { nbReset } from './reset/nb';
import { nnReset } from './reset/nn';
import { enStatement } from './statement/en';
import { nbStatement } from './statement/nb';
import { nnStatement } from './statement/nn';

const languages: Language[] = ['nb', 'nn', 'en'];
const layers: Record<Language, Record<string, Record<string, string>>> = {
  nb: { page: nbPage, later: nbLater, reset: nbReset, passkeys: nbPasskeys, statement: nbStatement },
  nn: { page: nnPage, later: nnLater, reset: nnReset, passkeys: nnPasskeys, statement: nnStatement },
  en: { page: enPage, later: enLater, reset: enReset, passkeys: enPasskeys, statement: enStatement },
};

const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'terms.md'), 'utf8');

/** The rows of every table whose header starts with `first`, as cells. */
function tableRows(first: string): string[][] {
  const rows: string[][] = [];
  let inTable = false;
  for (const line of doc.split('\n')) {
    if (!line.startsWith('|')) {
      inTable = false;
      continue;
    }
    const cells = line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim());
    if (cells[0] === first) inTable = true;
    else if (inTable && !/^-+$/.test(cells[0] ?? '')) rows.push(cells);
  }
  return rows;
}

const list = (cell: string) =>
  cell === '—'
    ? []
    : cell
        .split(',')
        .map((form) => form.trim())
        .filter(Boolean);

/** Rejected forms per language, each with the concept it belongs to. */
const rejected: Record<Language, { form: string; concept: string }[]> = { nb: [], nn: [], en: [] };
for (const [concept, , , , nb, nn, en] of tableRows('Concept')) {
  for (const [language, cell] of [
    ['nb', nb],
    ['nn', nn],
    ['en', en],
  ] as const) {
    for (const form of list(cell ?? '')) rejected[language].push({ form, concept: concept as string });
  }
}

interface Exception {
  key: string;
  language: Language;
  form: string;
}
const exceptions: Exception[] = tableRows('Key').map(([key, language, form]) => ({ key, language, form }) as Exception);

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A whole word or phrase, any case; a trailing * takes any ending. */
function pattern(form: string): RegExp {
  const prefix = form.endsWith('*');
  const words = (prefix ? form.slice(0, -1) : form).split(/\s+/).map(escapeRegExp).join('\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${words}${prefix ? '\\p{L}*' : ''}(?![\\p{L}\\p{N}])`, 'iu');
}

/** What a person can read of a template: placeholders' names out, a plural's words kept. */
const readable = (template: string) => template.replace(/#\{\w+\}/g, ' ').replace(/N\{\w+,/g, ' ');

function findings(language: Language) {
  const found: string[] = [];
  const used = new Set<Exception>();
  for (const [layer, table] of Object.entries(layers[language])) {
    for (const [key, template] of Object.entries(table)) {
      const words = readable(template);
      for (const { form, concept } of rejected[language]) {
        const match = pattern(form).exec(words);
        if (!match) continue;
        const exception = exceptions.find((item) => item.key === key && item.language === language && item.form === form);
        if (exception) {
          used.add(exception);
          continue;
        }
        found.push(`${layer} ${key}: "${match[0]}" (${concept}; rejected "${form}")`);
      }
    }
  }
  return { found, used };
}

describe('the term list (docs/terms.md)', () => {
  it('has its tables: concepts with rejected forms in each language, and exceptions with a reason', () => {
    for (const language of languages) expect(rejected[language].length, language).toBeGreaterThan(5);
    for (const row of tableRows('Key')) expect(row[3], `the reason for ${row[0]}`).toMatch(/\w{3}/);
  });

  it.each(languages)('%s: no text uses a rejected form', (language) => {
    expect(findings(language).found).toEqual([]);
  });

  it('every exception is still needed', () => {
    const used = new Set(languages.flatMap((language) => [...findings(language).used]));
    expect(exceptions.filter((exception) => !used.has(exception))).toEqual([]);
  });

  it('matches whole words only, in any case', () => {
    expect(pattern('ikke').test('ikkje')).toBe(false);
    expect(pattern('ikke').test('Det går Ikke.')).toBe(true);
    expect(pattern('sign in').test('a sign-in')).toBe(false);
    expect(pattern('virksomhet*').test('Registrer virksomheten')).toBe(true);
    expect(pattern('gong').test('eingongskode')).toBe(false);
    expect(readable('#{count} N{count,gong,gongar}')).toContain('gongar');
  });
});
