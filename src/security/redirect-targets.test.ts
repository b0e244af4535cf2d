import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itAnswers } from '../test-support/answers';
import { followableLocation, isFollowableLocation, isSameSitePath, sameSitePath } from './redirect-targets';

/** What an attacker tries to slip into a redirect target (issue #9). */
const hostile = [
  'https://evil.example/',
  'http://evil.example/',
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '/x\r\nSet-Cookie: a=b',
  '/x%0d%0aSet-Cookie: a=b\n',
  '/\t/evil.example',
  '/%2F%2Fevil.example',
  '/%2f/evil.example',
  '/%5Cevil.example',
  '/innlogging/%2F%2Fevil.example',
  '/innlogging/%0d%0a',
  '/a/..//evil.example/',
  '/.//evil.example',
  '/%2e%2e//evil.example',
  '/innlogging/..//evil.example',
  '/%252f%252fevil.example',
  '/\uff0f\uff0fevil.example',
  '/innlogging/\u2024\u2024//evil.example',
  '/x\ud800',
  '/innlogging/ ',
  'https:evil.example',
  'https://user:pass@evil.example/',
  '',
  '/'.padEnd(5000, 'a'),
];

describe('isSameSitePath', () => {
  itAnswers(isSameSitePath, '%j is a path on this site: %s', [
    ['/innlogging/', true],
    ['/postkasse/?a=b', true],
    ['/innlogging/a//b', true],
    ['/innlogging/.well-known', true],
  ]);

  it.each(hostile)('refuses %j', (value) => {
    expect(isSameSitePath(value)).toBe(false);
  });
});

describe('isFollowableLocation', () => {
  const page = 'http://localhost:3000';

  it('follows a path of ours, an https identity provider, and plain http only to the page itself', () => {
    expect(isFollowableLocation('/dev/idporten?request=abc', page)).toBe(true);
    expect(isFollowableLocation('https://login.idporten.no/authorize?x=1', page)).toBe(true);
    expect(isFollowableLocation('http://localhost:3000/dev/broker', page)).toBe(true);
    expect(isFollowableLocation('http://localhost:3001/dev/broker', page)).toBe(false);
  });

  it.each(hostile.filter((value) => !value.startsWith('https://evil') && !value.startsWith('https://user')))('refuses %j', (value) => {
    expect(isFollowableLocation(value, page)).toBe(false);
  });

  it('refuses credentials in the URL even over https', () => {
    expect(isFollowableLocation('https://user:pass@login.idporten.no/', page)).toBe(false);
  });
});

