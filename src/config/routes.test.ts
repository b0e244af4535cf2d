import { describe, expect, it } from 'vitest';
import { parseAppLocation, pathInLanguage, routerBasename } from './routes';

describe('parseAppLocation', () => {
  it('reads nb from a path without a language segment', () => {
    expect(parseAppLocation('/innlogging/logout')).toEqual({
      language: 'nb',
      languageSegment: null,
      relativePath: 'logout',
      fallbackPath: null,
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
    expect(parseAppLocation('/innlogging/de/logout')).toMatchObject({ language: 'nb', fallbackPath: '/innlogging/logout' });
    expect(parseAppLocation('/innlogging/EN/')).toMatchObject({ language: 'nb', fallbackPath: '/innlogging/' });
    expect(parseAppLocation('/innlogging/sv')).toMatchObject({ fallbackPath: '/innlogging/' });
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
