import { describe, expect, it } from 'vitest';
import { AppError } from '../../api/errors';
import { resetWarning } from './reset-errors';
import { initialResetState, resetReducer, stepNumber, type ResetEvent, type ResetState } from './reset-machine';

const links = [{ rel: '/r/check_email_code', uri: '/x' }];

function run(events: ResetEvent[], from: ResetState = initialResetState): ResetState {
  return events.reduce(resetReducer, from);
}

const identified: ResetEvent = { type: 'IDENTIFIED', phoneNumber: '41234567', nationalId: '01817010055', links };

describe('reset state machine', () => {
  it('walks the steps in order', () => {
    const state = run([
      { type: 'SUBMIT' },
      identified,
      { type: 'SUBMIT' },
      { type: 'EMAIL_CODE_ACCEPTED', code: '111111' },
      { type: 'SUBMIT' },
      { type: 'SMS_CODE_ACCEPTED', code: '222222' },
      { type: 'SUBMIT' },
      { type: 'PASSWORD_SAVED' },
    ]);
    expect(state).toMatchObject({ step: 'done', emailCode: '111111', smsCode: '222222', phoneNumber: '41234567', busy: false });
  });

  it('reaches a step only from the one before it', () => {
    expect(run([{ type: 'EMAIL_CODE_ACCEPTED', code: '1' }]).step).toBe('identify');
    expect(run([{ type: 'SMS_CODE_ACCEPTED', code: '1' }]).step).toBe('identify');
    expect(run([{ type: 'PASSWORD_SAVED' }]).step).toBe('identify');
    expect(run([identified, { type: 'SMS_CODE_ACCEPTED', code: '1' }]).step).toBe('emailCode');
    expect(run([identified, { type: 'PASSWORD_SAVED' }]).step).toBe('emailCode');
    expect(run([identified, identified]).step).toBe('emailCode');
  });

  it('stays on the step with a warning on failure, keeping the values it was given', () => {
    const warning = { text: 'reset.error.wrong_code', offerEid: false } as const;
    const state = run([identified, { type: 'SUBMIT' }, { type: 'FAILED', warning, values: { emailCode: '999999' } }]);
    expect(state).toMatchObject({ step: 'emailCode', warning, busy: false, emailCode: '999999' });
  });

  it('clears the warning on the next submit and ignores a submit while busy', () => {
    const failed = run([identified, { type: 'FAILED', warning: { text: 'reset.error.wrong_code', offerEid: false } }]);
    const submitted = resetReducer(failed, { type: 'SUBMIT' });
    expect(submitted).toMatchObject({ busy: true, warning: null });
    expect(resetReducer(submitted, { type: 'SUBMIT' })).toBe(submitted);
  });

  it('goes back one step, keeping what was typed', () => {
    const atSms = run([identified, { type: 'EMAIL_CODE_ACCEPTED', code: '111111' }]);
    const back = resetReducer(atSms, { type: 'BACK' });
    expect(back).toMatchObject({ step: 'emailCode', emailCode: '111111', phoneNumber: '41234567' });
    expect(resetReducer(back, { type: 'BACK' })).toMatchObject({ step: 'identify', nationalId: '01817010055', links });
  });

  it('does not go back from the first step, from done, or while busy', () => {
    expect(resetReducer(initialResetState, { type: 'BACK' })).toBe(initialResetState);
    const busy = run([identified, { type: 'SUBMIT' }]);
    expect(resetReducer(busy, { type: 'BACK' })).toBe(busy);
    const done = run([identified, { type: 'EMAIL_CODE_ACCEPTED', code: '1' }, { type: 'SMS_CODE_ACCEPTED', code: '2' }, { type: 'PASSWORD_SAVED' }]);
    expect(resetReducer(done, { type: 'BACK' })).toBe(done);
    expect(resetReducer(done, { type: 'SUBMIT' })).toBe(done);
  });

  it('numbers the steps 1 to 4', () => {
    expect(['identify', 'emailCode', 'smsCode', 'newPassword', 'done'].map((step) => stepNumber(step as never))).toEqual([1, 2, 3, 4, 4]);
  });
});

