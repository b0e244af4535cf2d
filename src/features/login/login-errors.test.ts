import { describe, expect, it } from 'vitest';
import { AppError } from '../../api/errors';
import { loginAudience, loginErrorCode, loginErrorMessage } from '../../errors/login-return';
import { passwordLoginOutcome, passwordLoginShown } from '../../errors/password-login';
import { itAnswers } from '../../test-support/answers';
import { isValidLoginPassword, isValidNationalId } from './validation';

describe('login error screen mapping', () => {
  it.each([
    ['private', 'IKKE_AUTORISERT', 'login_error.not_registered', 'person'],
    ['business', 'IKKE_AUTORISERT', 'login_error.no_business_access', 'business'],
    ['admin', 'IKKE_AUTORISERT', 'login_error.no_admin_access', null],
    ['private', 'KONTO_SUSPENDERT', 'account.suspended', null],
    ['business', 'KONTO_SUSPENDERT', 'account.suspended', null],
    ['admin', 'KONTO_SUSPENDERT', 'account.suspended', null],
    ['private', 'SOMETHING_ELSE', 'login_error.generic', null],
    ['business', null, 'login_error.generic', null],
    ['admin', null, 'login_error.generic', null],
    ['private', '<script>alert(1)</script>', 'login_error.generic', null],
  ] as const)('%s with %s shows %s', (audience, code, body, register) => {
    expect(loginErrorMessage(audience, code)).toEqual({ title: 'login_error.title', heading: 'login_error.heading', body, register });
  });

  it.each(['private', 'business', 'admin'] as const)('a cancel at the identity provider is no failure for %s: said calmly, nothing to register', (audience) => {
    expect(loginErrorMessage(audience, 'AVBRUTT_AV_BRUKER')).toEqual({
      title: 'login_error.cancelled_heading',
      heading: 'login_error.cancelled_heading',
      body: 'login_error.cancelled',
      register: null,
    });
  });

  it('reads kode first, then idpErrorCode', () => {
    expect(loginErrorCode(new URLSearchParams('kode=A&idpErrorCode=B'))).toBe('A');
    expect(loginErrorCode(new URLSearchParams('idpErrorCode=B'))).toBe('B');
    expect(loginErrorCode(new URLSearchParams(''))).toBeNull();
  });

  it('loginError is the private sign-in; innloggingFeilet the business one, or the admin one with rolle=ADMIN', () => {
    expect(loginAudience('loginError', new URLSearchParams('rolle=ADMIN'))).toBe('private');
    expect(loginAudience('loginFailed', new URLSearchParams('kode=IKKE_AUTORISERT'))).toBe('business');
    expect(loginAudience('loginFailed', new URLSearchParams('rolle=ADMIN&kode=IKKE_AUTORISERT'))).toBe('admin');
    expect(loginAudience('loginFailed', new URLSearchParams('rolle=VIRKSOMHET'))).toBe('business');
  });
});

describe('password login outcome', () => {
  it('403 is a wrong password, or a suspended account when the backend says so; anything else an error', () => {
    expect(passwordLoginOutcome(new AppError('x', { statusCode: 403, apiError: 'WRONG_CREDENTIALS' }))).toEqual({ warning: 'wrong' });
    expect(passwordLoginOutcome(new AppError('x', { statusCode: 403 }))).toEqual({ warning: 'wrong' });
    expect(passwordLoginOutcome(new AppError('x', { statusCode: 403, apiError: 'KONTO_SUSPENDERT' }))).toEqual({ warning: 'suspended' });
    expect(passwordLoginOutcome(new AppError('x', { statusCode: 403, apiError: 'PASSWORD_LOGIN_STOPPED' }))).toEqual({ warning: 'stopped' });
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

  it('a 429 that names its cause (decision 026) is told as that cause: the ID locked, or the network', () => {
    const throttled = (apiError: string) => passwordLoginOutcome(new AppError('x', { statusCode: 429, apiError, retryAfterSeconds: 120 }));
    expect(throttled('PASSWORD_LOGIN_LOCKED')).toEqual({ warning: 'locked', wait: { count: 2, unit: 'minutes' } });
    expect(throttled('ADDRESS_LOCKED')).toEqual({ warning: 'addressLocked', wait: { count: 2, unit: 'minutes' } });
    expect(throttled('PASSWORD_LOGIN_LOCKED_NEW_DEVICES')).toEqual({ warning: 'lockedNewDevices', wait: { count: 2, unit: 'minutes' } });
    // The same codes on anything but a 429 are no lock.
    expect(passwordLoginOutcome(new AppError('x', { statusCode: 403, apiError: 'PASSWORD_LOGIN_LOCKED' }))).toEqual({ warning: 'wrong' });
  });

  it('has one message per outcome; only the locks and the stop offer eID, and only the locks name a wait', () => {
    expect(Object.keys(passwordLoginShown).sort()).toEqual([
      'addressLocked',
      'error',
      'locked',
      'lockedNewDevices',
      'stopped',
      'suspended',
      'throttled',
      'wrong',
    ]);
    expect(passwordLoginShown.throttled).toEqual({ title: 'login.throttled_title', text: 'login.throttled', offerEid: true, namesWait: true });
    const locks = ['locked', 'lockedNewDevices', 'addressLocked', 'throttled'];
    for (const [warning, shown] of Object.entries(passwordLoginShown)) {
      expect(shown.offerEid === true, warning).toBe(locks.includes(warning) || warning === 'stopped');
      expect(shown.namesWait === true, warning).toBe(locks.includes(warning));
    }
  });
});

describe('login validation', () => {
  itAnswers(isValidNationalId, 'national ID %j valid: %s', [
    ['01817010055', true],
    ['018170 10055', true],
    [' 01817010055 ', true],
    ['0181701005', false],
    ['018170100551', false],
    ['0181701005a', false],
    ['', false],
  ]);

  itAnswers(isValidLoginPassword, 'password %j valid: %s', [
    ['12345', false],
    ['123456', true],
    ['', false],
    ['      ', true],
  ]);
});
