import { describe, expect, it } from 'vitest';
import { AppError } from '../../api/errors';
import { loginErrorCode, loginErrorMessage } from './login-error-codes';
import { nb } from '../../i18n/nb';
import { placeholdersOf } from '../../i18n/translate';
import { passwordLoginOutcome, passwordWarningTexts } from './password-login-outcome';
import { isValidLoginPassword, isValidNationalId } from './validation';

describe('login error screen mapping', () => {
  it.each([
    ['loginError', 'IKKE_AUTORISERT', 'login_error.not_registered', false],
    ['loginFailed', 'IKKE_AUTORISERT', 'login_error.no_business_access', true],
    ['loginError', 'KONTO_SUSPENDERT', 'login_error.account_suspended', false],
    ['loginFailed', 'KONTO_SUSPENDERT', 'login_error.account_suspended', false],
    ['loginError', 'SOMETHING_ELSE', 'login_error.generic', false],
    ['loginFailed', null, 'login_error.generic', false],
    ['loginError', '<script>alert(1)</script>', 'login_error.generic', false],
  ] as const)('%s with %s shows %s', (variant, code, body, registerBusiness) => {
    expect(loginErrorMessage(variant, code)).toEqual({ body, registerBusiness });
  });

  it('reads kode first, then idpErrorCode', () => {
    expect(loginErrorCode(new URLSearchParams('kode=A&idpErrorCode=B'))).toBe('A');
    expect(loginErrorCode(new URLSearchParams('idpErrorCode=B'))).toBe('B');
    expect(loginErrorCode(new URLSearchParams(''))).toBeNull();
  });
});

describe('password login outcome', () => {
  it('403 is a wrong password, or a suspended account when the backend says so; anything else an error', () => {
    expect(passwordLoginOutcome(new AppError('x', { statusCode: 403, apiError: 'WRONG_CREDENTIALS' }))).toEqual({ warning: 'wrong' });
    expect(passwordLoginOutcome(new AppError('x', { statusCode: 403 }))).toEqual({ warning: 'wrong' });
    expect(passwordLoginOutcome(new AppError('x', { statusCode: 403, apiError: 'KONTO_SUSPENDERT' }))).toEqual({ warning: 'suspended' });
    expect(passwordLoginOutcome(new AppError('x', { statusCode: 500 }))).toEqual({ warning: 'error' });
    expect(passwordLoginOutcome(new AppError('x', { statusCode: 0, nolog: true }))).toEqual({ warning: 'error' });
    expect(passwordLoginOutcome(new Error('boom'))).toEqual({ warning: 'error' });
  });

  it('any 429 is a throttle, with its wait in whole minutes rounded up when the answer names one', () => {
    const throttled = (details: ConstructorParameters<typeof AppError>[1]) => passwordLoginOutcome(new AppError('x', { statusCode: 429, ...details }));
    expect(throttled({ apiError: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: 60 })).toEqual({ warning: 'throttled', wait: { count: 1, unit: 'minutes' } });
    expect(throttled({ apiError: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: 181 })).toEqual({ warning: 'throttled', wait: { count: 4, unit: 'minutes' } });
    expect(throttled({ apiError: 'TOO_MANY_ATTEMPTS' })).toEqual({ warning: 'throttled' });
    expect(throttled({ apiError: 'SOMETHING_ELSE', retryAfterSeconds: 3600 })).toEqual({ warning: 'throttled', wait: { count: 60, unit: 'minutes' } });
    expect(throttled({ retryAfterSeconds: 0 })).toEqual({ warning: 'throttled' });
  });

  it('has one message per outcome; only the throttle offers eID, and only it names a wait', () => {
    expect(Object.keys(passwordWarningTexts).sort()).toEqual(['error', 'suspended', 'throttled', 'wrong']);
    expect(passwordWarningTexts.throttled).toEqual({ title: 'login.throttled_title', body: 'login.throttled', offerEid: true });
    for (const [warning, texts] of Object.entries(passwordWarningTexts)) {
      expect(texts.offerEid, warning).toBe(warning === 'throttled');
      expect(placeholdersOf(nb[texts.body]), warning).toEqual(warning === 'throttled' ? ['when'] : []);
      expect(nb[texts.title], warning).toBeTruthy();
    }
  });
});

describe('login validation', () => {
  it.each([
    ['01817010055', true],
    ['018170 10055', true],
    [' 01817010055 ', true],
    ['0181701005', false],
    ['018170100551', false],
    ['0181701005a', false],
    ['', false],
  ])('national ID %j valid: %s', (value, valid) => {
    expect(isValidNationalId(value)).toBe(valid);
  });

  it.each([
    ['12345', false],
    ['123456', true],
    ['', false],
    ['      ', true],
  ])('password %j valid: %s', (value, valid) => {
    expect(isValidLoginPassword(value)).toBe(valid);
  });
});