describe('reset warnings (SPEC §8)', () => {
  const api = (statusCode: number, apiError?: string) => new AppError('x', { statusCode, apiError });
  it.each([
    ['identify', api(404, 'NOT_FOUND'), 'reset.error.wrong_combination'],
    ['identify', api(400, 'VALIDATION_FAILED'), 'reset.error.wrong_combination'],
    ['emailCode', api(400, 'VALIDATION_FAILED'), 'reset.error.wrong_code'],
    ['emailCode', api(400, 'RESET_PASSWORD_WRONG_CODE'), 'reset.error.wrong_code'],
    ['smsCode', api(400, 'RESET_PASSWORD_INVALIDATED'), 'reset.error.too_many'],
    ['identify', api(429, 'RESET_PASSWORD_TOO_SOON'), 'reset.error.too_many'],
    ['newPassword', api(500, 'RESET_PASSWORD_FAILED'), 'reset.error.failed'],
    ['identify', api(403, 'RESET_PASSWORD_DENIED_STRONG_AUTH'), 'reset.error.strong_auth'],
    ['identify', api(403, 'RESET_PASSWORD_DENIED_BLOCKED'), 'reset.error.blocked'],
    ['newPassword', api(400, 'PASSWORD_TOO_COMMON'), 'password.too_common'],
    ['emailCode', api(500, 'SOMETHING_NEW'), 'reset.error.unknown'],
    ['emailCode', api(404), 'reset.error.unknown'],
    ['smsCode', new Error('boom'), 'reset.error.unknown'],
  ] as const)('%s with %o shows %s', (step, error, key) => {
    expect(resetWarning(error, step).text).toBe(key);
  });

  const throttled = (apiError: string | undefined, retryAfterSeconds?: number) => new AppError('x', { statusCode: 429, apiError, retryAfterSeconds });

  it('RESET_PASSWORD_LIMIT names its wait and offers eID', () => {
    expect(resetWarning(throttled('RESET_PASSWORD_LIMIT', 240), 'identify')).toEqual({
      text: 'reset.error.limit',
      wait: { count: 4, unit: 'minutes' },
      offerEid: true,
    });
    expect(resetWarning(throttled('RESET_PASSWORD_LIMIT', 23 * 3600 + 1), 'identify')).toEqual({
      text: 'reset.error.limit',
      wait: { count: 24, unit: 'hours' },
      offerEid: true,
    });
    expect(resetWarning(throttled('RESET_PASSWORD_LIMIT'), 'identify')).toEqual({ text: 'reset.error.limit', offerEid: true });
  });

  it('any other 429, on any step, with or without a code, is told as the limit', () => {
    expect(resetWarning(throttled('TOO_MANY_ATTEMPTS', 60), 'identify')).toEqual({
      text: 'reset.error.limit',
      wait: { count: 1, unit: 'minutes' },
      offerEid: true,
    });
    expect(resetWarning(throttled(undefined), 'emailCode')).toEqual({ text: 'reset.error.limit', offerEid: true });
    expect(resetWarning(throttled('RESET_PASSWORD_WRONG_CODE', 30), 'smsCode')).toMatchObject({ text: 'reset.error.limit' });
  });

  it('RESET_PASSWORD_TOO_SOON keeps its SPEC text', () => {
    expect(resetWarning(throttled('RESET_PASSWORD_TOO_SOON', 45), 'identify')).toMatchObject({ text: 'reset.error.too_many', offerEid: false });
  });

  it('offers eID where codes cannot help: the limit, strong authentication, code reset blocked', () => {
    const offering = [
      resetWarning(api(403, 'RESET_PASSWORD_DENIED_STRONG_AUTH'), 'identify'),
      resetWarning(api(403, 'RESET_PASSWORD_DENIED_BLOCKED'), 'identify'),
      resetWarning(throttled('RESET_PASSWORD_LIMIT'), 'identify'),
    ];
    expect(offering.every((warning) => warning.offerEid)).toBe(true);
    expect(resetWarning(api(404, 'NOT_FOUND'), 'identify').offerEid).toBe(false);
    expect(resetWarning(api(400, 'RESET_PASSWORD_WRONG_CODE'), 'emailCode').offerEid).toBe(false);
  });
});
