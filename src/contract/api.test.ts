/** Numbers and codes as people type or paste them (WCAG 2.2 3.3.8, issue #37): the digits alone. */
import { describe, expect, it } from 'vitest';
import { digitsOf, isDigits, phoneDigitsOf } from './api';

describe('digitsOf and isDigits: what people put between the digits', () => {
  it.each([
    ['123456', '123456'],
    ['123 456', '123456'],
    [' 123 456 ', '123456'],
    ['123-456', '123456'],
    ['123 - 456', '123456'],
    ['123\u2013456', '123456'], // en dash
    ['123\u2014456', '123456'], // em dash
    ['123\u2010456', '123456'], // hyphen
    ['123\u2011456', '123456'], // non-breaking hyphen
    ['123\u2212456', '123456'], // minus sign
    ['123\u00a0456', '123456'], // no-break space
    ['123\u202f456', '123456'], // narrow no-break space
    ['123\t456\n', '123456'],
  ])('%o is %o', (typed, digits) => {
    expect(digitsOf(typed)).toBe(digits);
    expect(isDigits(typed, 6)).toBe(true);
  });

  it('anything else stays, and fails the rule', () => {
    for (const typed of ['123.456', '123/456', '12345a', '12345', '1234567', '', '---']) expect(isDigits(typed, 6), typed).toBe(false);
  });

  it('a national ID number: 11 digits, grouped as people write it', () => {
    expect(isDigits('018170 10055', 11)).toBe(true);
    expect(isDigits('01 81 70 10 055', 11)).toBe(true);
    expect(isDigits('018170 1005', 11)).toBe(false);
  });
});

describe('phoneDigitsOf: a Norwegian mobile number as people write it', () => {
  it.each([
    ['41234567', '41234567'],
    ['412 34 567', '41234567'],
    ['41 23 45 67', '41234567'],
    ['412-34-567', '41234567'],
    ['+47 412 34 567', '41234567'],
    ['+4741234567', '41234567'],
    [' +47 41234567', '41234567'],
    ['0047 412 34 567', '41234567'],
    ['+47\u00a0412\u00a034\u00a0567', '41234567'],
  ])('%o is %o', (typed, digits) => {
    expect(phoneDigitsOf(typed)).toBe(digits);
    expect(isDigits(phoneDigitsOf(typed), 8)).toBe(true);
  });

  it('the country code only with + or 00 before it, and only Norway’s', () => {
    expect(phoneDigitsOf('47 41 23 45 67')).toBe('4741234567');
    expect(phoneDigitsOf('+46 70 123 45 67')).toBe('+46701234567');
    expect(isDigits(phoneDigitsOf('+46 70 123 45 67'), 8)).toBe(false);
    // Only at the start: a 47 within the number is the number's.
    expect(phoneDigitsOf('412 47 567')).toBe('41247567');
  });
});
