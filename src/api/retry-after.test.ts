import { describe, expect, it } from 'vitest';
import { limits } from '../config/limits';
import { parseRetryAfter } from './retry-after';

describe('parseRetryAfter', () => {
  it.each([
    ['60', 60],
    ['1', 1],
    ['3600', 3600],
    [' 240 ', 240],
    ['0', 0],
    [String(limits.retryAfterMaxSeconds), limits.retryAfterMaxSeconds],
  ])('reads delta-seconds %j as %s', (value, seconds) => {
    expect(parseRetryAfter(value)).toBe(seconds);
  });

  it.each([null, undefined, '', '   '])('has no wait without a header (%j)', (value) => {
    expect(parseRetryAfter(value)).toBeUndefined();
  });

  it.each(['soon', '12abc', '-5', '1.5', '1e3', '0x10', '60 seconds', 'NaN', 'Infinity', '2025-01-01'])('ignores garbage %j', (value) => {
    expect(parseRetryAfter(value)).toBeUndefined();
  });

  it.each([String(limits.retryAfterMaxSeconds + 1), '99999999999', '1'.repeat(400)])('does not believe a huge wait %j', (value) => {
    expect(parseRetryAfter(value)).toBeUndefined();
  });

  it('reads an HTTP-date as the seconds until then, rounded up, never below 0', () => {
    const now = Date.parse('Tue, 03 Jun 2025 10:00:00 GMT');
    expect(parseRetryAfter('Tue, 03 Jun 2025 10:04:00 GMT', now)).toBe(240);
    expect(parseRetryAfter('Tue, 03 Jun 2025 10:00:01 GMT', now - 500)).toBe(2);
    expect(parseRetryAfter('Tue, 03 Jun 2025 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('Wed, 04 Jun 2025 10:00:01 GMT', now)).toBeUndefined();
    expect(parseRetryAfter('Tue, 33 Jun 2025 10:04:00 GMT', now)).toBeUndefined();
  });
});