describe('sameSitePath: parse, then decide; never repair', () => {
  it('answers what it accepts in the form the parser serialises: percent-encoded, query and fragment kept', () => {
    expect(sameSitePath('/innlogging/')).toBe('/innlogging/');
    expect(sameSitePath('/innlogging/\u0109?q=\u00e5&next=%2F#top')).toBe('/innlogging/%C4%89?q=%C3%A5&next=%2F#top');
    expect(sameSitePath('/postkasse/?login-successful=true')).toBe('/postkasse/?login-successful=true');
  });

  it('refuses dot segments rather than resolving them, also with path parameters', () => {
    expect(sameSitePath('/innlogging/../postkasse/')).toBeNull();
    expect(sameSitePath('/innlogging/./')).toBeNull();
    expect(sameSitePath('/a/..;//evil.example')).toBeNull();
    expect(sameSitePath('/innlogging/..%3B//evil.example')).toBeNull();
  });

  it('refuses look-alikes however they arrive: typed, or percent-encoded as a browser sends them', () => {
    for (const value of [
      '/\uff0f\uff0fevil.example',
      '/%EF%BC%8F%EF%BC%8Fevil.example',
      '/%EF%BC%8E%EF%BC%8E//evil.example',
      '/%EF%BC%BCevil.example',
      '/%25EF%25BC%258F%25EF%25BC%258Fevil',
    ]) {
      expect(sameSitePath(value), value).toBeNull();
    }
  });

  it('accepts only what still fits the limit once encoded, so a stored value passes again unchanged', () => {
    const long = `/innlogging/${'\u00e5'.repeat(340)}`;
    expect(long.length).toBeLessThan(2048);
    expect(sameSitePath(long)).toBeNull();
    const fits = `/innlogging/${'\u00e5'.repeat(300)}`;
    expect(sameSitePath(sameSitePath(fits))).toBe(sameSitePath(fits));
  });

  it('follows an http Location only to the page itself, its path checked as written', () => {
    const page = 'http://localhost:3000';
    expect(followableLocation('http://localhost:3000/dev/broker?request=a', page)).toBe('http://localhost:3000/dev/broker?request=a');
    expect(followableLocation('http://localhost:3000/a/..//evil.example', page)).toBeNull();
    expect(followableLocation('https://login.idporten.no/authorize?x=1', page)).toBe('https://login.idporten.no/authorize?x=1');
  });

  /** Pieces an attacker (or a browser's normalisation) puts together. */
  const pieces = [
    '/',
    '//',
    '\\',
    '.',
    '..',
    ';',
    '%3b',
    '%EF%BC%8F',
    '%EF%BC%8E',
    '%E2%80%A4',
    '%2e',
    '%2E',
    '%2f',
    '%2F',
    '%5c',
    '%5C',
    '%25',
    '%252f',
    '%0d',
    '%0a',
    '%00',
    '%09',
    'evil.example',
    'innlogging',
    'postkasse',
    'a',
    '@',
    ':',
    'https:',
    'javascript:',
    '?',
    '#',
    '&',
    '=',
    ';',
    ' ',
    '\t',
    '\n',
    '\r',
    '\u0000',
    '\u007f',
    '\u0085',
    '\u00a0',
    '\u2028',
    '\u3000',
    '\u200b',
    '\u202e',
    '\ufeff',
    '\uff0f',
    '\uff3c',
    '\uff0e',
    '\u2024',
    '\u2025',
    '\u2215',
    '\u2044',
    '\ufe68',
    '\u0109',
    '\u00e5',
    '\ud800',
    '\udc00',
    '\u{1f600}',
  ];
  const candidate = fc.oneof(
    fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((parts) => parts.join('')),
    fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((parts) => `/${parts.join('')}`),
    fc.string({ unit: 'grapheme', maxLength: 40 }).map((text) => `/${text}`),
    fc.webUrl().map((url) => url.replace(/^https?:\/\/[^/]+/, '')),
  );
  const origin = 'https://www.digipost.no';

  it('whatever it accepts stays on this origin, means what it says, fits a header, and nothing throws', () => {
    fc.assert(
      fc.property(candidate, (value) => {
        const accepted = sameSitePath(value);
        if (accepted === null) return;
        expect(accepted).toMatch(/^\/[\x21-\x7e]*$/);
        const followed = new URL(accepted, origin);
        expect(followed.origin).toBe(origin);
        expect(followed.pathname.startsWith('//')).toBe(false);
        // A browser given the raw value goes to the same place: nothing was repaired.
        expect(new URL(value, origin).href).toBe(followed.href);
        // Stable: what it emits passes again, unchanged.
        expect(sameSitePath(accepted)).toBe(accepted);
        // A proxy that decodes the path (and folds look-alikes) still finds a path of this site, without
        // dot segments, also with path parameters.
        for (const decoded of [decodeURIComponent(followed.pathname), decodeURIComponent(followed.pathname).normalize('NFKC')]) {
          expect(decoded.startsWith('//') || decoded.includes('\\')).toBe(false);
          expect(decoded.split('/').some((segment) => /^\.\.?(;|$)/.test(segment))).toBe(false);
          expect(new URL(decoded, origin).origin).toBe(origin);
        }
      }),
      { numRuns: Number(process.env.REDIRECT_RUNS ?? 5000) },
    );
    // REDIRECT_RUNS=200000 for a long search (about a minute).
  }, 600_000);

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.oneof(candidate, fc.anything()), (value) => {
        expect(() => sameSitePath(value)).not.toThrow();
        expect(() => followableLocation(value, origin)).not.toThrow();
      }),
      { numRuns: 2000 },
    );
  });
});
