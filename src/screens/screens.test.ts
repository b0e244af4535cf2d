import { readdirSync } from 'node:fs';
import path from 'node:path';
import { matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { parseAppLocation, routerBasename } from '../config/routes';
import { appRoutes } from '../app/router';
import { redact } from '../features/analytics/redact';
import { scrub } from '../features/error-reporting/error-reporting';
import { itAnswers } from '../test-support/answers';
import {
  carriesSecret,
  headerAt,
  headerByPathRule,
  isKnownScreenPath,
  pathOf,
  prerenderedPaths,
  screenAt,
  screenManifest,
  screenModules,
  standIns,
  type Screen,
  type ScreenName,
} from './screens';

const screens = Object.entries(screenManifest) as [ScreenName, Screen][];

/** Paths that probe the matcher: every screen's own with a sample for each parameter, and the odd ones. */
const probes = [
  ...screens.map(([, screen]) => screen.path.replace(/:\w+/g, 'AbCdEf123456').replace('*', 'no/such')),
  '',
  '/',
  'business/',
  'business//',
  'BUSINESS',
  'Logout',
  '//business',
  'business/x',
  'epost-verifisering/',
  'epost-verifisering/fullfort/',
  'epost-verifisering/x',
  'mobileLogin/abc',
  'mobileLogin//password',
  'mobileLogin/a%2Fb/password',
  'mobileLogin/%E0/password',
  'mobileLogin/abc/password/extra',
  'mobileRedirect/no.digipost%3A%2F%2Fx',
  'a%',
  '/business',
  '/mobileLogin/abcdefgh12/password',
  'mobile%4Cogin/T/password',
  'mobileLogin/%E0/passwor%64',
  'epost-verifisering//',
];

describe('the screen manifest', () => {
  it('names exactly the files in src/routes/: every module exists, and routes/ holds nothing else', () => {
    const files = readdirSync(path.resolve(import.meta.dirname, '../routes')).filter((file) => !file.endsWith('.test.tsx'));
    const named = new Set(screens.flatMap(([, screen]) => screenModules(screen)).map((module) => path.basename(module)));
    expect([...named].sort()).toEqual(files.sort());
  });

  it('names secret parameters the screen has (path parameters) or that are query parameters', () => {
    for (const [name, screen] of screens) {
      for (const parameter of screen.secretParams ?? []) {
        if (!parameter.startsWith('?')) expect(screen.path.split('/'), name).toContain(`:${parameter}`);
      }
    }
  });

  it('prerenders screens with at most one parameter, for a stand-in value', () => {
    const paths = prerenderedPaths();
    expect(paths).toContain('');
    expect(paths).toContain('business');
    expect(paths).toContain(standIns.rest);
    expect(paths).toContain(`mobileLogin/${standIns.parameter}/password`);
    expect(paths).not.toContain('admin');
    for (const [name, screen] of screens) {
      if (screen.prerendered) expect((screen.path.match(/:/g) ?? []).length, name).toBeLessThanOrEqual(1);
    }
  });
});

describe('screenAt', () => {
  it('finds the screen of a path, fixed segments before parameters, the rest not found', () => {
    expect(screenAt('').name).toBe('privateLogin');
    expect(screenAt('business/').name).toBe('business');
    // //business in the URL: not a screen, for the browser's router either.
    expect(screenAt('/business').name).toBe('notFound');
    expect(screenAt('epost-verifisering/').name).toBe('emailVerification');
    expect(screenAt('epost-verifisering/fullfort').name).toBe('emailVerificationDone');
    expect(screenAt('mobileLogin/AbC123/password')).toMatchObject({ name: 'mobilePasswordLogin', params: { token: 'AbC123' } });
    expect(screenAt('mobileLogin/AbC123/idporten4')).toMatchObject({ name: 'mobileEidLogin', params: { token: 'AbC123', idportenLevel: 'idporten4' } });
    expect(screenAt('no/such/page').name).toBe('notFound');
    expect(isKnownScreenPath('logout/')).toBe(true);
    expect(isKnownScreenPath('no-such-page')).toBe(false);
  });

  it('reads letter case as the browser does (not at all), and a malformed escape without throwing', () => {
    expect(screenAt('BUSINESS').name).toBe('business');
    expect(screenAt('mobileLogin/%E0/password')).toMatchObject({ name: 'mobilePasswordLogin', params: { token: '%E0' } });
    expect(screenAt('a%').name).toBe('notFound');
  });

  it.each(probes)('agrees with the browser router on /innlogging/%s', (probe) => {
    // As the server reads a request (the path as it came) and as the browser's router reads window.location.
    const pathname = `/innlogging/${probe}`;
    const location = parseAppLocation(pathname)!;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const leaf = matchRoutes(appRoutes, pathname, routerBasename(location))?.at(-1);
    warn.mockRestore();
    expect(screenAt(location.relativePath).name).toBe(leaf?.route.id);
  });
});

describe('pathOf', () => {
  it('gives a screen path relative to the basename, its parameters encoded', () => {
    expect(pathOf('privateLogin')).toBe('/');
    expect(pathOf('business')).toBe('/business');
    expect(pathOf('emailVerificationDone')).toBe('/epost-verifisering/fullfort');
    expect(pathOf('mobileEidLogin', { token: 'a/b c', idportenLevel: 'idporten3' })).toBe('/mobileLogin/a%2Fb%20c/idporten3');
  });

  it('leads back to the same screen for every screen', () => {
    for (const [name, screen] of screens) {
      if (screen.path === '*') continue;
      const params = Object.fromEntries((screen.path.match(/:\w+/g) ?? []).map((parameter) => [parameter.slice(1), 'x/y?z']));
      expect(screenAt((pathOf as (name: ScreenName, params?: Record<string, string>) => string)(name, params).slice(1)).name).toBe(name);
    }
  });
});

describe('what follows from a screen', () => {
  itAnswers(headerAt, 'the header on %j: %s', [
    ['', 'offers-business'],
    ['timeout', 'offers-business'],
    ['loginError', 'offers-business'],
    ['no/such', 'offers-business'],
    ['business', 'offers-private'],
    ['epost-verifisering/fullfort', 'offers-private'],
    ['logout', 'no-toggle'],
    ['mobileLogout/x', 'no-toggle'],
    ['mobileSuccessWithIDportenLogout/x', 'no-toggle'],
    ['mobileLogin/abc/password', 'none'],
    ['mobileSuccess/abc', 'offers-business'],
    // Paths no screen owns: SPEC §2's rule as written.
    ['mobileLogin/abc', 'none'],
    ['logout/x', 'no-toggle'],
    ['business/x', 'offers-private'],
    ['epost-verifisering/x', 'offers-private'],
  ]);

  it("gives every screen the header SPEC §2's path rule gives its path", () => {
    for (const [name, screen] of screens) {
      const sample = screen.path.replace(/:\w+/g, 'AbCdEf123456').replace('*', 'no/such');
      expect(screen.header, name).toBe(headerByPathRule(sample));
    }
  });

  it('knows which pages carry a secret', () => {
    expect(carriesSecret('mobileLogin/abc/password')).toBe(true);
    expect(carriesSecret('MOBILESUCCESS/abc')).toBe(true);
    expect(carriesSecret('mobileRedirect/x')).toBe(true);
    expect(carriesSecret('epost-verifisering')).toBe(true);
    expect(carriesSecret('epost-verifisering/fullfort')).toBe(false);
    expect(carriesSecret('business')).toBe(false);
  });

  it('redacts every secret path parameter in analytics and error reports, in any letter case', () => {
    const secret = 'Hemmelig-Verdi-123';
    for (const [name, screen] of screens) {
      const pathParams = (screen.secretParams ?? []).filter((parameter) => !parameter.startsWith('?'));
      if (pathParams.length === 0) continue;
      const template = `/innlogging/${screen.path.replace(/:(\w+)/g, (_, parameter: string) => (pathParams.includes(parameter) ? '\u0000' : 'idporten3'))}`;
      for (const url of [template, template.toUpperCase()].map((text) => text.replace('\u0000', secret))) {
        expect(redact(url), `${name} ${url}`).not.toContain(secret);
        expect(scrub(url), `${name} ${url}`).not.toContain(secret);
      }
    }
  });
});
