import { describe, expect, it } from 'vitest';
import { AppError } from '../../api/errors';
import { resetWarning } from '../../errors/reset';
import {
  canChoose,
  furthestStep,
  initialResetState,
  isBusy,
  resendWaitMs,
  resetReducer,
  stepNumber,
  type ResetCall,
  type ResetEvent,
  type ResetState,
  type SignInOutcome,
} from './reset-machine';

const links = [{ rel: '/r/check_email_code', uri: '/x' }];
const otherLinks = [{ rel: '/r/check_email_code', uri: '/y' }];
const neverCommon = () => false;
const goodPassword = 'Fjellgeit-Sommer-42';

function run(events: ResetEvent[], from: ResetState = initialResetState): ResetState {
  return events.reduce(resetReducer, from);
}

/** The answer to the call under way (the machine takes an answer only to that call). */
function answer(state: ResetState, make: (call: ResetCall) => ResetEvent): ResetState {
  if (state.call === null) throw new Error(`no call under way at ${state.step}`);
  return resetReducer(state, make(state.call));
}

const submitIdentity: ResetEvent = { type: 'IDENTITY_SUBMITTED', phoneNumber: '412 34 567', nationalId: '018170 10055' };
const submitPassword: ResetEvent = { type: 'PASSWORD_SUBMITTED', password: goodPassword, repeat: goodPassword, isCommon: neverCommon };
const apiError = (statusCode: number, code: string) => new AppError(`HTTP ${statusCode} ${code}`, { statusCode, apiError: code });

const atEmailCode = answer(run([submitIdentity]), (call) => ({ type: 'RESET_STARTED', call, links }));
const atSmsCode = answer(run([{ type: 'CODE_SUBMITTED', code: '111 111' }], atEmailCode), (call) => ({ type: 'CODE_ACCEPTED', call }));
const atNewPassword = answer(run([{ type: 'CODE_SUBMITTED', code: '222222' }], atSmsCode), (call) => ({ type: 'CODE_ACCEPTED', call }));
const saved = (signIn: SignInOutcome) => answer(run([submitPassword], atNewPassword), (call) => ({ type: 'PASSWORD_SAVED', call, signIn }));
const atDone = saved({ signedIn: true });

