import { describe, expect, it } from 'vitest';
import { isFollowableLocation, isSameSitePath } from './redirect-targets';

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
  'https:evil.example',
  'https://user:pass@evil.example/',
  '',
  '/'.padEnd(5000, 'a'),
];

describe('isSameSitePath', () => {
  it.each([
    ['/innlogging/', true],
    ['/postkasse/?a=b', true],
    ['/innlogging/%2F%2Fevil.example', true],
    ['/innlogging/%0d%0a', true],
  ])('%j is a path on this site: %s', (value, expected) => {
    expect(isSameSitePath(value)).toBe(expected);
  });

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
