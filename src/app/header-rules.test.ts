import { describe, expect, it } from 'vitest';
import { loginToggleFor, showsHeader } from './header-rules';

describe('header rules', () => {
  it.each([
    ['/', 'business'],
    ['/timeout', 'business'],
    ['/loginError', 'business'],
    ['/business', 'private'],
    ['/epost-verifisering/fullfort', 'private'],
    ['/logout', null],
    ['/mobileLogout/x', null],
  ])('the toggle on %s offers %s', (path, offer) => {
    expect(loginToggleFor(path)).toBe(offer);
  });

  it('hides the header on mobileLogin/ paths only', () => {
    expect(showsHeader('/mobileLogin/abc/password')).toBe(false);
    expect(showsHeader('/mobileSuccess/abc')).toBe(true);
    expect(showsHeader('/')).toBe(true);
  });
});
