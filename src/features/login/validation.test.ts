import { describe, expect, it } from 'vitest';
import { fieldMessage, isValidNationalId, normaliseNationalId } from './validation';

describe('fieldMessage', () => {
  const message = (typed: string) => {
    const value = normaliseNationalId(typed);
    return fieldMessage(value, isValidNationalId(value), 'empty', 'invalid');
  };

  it('nothing typed (or only spaces) is empty, not invalid', () => {
    expect(message('')).toBe('empty');
    expect(message('   ')).toBe('empty');
  });

  it('something of the wrong form is invalid', () => {
    for (const typed of ['0', '0181701005', '018170100555', '0181701005x', 'abc']) expect(message(typed), typed).toBe('invalid');
  });

  it('a valid value has no message', () => {
    expect(message('01817010055')).toBeUndefined();
    expect(message('018170 10055')).toBeUndefined();
  });
});
