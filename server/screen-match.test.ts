// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { screenAt } from '../src/screens/screens';
import { carriesSecretAt, screenAtPath } from './screen-match';

describe('the server screen match, remembered per path', () => {
  it('answers exactly as screenAt, the first time and the next', () => {
    for (const path of ['', 'business', 'TIMEOUT/', 'mobileLogin/abcdefgh12345678/password', '//business', '%E0%A4%A', 'no/such/page']) {
      expect(screenAtPath(path)).toEqual(screenAt(path));
      expect(screenAtPath(path)).toEqual(screenAt(path));
    }
    expect(carriesSecretAt('mobileSuccess/abcdefgh12345678')).toBe(true);
    expect(carriesSecretAt('timeout')).toBe(false);
  });

  it('keeps answering right past its limit of remembered paths (made-up paths cost no memory)', () => {
    for (let i = 0; i < 2500; i++) expect(screenAtPath(`made-up-${i}`).name).toBe('notFound');
    expect(screenAtPath('business').name).toBe('business');
    expect(screenAtPath('mobileLogout/x').name).toBe('mobileLogout');
  });
});