describe('reset state machine: the steps', () => {
  it('starts the reset with the digits typed, spaces left out, and is busy until the answer', () => {
    const state = run([submitIdentity]);
    expect(state).toMatchObject({ step: 'identify', call: { kind: 'start', phoneNumber: '41234567', nationalId: '01817010055' }, fieldErrors: [] });
    expect(isBusy(state)).toBe(true);
  });

  it('walks the steps in order, each call asked for with what it needs', () => {
    expect(atEmailCode).toMatchObject({ step: 'emailCode', links, call: null, phoneNumber: '41234567', nationalId: '01817010055' });
    expect(run([{ type: 'CODE_SUBMITTED', code: '111 111' }], atEmailCode).call).toEqual({ kind: 'checkCode', channel: 'email', code: '111111' });
    expect(atSmsCode).toMatchObject({ step: 'smsCode', emailCode: '111111', call: null });
    expect(run([{ type: 'CODE_SUBMITTED', code: '222222' }], atSmsCode).call).toEqual({ kind: 'checkCode', channel: 'sms', code: '222222' });
    expect(atNewPassword).toMatchObject({ step: 'newPassword', smsCode: '222222', call: null });
    // The password goes from the form to the call (reset-calls.ts), never into the state.
    expect(run([submitPassword], atNewPassword).call).toEqual({ kind: 'save', emailCode: '111111', smsCode: '222222' });
    expect(JSON.stringify(run([submitPassword], atNewPassword))).not.toContain(goodPassword);
  });

  it('saved and signed in with the new password (one call): step 5, on the way out, not busy, no password kept', () => {
    expect(atDone).toMatchObject({ step: 'done', signIn: { status: 'signingIn' }, call: null });
    expect(isBusy(atDone)).toBe(false);
    expect(JSON.stringify(atDone)).not.toContain(goodPassword);
  });

  it('saved, the sign-in refused: a limit with its wait, or anything else; the password is gone either way', () => {
    const throttled = saved({ signedIn: false, error: new AppError('x', { statusCode: 429, retryAfterSeconds: 120 }) });
    expect(throttled).toMatchObject({ step: 'done', call: null, signIn: { status: 'throttled', wait: { count: 2, unit: 'minutes' } }, warning: null });
    expect(saved({ signedIn: false, error: new AppError('x', { statusCode: 429 }) }).signIn).toEqual({ status: 'throttled' });
    const failed = saved({ signedIn: false, error: apiError(403, 'KONTO_SUSPENDERT') });
    expect(failed).toMatchObject({ call: null, signIn: { status: 'failed' } });
    expect(JSON.stringify(failed)).not.toContain(goodPassword);
  });

  it('takes a submit only on its own step', () => {
    expect(resetReducer(initialResetState, { type: 'CODE_SUBMITTED', code: '111111' })).toBe(initialResetState);
    expect(resetReducer(initialResetState, submitPassword)).toBe(initialResetState);
    expect(resetReducer(atEmailCode, submitIdentity)).toBe(atEmailCode);
    expect(resetReducer(atEmailCode, submitPassword)).toBe(atEmailCode);
    expect(resetReducer(atNewPassword, { type: 'CODE_SUBMITTED', code: '111111' })).toBe(atNewPassword);
    expect(resetReducer(atDone, submitIdentity)).toBe(atDone);
  });

  it('ignores a submit, or going back, while a call is under way: one call at a time', () => {
    for (const [state, submit] of [
      [run([submitIdentity]), submitIdentity],
      [run([{ type: 'CODE_SUBMITTED', code: '111111' }], atEmailCode), { type: 'CODE_SUBMITTED', code: '333333' }],
      [run([submitPassword], atNewPassword), submitPassword],
    ] as const) {
      expect(resetReducer(state, submit)).toBe(state);
      expect(resetReducer(state, { type: 'STEP_CHOSEN', step: 'identify' })).toBe(state);
    }
  });

  it('takes an answer only to the call under way', () => {
    const checking = run([{ type: 'CODE_SUBMITTED', code: '111111' }], atEmailCode);
    const stale: ResetCall = { kind: 'checkCode', channel: 'email', code: '111111' };
    expect(resetReducer(checking, { type: 'CODE_ACCEPTED', call: stale })).toBe(checking);
    expect(resetReducer(checking, { type: 'CALL_FAILED', call: stale, error: new Error('x') })).toBe(checking);
    expect(answer(checking, (call) => ({ type: 'RESET_STARTED', call, links }))).toBe(checking);
    expect(answer(checking, (call) => ({ type: 'PASSWORD_SAVED', call, signIn: { signedIn: true } }))).toBe(checking);
    expect(resetReducer(atEmailCode, { type: 'CODE_ACCEPTED', call: stale })).toBe(atEmailCode);
  });

  it('numbers the steps 1 to 4', () => {
    expect(['identify', 'emailCode', 'smsCode', 'newPassword', 'done'].map((step) => stepNumber(step as never))).toEqual([1, 2, 3, 4, 4]);
  });
});

