import { describe, expect, it } from 'vitest';
import { AppError } from '../../api/errors';
import { loginErrorCode, loginErrorMessage } from './login-error-codes';
import { passwordLoginWarning } from './password-login-outcome';
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
    expect(passwordLoginWarning(new AppError('x', { statusCode: 403, apiError: 'WRONG_CREDENTIALS' }))).toBe('wrong');
    expect(passwordLoginWarning(new AppError('x', { statusCode: 403 }))).toBe('wrong');
    expect(passwordLoginWarning(new AppError('x', { statusCode: 403, apiError: 'KONTO_SUSPENDERT' }))).toBe('suspended');
    expect(passwordLoginWarning(new AppError('x', { statusCode: 500 }))).toBe('error');
    expect(passwordLoginWarning(new AppError('x', { statusCode: 0, nolog: true }))).toBe('error');
    expect(passwordLoginWarning(new Error('boom'))).toBe('error');
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
