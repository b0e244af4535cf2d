import { describe, expect, it } from 'vitest';
import { AppError } from '../api/errors';
import type { Language } from '../contract/languages';
import { en } from '../i18n/en';
import type { Translate } from '../i18n/i18n-context';
import { nb } from '../i18n/nb';
import { nn } from '../i18n/nn';
import { translate } from '../i18n/translate';
import { waitFromSeconds, waitOf, whenText } from './wait';

function translator(language: Language): Translate {
  return (key, params) =>
    translate({ nb, nn, en }, language, key, params, (message) => {
      throw new Error(message);
    });
}

describe('the wait of a throttled answer', () => {
  it.each([
    [1, 1],
    [59, 1],
    [60, 1],
    [61, 2],
    [180, 3],
    [181, 4],
    [3600, 60],
    [7200, 120],
  ])('%s seconds is %s minutes, rounded up', (seconds, minutes) => {
    expect(waitFromSeconds(seconds)).toEqual({ count: minutes, unit: 'minutes' });
  });

  it.each([
    [7201, 3],
    [3 * 3600, 3],
    [86_340, 24],
    [86_400, 24],
  ])('%s seconds, longer than two hours, is %s whole hours, rounded up', (seconds, hours) => {
    expect(waitFromSeconds(seconds)).toEqual({ count: hours, unit: 'hours' });
  });

  it.each([undefined, 0, -1, Number.NaN, Number.POSITIVE_INFINITY])('names no wait for %s', (seconds) => {
    expect(waitFromSeconds(seconds)).toBeUndefined();
  });

  it('is read only from a 429', () => {
    expect(waitOf(new AppError('x', { statusCode: 429, retryAfterSeconds: 120 }))).toEqual({ count: 2, unit: 'minutes' });
    expect(waitOf(new AppError('x', { statusCode: 429 }))).toBeUndefined();
    expect(waitOf(new AppError('x', { statusCode: 503, retryAfterSeconds: 120 }))).toBeUndefined();
    expect(waitOf(new Error('boom'))).toBeUndefined();
  });
});

describe('the wait in words', () => {
  /** The waits each language's words below are for, in this order: singular and plural of both units. */
  const waits = [
    { count: 1, unit: 'minutes' },
    { count: 4, unit: 'minutes' },
    { count: 1, unit: 'hours' },
    { count: 24, unit: 'hours' },
  ] as const;

  it.each([
    ['nb', ['om 1 minutt', 'om 4 minutter', 'om 1 time', 'om 24 timer']],
    ['nn', ['om 1 minutt', 'om 4 minutt', 'om 1 time', 'om 24 timar']],
    ['en', ['in 1 minute', 'in 4 minutes', 'in 1 hour', 'in 24 hours']],
  ] as const)('%s: 1 and 4 minutes, 1 and 24 hours are %j', (language, words) => {
    expect(waits.map((wait) => whenText(translator(language), wait))).toEqual(words);
  });

  it.each([
    ['nb', 'senere'],
    ['nn', 'seinare'],
    ['en', 'later'],
  ] as const)('%s: no known wait is "%s"', (language, words) => {
    expect(whenText(translator(language), undefined)).toBe(words);
  });

  it.each([
    ['nb', 'igjen om 4 minutter', 'igjen senere'],
    ['nn', 'igjen om 4 minutt', 'igjen seinare'],
    ['en', 'again in 4 minutes', 'again later'],
  ] as const)('%s: the lockout and reset-limit messages name the wait, or say later', (language, withWait, withoutWait) => {
    const t = translator(language);
    for (const key of ['login.throttled', 'reset.error.limit', 'error.throttled'] as const) {
      expect(t(key, { when: whenText(t, { count: 4, unit: 'minutes' }) })).toContain(withWait);
      expect(t(key, { when: whenText(t, undefined) })).toContain(withoutWait);
    }
  });
});
