import { describe, expect, it } from 'vitest';
import { AppError } from '../../api/errors';
import { passwordRuleCodes, resetErrorCodes } from '../../contract/api';
import { recommendedPasswordLength } from '../../contract/limits';
import { en } from '../../i18n/en';
import { nb } from '../../i18n/nb';
import { nn } from '../../i18n/nn';
import { passwordRules } from '../password-strength';
import { passwordRuleText, resetWarning } from './reset-errors';

const answer = (apiError: string, statusCode = 400) => new AppError(`HTTP ${statusCode} ${apiError}`, { statusCode, apiError });

describe('the reset catalogue (SPEC §8)', () => {
  it('has its own text for every reset and password-rule code of the contract', () => {
    for (const code of [...resetErrorCodes, ...passwordRuleCodes]) {
      expect(resetWarning(answer(code), 'emailCode').text, code).not.toBe('reset.error.unknown');
    }
  });

  it('gives the text of a password rule the backend refused by, for the password field; nothing for other failures', () => {
    expect(passwordRuleText(answer('PASSWORD_TOO_COMMON'))).toBe('password.too_common');
    expect(passwordRuleText(answer('PASSWORD_NOT_STRONG_ENOUGH'))).toBe('password.not_strong_enough');
    for (const code of passwordRuleCodes) expect(passwordRuleText(answer(code)), code).toBe(resetWarning(answer(code), 'newPassword').text);
    for (const code of [...resetErrorCodes, 'SOMETHING_NEW', '']) expect(passwordRuleText(answer(code)), code).toBeNull();
    expect(passwordRuleText(answer('PASSWORD_TOO_COMMON', 429))).toBeNull();
    expect(passwordRuleText(new Error('PASSWORD_TOO_COMMON'))).toBeNull();
  });

  it("still says SPEC's 'an error has occurred' for any other code, and for no code", () => {
    for (const code of ['SOMETHING_NEW', 'toString', '__proto__', '']) {
      expect(resetWarning(answer(code), 'emailCode').text, code).toBe('reset.error.unknown');
    }
    expect(resetWarning(new Error('x'), 'emailCode').text).toBe('reset.error.unknown');
  });

  it('an unknown code has the header SPEC §8 gives, "An error has occurred", in each language', () => {
    expect(resetWarning(answer('SOMETHING_NEW'), 'emailCode').title).toBe('reset.error.unknown_title');
    expect(en['reset.error.unknown_title']).toBe('An error has occurred');
    expect(nb['reset.error.unknown_title']).toBe('Det har oppstått en feil');
    expect(nn['reset.error.unknown_title']).toBe('Det har oppstått ein feil');
    // The known codes keep the wizard's own header.
    expect(resetWarning(answer('RESET_PASSWORD_FAILED', 500), 'newPassword').title).toBe('reset.warning_title');
  });

  it('TOO_SOON is not "too many times": its own words, with the wait', () => {
    for (const texts of [nb, nn, en]) {
      expect(texts['reset.error.too_soon']).toContain('#{when}');
      expect(texts['reset.error.too_soon']).not.toBe(texts['reset.error.too_many']);
    }
    expect(resetWarning(new AppError('x', { statusCode: 429, apiError: 'RESET_PASSWORD_TOO_SOON', retryAfterSeconds: 42 }), 'identify')).toMatchObject({
      text: 'reset.error.too_soon',
      wait: { count: 1, unit: 'minutes' },
    });
  });

  it('the password guidance and its error say the same numbers: at least 8, 9 recommended, in nb, nn and en', () => {
    expect(passwordRules.minimumLength).toBe(8);
    expect(recommendedPasswordLength).toBe(9);
    for (const texts of [nb, nn, en]) {
      expect(texts['password.guidance']).toMatch(/#\{min\}.*#\{recommended\}/);
      expect(texts['password.not_strong_enough']).toMatch(/\b8\b.*\b9\b/);
    }
  });

  it('the strong-authentication, blocked and limit warnings offer eID', () => {
    for (const code of ['RESET_PASSWORD_DENIED_STRONG_AUTH', 'RESET_PASSWORD_DENIED_BLOCKED']) {
      expect(resetWarning(answer(code, 403), 'identify').offerEid, code).toBe(true);
    }
    expect(resetWarning(answer('RESET_PASSWORD_LIMIT', 429), 'identify').offerEid).toBe(true);
  });

  it('a text above the eID button does not say what eID does there: the button says it (a new password on the web, a login in the app, decision 018)', () => {
    const aboveTheButton = ['reset.error.strong_auth', 'reset.error.blocked', 'reset.error.limit', 'reset.ended.too_many', 'reset.ended.expired'] as const;
    for (const texts of [nb, nn, en]) {
      for (const key of aboveTheButton) {
        expect(texts[key], key).toMatch(/elektronisk ID|electronic ID/);
        expect(texts[key], key).not.toMatch(
          /passord med elektronisk ID|password with electronic ID|elektronisk ID kan du lage|logg inn med elektronisk|log in with electronic/i,
        );
      }
    }
  });
});
