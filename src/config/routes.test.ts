import { describe, expect, it } from 'vitest';
import { parseAppLocation, pathInLanguage, routerBasename } from './routes';

describe('parseAppLocation', () => {
  it('reads nb from a path without a language segment', () => {
    expect(parseAppLocation('/innlogging/logout')).toEqual({
      language: 'nb',
      languageSegment: null,
      relativePath: 'logout',
      fallbackPath: null,
      canonicalPath: null,
    });
    expect(parseAppLocation('/innlogging/')?.relativePath).toBe('');
    expect(parseAppLocation('/innlogging')?.language).toBe('nb');
  });

  it('reads nn, en and an explicit nb segment', () => {
    expect(parseAppLocation('/innlogging/en/timeout')).toMatchObject({ language: 'en', languageSegment: 'en', relativePath: 'timeout' });
    expect(parseAppLocation('/innlogging/nn/')).toMatchObject({ language: 'nn', relativePath: '' });
    expect(parseAppLocation('/innlogging/nb/logout')).toMatchObject({ language: 'nb', languageSegment: 'nb' });
  });

  it('falls back to nb at the same screen for any other two-letter segment', () => {
    expect(parseAppLocation('/innlogging/de/logout')).toMatchObject({ language: 'nb', fallbackPath: '/innlogging/logout', canonicalPath: null });
    expect(parseAppLocation('/innlogging/DE/')).toMatchObject({ language: 'nb', fallbackPath: '/innlogging/' });
    expect(parseAppLocation('/innlogging/sv')).toMatchObject({ fallbackPath: '/innlogging/' });
  });

  it('reads nb, nn and en in any letter case as that language, its one address the lower-case segment', () => {
    expect(parseAppLocation('/innlogging/EN/')).toEqual({
      language: 'en',
      languageSegment: 'en',
      relativePath: '',
      fallbackPath: null,
      canonicalPath: '/innlogging/en/',
    });
    const cases: [string, string, string][] = [
      ['/innlogging/EN', 'en', '/innlogging/en'],
      ['/innlogging/En/business', 'en', '/innlogging/en/business'],
      ['/innlogging/eN/logout/', 'en', '/innlogging/en/logout/'],
      ['/innlogging/NN/timeout', 'nn', '/innlogging/nn/timeout'],
      ['/innlogging/Nn//', 'nn', '/innlogging/nn//'],
      ['/innlogging/NB/forgot-password/redirect', 'nb', '/innlogging/nb/forgot-password/redirect'],
      ['/innlogging/nB/mobileLogin/AbC/password', 'nb', '/innlogging/nb/mobileLogin/AbC/password'],
      // The rest of the path as it came, however odd: the segment is all that changes.
      ['/innlogging/EN//evil.example', 'en', '/innlogging/en//evil.example'],
      ['/innlogging/EN/%2e%2e/', 'en', '/innlogging/en/%2e%2e/'],
    ];
    for (const [pathname, language, canonicalPath] of cases) {
      expect(parseAppLocation(pathname), pathname).toMatchObject({ language, languageSegment: language, fallbackPath: null, canonicalPath });
    }
    expect(parseAppLocation('/innlogging/En/business')?.relativePath).toBe('business');
    expect(parseAppLocation('/innlogging/en/business')?.canonicalPath).toBeNull();
  });

  it('reads a longer first segment that starts with a language as a screen path in nb', () => {
    expect(parseAppLocation('/innlogging/ENx/logout')).toMatchObject({ language: 'nb', relativePath: 'ENx/logout', fallbackPath: null, canonicalPath: null });
    expect(parseAppLocation('/innlogging/English')).toMatchObject({ language: 'nb', canonicalPath: null });
  });

  it('treats longer first segments as screen paths in nb', () => {
    expect(parseAppLocation('/innlogging/business')).toMatchObject({ language: 'nb', relativePath: 'business', fallbackPath: null });
  });

  it('returns null outside the base', () => {
    expect(parseAppLocation('/postkasse/')).toBeNull();
    expect(parseAppLocation('/innloggingX')).toBeNull();
  });
});

describe('routes', () => {
  it('gives the router basename with the language segment', () => {
    expect(routerBasename(parseAppLocation('/innlogging/en/logout')!)).toBe('/innlogging/en');
    expect(routerBasename(parseAppLocation('/innlogging/logout')!)).toBe('/innlogging');
  });

  it('swaps the language segment, nb without one', () => {
    expect(pathInLanguage('/innlogging/logout/', 'en')).toBe('/innlogging/en/logout/');
    expect(pathInLanguage('/innlogging/en/timeout', 'nn')).toBe('/innlogging/nn/timeout');
    expect(pathInLanguage('/innlogging/en/timeout', 'nb')).toBe('/innlogging/timeout');
    expect(pathInLanguage('/innlogging/en', 'nb')).toBe('/innlogging/');
  });
});
