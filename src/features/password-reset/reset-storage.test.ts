import { describe, expect, it } from 'vitest';
import { AppError } from '../../api/errors';
import { initialResetState, resetReducer, type ResetState } from './reset-machine';
import { parseStoredReset, resumedState, storedReset } from './reset-storage';

const links = [{ rel: '/r/check_email_code', uri: '/x' }];
const password = 'Fjellgeit-Sommer-42';

function walk(): ResetState {
  let state = resetReducer(initialResetState, { type: 'IDENTITY_SUBMITTED', phoneNumber: '41234567', nationalId: '01817010055' });
  state = resetReducer(state, { type: 'RESET_STARTED', call: state.call!, links, maskedEmail: 'k*****@example.no', resetsLeft: 3, at: 1000 });
  state = resetReducer(state, { type: 'CODE_SUBMITTED', code: '111111' });
  state = resetReducer(state, { type: 'CODE_ACCEPTED', call: state.call! });
  state = resetReducer(state, { type: 'CODE_SUBMITTED', code: '222222' });
  return resetReducer(state, { type: 'CODE_ACCEPTED', call: state.call! });
}

describe('the reset in sessionStorage (decision 017)', () => {
  it('keeps what a reload needs, with the host page, and never the password, even while it is being saved', () => {
    const atPassword = walk();
    const saving = resetReducer(atPassword, { type: 'PASSWORD_SUBMITTED', password, repeat: password, isCommon: () => false });
    expect(saving.call).toMatchObject({ kind: 'save' });
    const kept = storedReset(saving, '/forgot-password');
    expect(kept).toEqual({
      path: '/forgot-password',
      phoneNumber: '41234567',
      nationalId: '01817010055',
      links,
      emailCode: '111111',
      smsCode: '222222',
      triesUsed: 0,
      startedAt: 1000,
      maskedEmail: 'k*****@example.no',
      resetsLeft: 3,
    });
    expect(JSON.stringify(kept)).not.toContain(password);
  });

  it('a code check under way counts its try: a reload in the middle of a wrong code never gives the person a try the backend has taken', () => {
    const checking = resetReducer(resetReducer(walk(), { type: 'STEP_CHOSEN', step: 'smsCode' }), { type: 'CODE_SUBMITTED', code: '999999' });
    expect(checking.call).toMatchObject({ kind: 'checkCode' });
    expect(storedReset(checking, '/p')).toMatchObject({ triesUsed: 1 });
    // Its answer settles it: a wrong code counted once, a right one not at all.
    const wrong = resetReducer(checking, {
      type: 'CALL_FAILED',
      call: checking.call!,
      error: new AppError('HTTP 400', { statusCode: 400, apiError: 'RESET_PASSWORD_WRONG_CODE' }),
    });
    expect(storedReset(wrong, '/p')).toMatchObject({ triesUsed: 1 });
    expect(storedReset(resetReducer(checking, { type: 'CODE_ACCEPTED', call: checking.call! }), '/p')).toMatchObject({ triesUsed: 0 });
  });

  it('keeps a code only once the backend took it', () => {
    const typed = resetReducer(resetReducer(walk(), { type: 'STEP_CHOSEN', step: 'emailCode' }), { type: 'CODE_SUBMITTED', code: '333333' });
    expect(storedReset(typed, '/p')).toMatchObject({ emailCode: '' });
  });

  it('nothing before a reset started, and nothing once the password is saved', () => {
    expect(storedReset(initialResetState, '/p')).toBeNull();
    const saving = resetReducer(walk(), { type: 'PASSWORD_SUBMITTED', password, repeat: password, isCommon: () => false });
    expect(storedReset(resetReducer(saving, { type: 'PASSWORD_SAVED', call: saving.call!, signIn: { signedIn: true } }), '/p')).toBeNull();
  });

  it('resumes at the step asked for when the reset allows it, else at the furthest it allows; never at done', () => {
    const kept = storedReset(walk(), '/p')!;
    expect(resumedState(kept, 'smsCode').step).toBe('smsCode');
    expect(resumedState(kept, null).step).toBe('newPassword');
    expect(resumedState(kept, 'done').step).toBe('newPassword');
    expect(resumedState({ ...kept, emailCode: '', smsCode: '' }, 'newPassword').step).toBe('emailCode');
    expect(resumedState({ ...kept, links: [] }, 'emailCode')).toMatchObject({ step: 'identify', phoneNumber: '41234567', linksFor: null });
  });

  it('reads back only what it wrote', () => {
    const kept = storedReset(walk(), '/p');
    expect(parseStoredReset(JSON.stringify(kept))).toEqual(kept);
    for (const raw of [
      null,
      '',
      '{',
      'null',
      '42',
      '{"path":"/p"}',
      JSON.stringify({ ...kept, links: [{ rel: 1 }] }),
      JSON.stringify({ ...kept, triesUsed: '1' }),
      // Hand-edited: tries that would say "10 tries left", or more than end a reset; links to another site.
      JSON.stringify({ ...kept, triesUsed: -7 }),
      JSON.stringify({ ...kept, triesUsed: 1.5 }),
      JSON.stringify({ ...kept, triesUsed: 3 }),
      JSON.stringify({ ...kept, links: [{ rel: '/r/check_email_code', uri: 'https://evil.example/steal' }] }),
      JSON.stringify({ ...kept, links: [{ rel: '/r/check_email_code', uri: '//evil.example/steal' }] }),
    ]) {
      expect(parseStoredReset(raw), String(raw)).toBeNull();
    }
  });
});