describe('reset state machine: what was typed', () => {
  it('names each field that is wrong, counts the attempt and asks for no call', () => {
    const state = run([{ type: 'IDENTITY_SUBMITTED', phoneNumber: '4123', nationalId: '0181701005x' }]);
    expect(state).toMatchObject({
      step: 'identify',
      call: null,
      attempt: 1,
      phoneNumber: '',
      nationalId: '',
      fieldErrors: [
        { fieldId: 'reset-phone', text: 'reset.invalid_phone' },
        { fieldId: 'reset-national-id', text: 'login.invalid_foedselsnummer' },
      ],
    });
    const fixed = resetReducer(state, submitIdentity);
    expect(fixed).toMatchObject({ fieldErrors: [], attempt: 2, call: { kind: 'start' } });
  });

  it('nothing typed: asks for each field ("Skriv inn …"), not that it is invalid', () => {
    expect(run([{ type: 'IDENTITY_SUBMITTED', phoneNumber: '', nationalId: '   ' }]).fieldErrors).toEqual([
      { fieldId: 'reset-phone', text: 'reset.enter_phone' },
      { fieldId: 'reset-national-id', text: 'login.enter_foedselsnummer' },
    ]);
    expect(run([{ type: 'IDENTITY_SUBMITTED', phoneNumber: ' ', nationalId: '0181701005' }]).fieldErrors).toEqual([
      { fieldId: 'reset-phone', text: 'reset.enter_phone' },
      { fieldId: 'reset-national-id', text: 'login.invalid_foedselsnummer' },
    ]);
    expect(run([{ type: 'CODE_SUBMITTED', code: '' }], atEmailCode).fieldErrors).toEqual([{ fieldId: 'reset-email-code', text: 'reset.enter_email_code' }]);
    expect(run([{ type: 'CODE_SUBMITTED', code: ' ' }], atSmsCode).fieldErrors).toEqual([{ fieldId: 'reset-sms-code', text: 'reset.enter_sms_code' }]);
  });

  it.each(['123-456', '123 456', '123\u2013456', '123\u00a0456', ' 12 34 56 '])(
    'a code typed or pasted as %o: the call gets the digits (WCAG 2.2 3.3.8)',
    (code) => {
      expect(run([{ type: 'CODE_SUBMITTED', code }], atEmailCode)).toMatchObject({
        fieldErrors: [],
        call: { kind: 'checkCode', channel: 'email', code: '123456' },
      });
      expect(run([{ type: 'CODE_SUBMITTED', code }], atSmsCode)).toMatchObject({
        fieldErrors: [],
        call: { kind: 'checkCode', channel: 'sms', code: '123456' },
      });
    },
  );

  it.each(['+47 412 34 567', '0047 41234567', '412-34-567'])('a phone number written %o: the reset starts with its 8 digits', (phoneNumber) => {
    const state = run([{ type: 'IDENTITY_SUBMITTED', phoneNumber, nationalId: '018170 10055' }]);
    expect(state).toMatchObject({ fieldErrors: [], call: { kind: 'start', phoneNumber: '41234567', nationalId: '01817010055' } });
  });

  it('a phone number of another country, or ten digits without the +: not a Norwegian mobile number', () => {
    for (const phoneNumber of ['+46 70 123 45 67', '47 41 23 45 67']) {
      expect(run([{ type: 'IDENTITY_SUBMITTED', phoneNumber, nationalId: '01817010055' }]).fieldErrors, phoneNumber).toEqual([
        { fieldId: 'reset-phone', text: 'reset.invalid_phone' },
      ]);
    }
  });

  it('a code is 6 digits', () => {
    for (const code of ['12345', '1234567', '12345a']) {
      expect(run([{ type: 'CODE_SUBMITTED', code }], atEmailCode), code).toMatchObject({
        call: null,
        fieldErrors: [{ fieldId: 'reset-email-code', text: 'reset.invalid_code' }],
      });
    }
    expect(run([{ type: 'CODE_SUBMITTED', code: '1' }], atSmsCode).fieldErrors).toEqual([{ fieldId: 'reset-sms-code', text: 'reset.invalid_code' }]);
  });

  it.each([
    ['', '', 'reset-new-password', 'password.blank'],
    ['kort1', 'kort1', 'reset-new-password', 'password.not_strong_enough'],
    ['Sommer€2024-lang', 'Sommer€2024-lang', 'reset-new-password', 'password.illegal_characters'],
    [goodPassword, '', 'reset-repeat', 'password.repeat_missing'],
    [goodPassword, `${goodPassword}x`, 'reset-repeat', 'password.not_equal'],
  ])('password %o, repeat %o: %s says %s', (password, repeat, fieldId, text) => {
    const state = run([{ type: 'PASSWORD_SUBMITTED', password, repeat, isCommon: neverCommon }], atNewPassword);
    expect(state).toMatchObject({ step: 'newPassword', call: null, fieldErrors: [{ fieldId, text }] });
  });

  it('a common password, by the check it is given', () => {
    const state = run([{ ...submitPassword, isCommon: (password) => password === goodPassword }], atNewPassword);
    expect(state.fieldErrors).toEqual([{ fieldId: 'reset-new-password', text: 'password.too_common' }]);
  });

  it('back at step 1 with the same answers: on to the email code without a new reset', () => {
    const back = resetReducer(atEmailCode, { type: 'STEP_CHOSEN', step: 'identify' });
    expect(back).toMatchObject({ step: 'identify', phoneNumber: '41234567', nationalId: '01817010055', links });
    expect(resetReducer(back, submitIdentity)).toMatchObject({ step: 'emailCode', call: null, links });
    const changed = resetReducer(back, { type: 'IDENTITY_SUBMITTED', phoneNumber: '98765432', nationalId: '01817010055' });
    expect(changed.call).toEqual({ kind: 'start', phoneNumber: '98765432', nationalId: '01817010055' });
    expect(answer(changed, (call) => ({ type: 'RESET_STARTED', call, links: otherLinks }))).toMatchObject({ step: 'emailCode', links: otherLinks });
  });

  it('goes back one step, keeping what was typed and dropping field errors and warning', () => {
    const withError = run([{ type: 'CODE_SUBMITTED', code: '1' }], atSmsCode);
    const back = resetReducer(withError, { type: 'STEP_CHOSEN', step: 'emailCode' });
    expect(back).toMatchObject({ step: 'emailCode', emailCode: '111111', phoneNumber: '41234567', fieldErrors: [], warning: null });
    expect(resetReducer(back, { type: 'STEP_CHOSEN', step: 'identify' })).toMatchObject({ step: 'identify', nationalId: '01817010055', links });
  });

  it('the history chooses any step up to the furthest the reset allows, never to or from done', () => {
    expect(resetReducer(initialResetState, { type: 'STEP_CHOSEN', step: 'emailCode' })).toBe(initialResetState);
    expect(resetReducer(atDone, { type: 'STEP_CHOSEN', step: 'newPassword' })).toBe(atDone);
    expect(resetReducer(atNewPassword, { type: 'STEP_CHOSEN', step: 'done' })).toBe(atNewPassword);
    const back = resetReducer(atNewPassword, { type: 'STEP_CHOSEN', step: 'identify' });
    expect(back.step).toBe('identify');
    // Forward again, as far as the codes taken allow.
    expect(resetReducer(back, { type: 'STEP_CHOSEN', step: 'newPassword' }).step).toBe('newPassword');
    expect(resetReducer(resetReducer(atSmsCode, { type: 'STEP_CHOSEN', step: 'identify' }), { type: 'STEP_CHOSEN', step: 'newPassword' }).step).toBe(
      'identify',
    );
    expect(furthestStep(atEmailCode)).toBe('emailCode');
    expect(furthestStep(atSmsCode)).toBe('smsCode');
    expect(furthestStep(atNewPassword)).toBe('newPassword');
    expect(canChoose(atSmsCode, 'newPassword')).toBe(false);
    // A code typed again on its step is not taken until the backend says so.
    const retyping = run(
      [
        { type: 'STEP_CHOSEN', step: 'emailCode' },
        { type: 'CODE_SUBMITTED', code: '333333' },
      ],
      atSmsCode,
    );
    expect(furthestStep(retyping)).toBe('emailCode');
  });
});

