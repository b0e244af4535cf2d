import { describe, expect, it } from 'vitest';
import { en } from './en';
import { nb, type TextKey, type Texts } from './nb';
import { nn } from './nn';

/**
 * One name per destination (issue #18, docs/decisions/014): every text that names a way to the same
 * login reads the same, per language, so a person never wonders whether "Logg inn som virksomhet" and
 * "Til innlogging for bedrifter" lead to different places. The business login is also named as the page
 * it leads to is headed.
 */
const destinations: Record<string, TextKey[]> = {
  'business login': ['header.login_business', 'logout.login_business', 'error.back_business', 'business.heading'],
  'private login': ['header.login_private', 'logout.login_private', 'error.back_private'],
};

const tables: Record<string, Texts> = { nb, nn, en };

describe('names of destinations', () => {
  for (const [language, table] of Object.entries(tables)) {
    it.each(Object.entries(destinations))(`${language}: every text naming the %s is the same`, (_, keys) => {
      const names = keys.map((key) => `${key}: ${table[key]}`);
      expect(new Set(keys.map((key) => table[key])).size, names.join('\n')).toBe(1);
    });

    it(`${language}: private and business login have different names`, () => {
      expect(table['header.login_private']).not.toBe(table['header.login_business']);
    });
  }

  it('uses the names chosen in decision 014', () => {
    expect([nb['header.login_private'], nb['header.login_business']]).toEqual(['Logg inn som privatperson', 'Logg inn som bedrift']);
    expect([nn['header.login_private'], nn['header.login_business']]).toEqual(['Logg inn som privatperson', 'Logg inn som bedrift']);
    expect([en['header.login_private'], en['header.login_business']]).toEqual(['Log in as an individual', 'Log in as a business']);
  });
});
