import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { nb } from '../i18n/nb';
import { nn } from '../i18n/nn';
import { screens } from './routes';
import { notFoundPage, screenPageFor, screenPages } from './screen-pages';

const routerSource = readFileSync(path.resolve(import.meta.dirname, '../app/router.tsx'), 'utf8');

describe('screen pages', () => {
  it('name, for every screen, route modules the router really lazy-loads', () => {
    for (const page of [...Object.values(screenPages), notFoundPage]) {
      for (const module of page.modules) {
        const importPath = module.replace(/^src\//, '../').replace(/\.tsx$/, '');
        expect(routerSource, module).toContain(`import('${importPath}')`);
      }
    }
    expect(Object.keys(screenPages).sort()).toEqual(Object.keys(screens).sort());
  });

  it('have title and heading texts in every language', () => {
    for (const page of [...Object.values(screenPages), notFoundPage]) {
      for (const table of [nb, nn, en]) {
        expect(table[page.title]).toBeTruthy();
        expect(table[page.heading]).toBeTruthy();
      }
    }
  });

  it('find the page of a path, fixed paths before patterns, unknown paths to not found', () => {
    expect(screenPageFor('')).toBe(screenPages.privateLogin);
    expect(screenPageFor('business')).toBe(screenPages.business);
    expect(screenPageFor('business/')).toBe(screenPages.business);
    expect(screenPageFor('epost-verifisering/fullfort')).toBe(screenPages.emailVerificationDone);
    expect(screenPageFor('mobileLogin/AbC123/password')).toBe(screenPages.mobilePasswordLogin);
    expect(screenPageFor('mobileLogin/AbC123/idporten4')).toBe(screenPages.mobileEidLogin);
    expect(screenPageFor('no/such/page')).toBe(notFoundPage);
  });
});
