import { describe, expect, it } from 'vitest';
import { clock, dateAndTime, dateOf, timeOf } from './time';

// 28 November 2026, 01:56 UTC: 02:56 in Oslo (winter time).
const at = '2026-11-28T01:56:00Z';
const oslo = 'Europe/Oslo';

describe('times as each language writes them (docs/terms.md)', () => {
  it('Norwegian with a full stop, English with a colon', () => {
    expect(clock(14, 5, 'nb')).toBe('14.05');
    expect(clock('9', '0', 'nn')).toBe('09.00');
    expect(clock(14, 5, 'en')).toBe('14:05');
    expect(timeOf(at, 'nb', oslo)).toBe('02.56');
    expect(timeOf(at, 'nn', oslo)).toBe('02.56');
    expect(timeOf(at, 'en', oslo)).toBe('02:56');
  });

  it('a 24-hour clock, midnight as 00', () => {
    expect(timeOf('2026-11-27T23:00:00Z', 'nb', oslo)).toBe('00.00');
    expect(timeOf('2026-11-28T12:30:00Z', 'en', oslo)).toBe('13:30');
  });

  it('the date with its time: "kl." in Norwegian, nn with Bokmål’s month names', () => {
    expect(dateOf(at, 'nb', oslo)).toBe('28. november 2026');
    expect(dateAndTime(at, 'nb', oslo)).toBe('28. november 2026 kl. 02.56');
    expect(dateAndTime(at, 'nn', oslo)).toBe('28. november 2026 kl. 02.56');
    expect(dateAndTime(at, 'en', oslo)).toBe('28 November 2026 at 02:56');
  });
});
