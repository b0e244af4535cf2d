import { describe, expect, it } from 'vitest';
import { AppError } from '../../api/errors';
import { passwordRuleCodes, resetErrorCodes } from '../../contract/api';
import { resetWarning } from './reset-errors';

const answer = (apiError: string, statusCode = 400) => new AppError(`HTTP ${statusCode} ${apiError}`, { statusCode, apiError });

describe('the reset catalogue (SPEC §8)', () => {
  it('has its own text for every reset and password-rule code of the contract', () => {
    for (const code of [...resetErrorCodes, ...passwordRuleCodes]) {
      expect(resetWarning(answer(code), 'emailCode').text, code).not.toBe('reset.error.unknown');
    }
  });

  it("still says SPEC's 'an error has occurred' for any other code, and for no code", () => {
    for (const code of ['SOMETHING_NEW', 'toString', '__proto__', '']) {
      expect(resetWarning(answer(code), 'emailCode').text, code).toBe('reset.error.unknown');
    }
    expect(resetWarning(new Error('x'), 'emailCode').text).toBe('reset.error.unknown');
  });
});