describe('reset state machine: sending the codes again', () => {
  const started = answer(run([submitIdentity]), (call) => ({ type: 'RESET_STARTED', call, links, maskedEmail: 'k*****@example.no', at: 1_000_000 }));

  it('keeps when the reset started and where the email went', () => {
    expect(started).toMatchObject({ startedAt: 1_000_000, maskedEmail: 'k*****@example.no', resent: false });
  });

  it('counts down 60 seconds from the start; before that a resend asks for nothing', () => {
    expect(resendWaitMs(started, 1_000_000)).toBe(60_000);
    expect(resendWaitMs(started, 1_059_001)).toBe(999);
    expect(resendWaitMs(started, 1_070_000)).toBe(0);
    expect(resendWaitMs(initialResetState, 0)).toBeNull();
    expect(resetReducer(started, { type: 'RESEND_REQUESTED', now: 1_059_999 })).toBe(started);
  });

  it('after it, a new reset for the same person, from either code step; its answer is the email step with new links and no codes', () => {
    const sms = answer(run([{ type: 'CODE_SUBMITTED', code: '111111' }], started), (call) => ({ type: 'CODE_ACCEPTED', call }));
    const wrongSms = answer(run([{ type: 'CODE_SUBMITTED', code: '999999' }], sms), (call) => ({
      type: 'CALL_FAILED',
      call,
      error: apiError(400, 'RESET_PASSWORD_WRONG_CODE'),
    }));
    const asking = resetReducer(wrongSms, { type: 'RESEND_REQUESTED', now: 1_060_000 });
    expect(asking.call).toEqual({ kind: 'start', phoneNumber: '41234567', nationalId: '01817010055', resend: true });
    expect(asking.fieldErrors).toEqual([]);
    const resent = answer(asking, (call) => ({ type: 'RESET_STARTED', call, links: otherLinks, at: 1_061_000 }));
    expect(resent).toMatchObject({
      step: 'emailCode',
      links: otherLinks,
      emailCode: '',
      smsCode: '',
      emailCodeAccepted: false,
      triesUsed: 0,
      startedAt: 1_061_000,
      resent: true,
    });
    expect(furthestStep(resent)).toBe('emailCode');
  });

  it('the device clock set back: never more than the 60 seconds left (not an hour of countdown)', () => {
    expect(resendWaitMs(started, 1_000_000 - 3_600_000)).toBe(60_000);
  });

  it('a resend the backend finds too soon (the device clock set forward): the countdown again, to its Retry-After, never the too-soon warning', () => {
    const asking = resetReducer(started, { type: 'RESEND_REQUESTED', now: 1_000_000 + 3_600_000 });
    expect(asking.call).toMatchObject({ kind: 'start', resend: true });
    const tooSoon = new AppError('HTTP 429', { statusCode: 429, apiError: 'RESET_PASSWORD_TOO_SOON', retryAfterSeconds: 42 });
    const refused = answer(asking, (call) => ({ type: 'CALL_FAILED', call, error: tooSoon, at: 5_000_000 }));
    expect(refused).toMatchObject({ step: 'emailCode', call: null, warning: null, links, linksFor: started.linksFor });
    expect(resendWaitMs(refused, 5_000_000)).toBe(42_000);
    // With no Retry-After: the whole interval again.
    const noWait = answer(asking, (call) => ({
      type: 'CALL_FAILED',
      call,
      error: new AppError('HTTP 429', { statusCode: 429, apiError: 'RESET_PASSWORD_TOO_SOON' }),
      at: 5_000_000,
    }));
    expect(noWait.warning).toBeNull();
    expect(resendWaitMs(noWait, 5_000_000)).toBe(60_000);
  });

  it('not from step 1 or 4, nor while a call is under way', () => {
    expect(resetReducer(atNewPassword, { type: 'RESEND_REQUESTED', now: Number.MAX_SAFE_INTEGER })).toBe(atNewPassword);
    const checking = run([{ type: 'CODE_SUBMITTED', code: '111111' }], started);
    expect(resetReducer(checking, { type: 'RESEND_REQUESTED', now: 2_000_000 })).toBe(checking);
  });

  it('closing abandons the reset: nothing kept', () => {
    expect(resetReducer(started, { type: 'ABANDONED' })).toBe(initialResetState);
  });
});

describe('reset state machine: failed calls', () => {
  const checking = run([{ type: 'CODE_SUBMITTED', code: '999 999' }], atEmailCode);
  const wrong = answer(checking, (call) => ({ type: 'CALL_FAILED', call, error: apiError(400, 'RESET_PASSWORD_WRONG_CODE') }));

  it('a wrong code: stays on the step, the field marked with the tries left (3 in all), the code typed kept, the attempt counted', () => {
    expect(wrong).toMatchObject({ step: 'emailCode', call: null, emailCode: '999999', attempt: checking.attempt + 1, warning: null, triesUsed: 1 });
    expect(wrong.fieldErrors).toEqual([{ fieldId: 'reset-email-code', text: 'reset.error.wrong_code_tries', params: { tries: 2 } }]);
    const again = answer(run([{ type: 'CODE_SUBMITTED', code: '999 998' }], wrong), (call) => ({
      type: 'CALL_FAILED',
      call,
      error: apiError(400, 'RESET_PASSWORD_WRONG_CODE'),
    }));
    expect(again.fieldErrors[0]?.params).toEqual({ tries: 1 });
  });

  it('counts the tries of both code steps together, as the backend does (a right code costs none)', () => {
    const right = answer(run([{ type: 'CODE_SUBMITTED', code: '111111' }], wrong), (call) => ({ type: 'CODE_ACCEPTED', call }));
    expect(right).toMatchObject({ step: 'smsCode', triesUsed: 1, emailCodeAccepted: true });
    const smsWrong = answer(run([{ type: 'CODE_SUBMITTED', code: '999999' }], right), (call) => ({
      type: 'CALL_FAILED',
      call,
      error: apiError(400, 'RESET_PASSWORD_WRONG_CODE'),
    }));
    expect(smsWrong.fieldErrors).toEqual([{ fieldId: 'reset-sms-code', text: 'reset.error.wrong_code_tries', params: { tries: 1 } }]);
    const third = answer(run([{ type: 'CODE_SUBMITTED', code: '999999' }], smsWrong), (call) => ({
      type: 'CALL_FAILED',
      call,
      error: apiError(400, 'RESET_PASSWORD_INVALIDATED'),
    }));
    expect(third).toMatchObject({ step: 'smsCode', ended: 'tooMany', fieldErrors: [], warning: null, call: null });
  });

  it('the reset ended (INVALIDATED): no links or codes kept; Back to step 1 with the same answers starts a NEW reset', () => {
    const ended = answer(checking, (call) => ({ type: 'CALL_FAILED', call, error: apiError(400, 'RESET_PASSWORD_INVALIDATED') }));
    // The first wrong try: not the third, so the codes expired (or a newer reset ended them).
    expect(ended).toMatchObject({ ended: 'expired', links: [], linksFor: null, emailCode: '', smsCode: '', triesUsed: 0 });
    expect(furthestStep(ended)).toBe('identify');
    const back = resetReducer(ended, { type: 'STEP_CHOSEN', step: 'identify' });
    expect(back).toMatchObject({ step: 'identify', ended: null, phoneNumber: '41234567', nationalId: '01817010055' });
    expect(resetReducer(back, submitIdentity).call).toEqual({ kind: 'start', phoneNumber: '41234567', nationalId: '01817010055' });
  });

  it('start again: step 1 with the phone and ID kept, and a new reset on submit', () => {
    const ended = answer(checking, (call) => ({ type: 'CALL_FAILED', call, error: apiError(400, 'RESET_PASSWORD_INVALIDATED') }));
    expect(resetReducer(atEmailCode, { type: 'START_AGAIN' })).toBe(atEmailCode);
    const again = resetReducer(ended, { type: 'START_AGAIN' });
    expect(again).toMatchObject({ step: 'identify', ended: null, phoneNumber: '41234567', nationalId: '01817010055', links: [] });
    const starting = resetReducer(again, submitIdentity);
    expect(starting.call).toMatchObject({ kind: 'start' });
    expect(answer(starting, (call) => ({ type: 'RESET_STARTED', call, links: otherLinks, at: 5 }))).toMatchObject({
      step: 'emailCode',
      links: otherLinks,
      triesUsed: 0,
      startedAt: 5,
    });
  });

  it('a wrong code at the save (both codes checked again) is a warning on step 4, and counts', () => {
    const saving = run([submitPassword], atNewPassword);
    const wrongAtSave = answer(saving, (call) => ({ type: 'CALL_FAILED', call, error: apiError(400, 'RESET_PASSWORD_WRONG_CODE') }));
    expect(wrongAtSave).toMatchObject({ step: 'newPassword', triesUsed: 1, warning: { text: 'reset.error.wrong_code' } });
    expect(answer(saving, (call) => ({ type: 'CALL_FAILED', call, error: apiError(400, 'RESET_PASSWORD_INVALIDATED') }))).toMatchObject({
      step: 'newPassword',
      ended: 'expired',
    });
  });

  it('a password the backend refuses by a rule (its own common-password check): at the password field, not a warning; the codes stay', () => {
    const saving = run([submitPassword], atNewPassword);
    const refused = answer(saving, (call) => ({ type: 'CALL_FAILED', call, error: apiError(400, 'PASSWORD_TOO_COMMON') }));
    expect(refused).toMatchObject({
      step: 'newPassword',
      call: null,
      warning: null,
      triesUsed: saving.triesUsed,
      emailCode: saving.emailCode,
      smsCode: saving.smsCode,
      fieldErrors: [{ fieldId: 'reset-new-password', text: 'password.too_common' }],
      attempt: saving.attempt + 1,
    });
    // A new password saves as usual.
    expect(run([submitPassword], refused)).toMatchObject({ call: { kind: 'save' }, fieldErrors: [] });
  });

  it('the warning for the step it failed on: a 404 at step 1 is the wrong combination', () => {
    const failed = answer(run([submitIdentity]), (call) => ({ type: 'CALL_FAILED', call, error: new AppError('x', { statusCode: 404 }) }));
    expect(failed).toMatchObject({ step: 'identify', phoneNumber: '41234567', nationalId: '01817010055', warning: { text: 'reset.error.wrong_combination' } });
  });

  it('the next call clears the warning; a submit with a field error keeps it', () => {
    expect(run([{ type: 'CODE_SUBMITTED', code: '1' }], wrong)).toMatchObject({ warning: wrong.warning, fieldErrors: [{ fieldId: 'reset-email-code' }] });
    expect(run([{ type: 'CODE_SUBMITTED', code: '123456' }], wrong)).toMatchObject({ warning: null, fieldErrors: [], call: { code: '123456' } });
  });

  it('a refused start with other answers never goes on with the reset before it', () => {
    const back = resetReducer(atEmailCode, { type: 'STEP_CHOSEN', step: 'identify' });
    const otherPhone = { type: 'IDENTITY_SUBMITTED', phoneNumber: '98765432', nationalId: '01817010055' } as const;
    const refused = answer(run([otherPhone], back), (call) => ({ type: 'CALL_FAILED', call, error: new AppError('x', { statusCode: 404 }) }));
    expect(refused).toMatchObject({ step: 'identify', warning: { text: 'reset.error.wrong_combination' } });
    expect(resetReducer(refused, otherPhone)).toMatchObject({ step: 'identify', call: { kind: 'start', phoneNumber: '98765432' } });
    // The first answers again: on with the reset they started (still valid), no new one.
    expect(resetReducer(refused, submitIdentity)).toMatchObject({ step: 'emailCode', call: null, links });
  });

  it('a failed save keeps the codes, asks for nothing more and holds no password', () => {
    const saving = run([submitPassword], atNewPassword);
    const failed = answer(saving, (call) => ({ type: 'CALL_FAILED', call, error: apiError(500, 'RESET_PASSWORD_FAILED') }));
    expect(failed).toMatchObject({
      step: 'newPassword',
      call: null,
      signIn: null,
      emailCode: '111111',
      smsCode: '222222',
      warning: { text: 'reset.error.failed' },
    });
    expect(JSON.stringify(failed)).not.toContain(goodPassword);
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
    ['identify', api(429, 'RESET_PASSWORD_TOO_SOON'), 'reset.error.too_soon'],
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
      title: 'reset.error.limit_title',
      text: 'reset.error.limit',
      wait: { count: 4, unit: 'minutes' },
      offerEid: true,
    });
    expect(resetWarning(throttled('RESET_PASSWORD_LIMIT', 23 * 3600 + 1), 'identify')).toEqual({
      title: 'reset.error.limit_title',
      text: 'reset.error.limit',
      wait: { count: 24, unit: 'hours' },
      offerEid: true,
    });
    expect(resetWarning(throttled('RESET_PASSWORD_LIMIT'), 'identify')).toMatchObject({ text: 'reset.error.limit', offerEid: true });
  });

  it.each([
    ['RESET_PASSWORD_DAILY_LIMIT', 'reset.error.daily_limit_title', 'reset.error.daily_limit'],
    ['RESET_PASSWORD_IDENTIFY_LOCKED', 'reset.error.identify_locked_title', 'reset.error.identify_locked'],
    ['RESET_PASSWORD_ADDRESS_LOCKED', 'reset.error.address_locked_title', 'reset.error.address_locked'],
  ] as const)('%s (decision 026): its own title and text, its wait, eID offered', (code, title, text) => {
    expect(resetWarning(throttled(code, 600), 'identify')).toEqual({ title, text, wait: { count: 10, unit: 'minutes' }, offerEid: true });
    // Told by its code whatever the status (the reset's table is by code, SPEC §8).
    expect(resetWarning(new AppError('x', { statusCode: 400, apiError: code }), 'identify').text).toBe(text);
  });

  it('any other 429, on any step, with or without a code, is told as the limit', () => {
    expect(resetWarning(throttled('TOO_MANY_ATTEMPTS', 60), 'identify')).toMatchObject({
      text: 'reset.error.limit',
      wait: { count: 1, unit: 'minutes' },
      offerEid: true,
    });
    expect(resetWarning(throttled(undefined), 'emailCode')).toMatchObject({ text: 'reset.error.limit', offerEid: true });
    expect(resetWarning(throttled('RESET_PASSWORD_WRONG_CODE', 30), 'smsCode')).toMatchObject({ text: 'reset.error.limit' });
  });

  it('RESET_PASSWORD_TOO_SOON has its own words with the wait, not "too many times"', () => {
    expect(resetWarning(throttled('RESET_PASSWORD_TOO_SOON', 45), 'identify')).toEqual({
      title: 'reset.warning_title',
      text: 'reset.error.too_soon',
      wait: { count: 1, unit: 'minutes' },
      offerEid: false,
    });
  });

  it('an unknown code has SPEC §8\'s header, "An error has occurred"; the others the usual one', () => {
    expect(resetWarning(api(500, 'SOMETHING_NEW'), 'emailCode').title).toBe('reset.error.unknown_title');
    expect(resetWarning(new Error('offline'), 'identify').title).toBe('reset.error.unknown_title');
    expect(resetWarning(api(404, 'NOT_FOUND'), 'identify').title).toBe('reset.warning_title');
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
