/**
 * The one-time-code reset wizard as an explicit state machine (SPEC §4), holding the wizard's whole
 * state, pure (no React): the component renders it, sends it what the person did and what a call
 * answered, and makes the call it asks for (`call`), one at a time.
 *
 * Each step is reached only from the step before it. A submit is checked here (field errors) and
 * starts at most one call; a submit while a call is under way is ignored. A failed call stays on the
 * step with a warning; going back keeps what was typed. After the password is saved, step 5 signs in
 * with it: the password lives in `call` only while a call needs it.
 */
import { type Link, isAppError } from '../../api/errors';
import { digitsOf, isDigits } from '../../contract/api';
import { phoneNumberLength, resetCodeLength } from '../../contract/limits';
import type { TextKey } from '../../i18n/nb';
import { fieldMessage, isValidNationalId, normaliseNationalId } from '../login/validation';
import { checkNewPassword, passwordProblemTextKey } from '../password-strength/password-rules';
import { type Wait, waitOf } from '../throttling/wait';
import { type ResetWarning, resetWarning } from './reset-errors';

export type ResetStep = 'identify' | 'emailCode' | 'smsCode' | 'newPassword' | 'done';

export const stepOrder: ResetStep[] = ['identify', 'emailCode', 'smsCode', 'newPassword', 'done'];

export type CodeChannel = 'email' | 'sms';

/** The field ids of the wizard's inputs: field errors name them, the error summary links to them. */
export const resetFieldIds = {
  phoneNumber: 'reset-phone',
  nationalId: 'reset-national-id',
  emailCode: 'reset-email-code',
  smsCode: 'reset-sms-code',
  password: 'reset-new-password',
  repeat: 'reset-repeat',
} as const;

export type ResetFieldId = (typeof resetFieldIds)[keyof typeof resetFieldIds];

export interface ResetFieldError {
  fieldId: ResetFieldId;
  text: TextKey;
}

/** The call the machine asks for; it stays here until its answer comes back. */
export type ResetCall =
  | { kind: 'start'; phoneNumber: string; nationalId: string }
  | { kind: 'checkCode'; channel: CodeChannel; code: string }
  | { kind: 'save'; emailCode: string; smsCode: string; password: string }
  /** Step 5: the password login with the new password; on success the page goes to the mailbox. */
  | { kind: 'signIn'; nationalId: string; password: string };

/** Step 5's sign-in: under way (or done: the page is on its way to the mailbox), or refused. */
export type SignInState = { status: 'signingIn' } | { status: 'failed' } | { status: 'throttled'; wait?: Wait };

export interface ResetState {
  step: ResetStep;
  phoneNumber: string;
  nationalId: string;
  emailCode: string;
  smsCode: string;
  /** Links for the later steps, from the reset_password answer. */
  links: Link[];
  /** Whose reset the links are: the phone number and ID number its start was made with. */
  linksFor: { phoneNumber: string; nationalId: string } | null;
  /** What is wrong with what was typed, from the last submit. */
  fieldErrors: ResetFieldError[];
  warning: ResetWarning | null;
  /** Counts submits and failed calls: the same error again still moves focus to it. */
  attempt: number;
  call: ResetCall | null;
  signIn: SignInState | null;
}

export type ResetEvent =
  /** Step 1 submitted, as typed. */
  | { type: 'IDENTITY_SUBMITTED'; phoneNumber: string; nationalId: string }
  /** Step 2 or 3 submitted, as typed. */
  | { type: 'CODE_SUBMITTED'; code: string }
  /** Step 4 submitted; `isCommon` is the common-password check (one that says no when it did not load). */
  | { type: 'PASSWORD_SUBMITTED'; password: string; repeat: string; isCommon: (password: string) => boolean }
  /** Answers to `call`: each applies only to the call it answers. */
  | { type: 'RESET_STARTED'; call: ResetCall; links: Link[] }
  | { type: 'CODE_ACCEPTED'; call: ResetCall }
  | { type: 'PASSWORD_SAVED'; call: ResetCall }
  | { type: 'SIGNED_IN'; call: ResetCall }
  | { type: 'CALL_FAILED'; call: ResetCall; error: unknown }
  | { type: 'BACK' };

export const initialResetState: ResetState = {
  step: 'identify',
  phoneNumber: '',
  nationalId: '',
  emailCode: '',
  smsCode: '',
  links: [],
  linksFor: null,
  fieldErrors: [],
  warning: null,
  attempt: 0,
  call: null,
  signIn: null,
};

/** A reset call is under way (step 5's sign-in is not one: the wizard is done by then). */
export function isBusy(state: ResetState): boolean {
  return state.call !== null && state.call.kind !== 'signIn';
}

export function stepNumber(step: ResetStep): number {
  return Math.min(stepOrder.indexOf(step) + 1, 4);
}

export function codeChannel(step: ResetStep): CodeChannel | null {
  return step === 'emailCode' ? 'email' : step === 'smsCode' ? 'sms' : null;
}

function next(step: ResetStep): ResetStep {
  return stepOrder[stepOrder.indexOf(step) + 1] ?? step;
}

function previous(step: ResetStep): ResetStep {
  return stepOrder[stepOrder.indexOf(step) - 1] ?? step;
}

/** A submit checked: its field errors (none or some), counted as an attempt. */
function checked(state: ResetState, fieldErrors: ResetFieldError[]): ResetState {
  return { ...state, fieldErrors, attempt: state.attempt + 1 };
}

/** A checked submit that starts `call`: an earlier warning goes. */
function calling(state: ResetState, call: ResetCall): ResetState {
  return { ...checked(state, []), call, warning: null };
}

function submitIdentity(state: ResetState, typedPhone: string, typedId: string): ResetState {
  const phoneNumber = digitsOf(typedPhone);
  const nationalId = normaliseNationalId(typedId);
  const fieldErrors: ResetFieldError[] = [];
  const phoneError = fieldMessage(phoneNumber, isDigits(phoneNumber, phoneNumberLength), 'reset.enter_phone', 'reset.invalid_phone');
  if (phoneError) fieldErrors.push({ fieldId: resetFieldIds.phoneNumber, text: phoneError });
  const nationalIdError = fieldMessage(nationalId, isValidNationalId(nationalId), 'login.enter_foedselsnummer', 'login.invalid_foedselsnummer');
  if (nationalIdError) fieldErrors.push({ fieldId: resetFieldIds.nationalId, text: nationalIdError });
  if (fieldErrors.length > 0) return checked(state, fieldErrors);
  // Back at step 1 with the same answers: the codes already sent still count, no new reset.
  // (Compared with the reset the links belong to: after a refused start with other answers, those
  // answers again are a new start, and the first answers again still go on with their reset.)
  if (state.linksFor?.phoneNumber === phoneNumber && state.linksFor.nationalId === nationalId) {
    return { ...checked(state, []), step: next(state.step), warning: null };
  }
  return { ...calling(state, { kind: 'start', phoneNumber, nationalId }), phoneNumber, nationalId };
}

function submitCode(state: ResetState, channel: CodeChannel, typed: string): ResetState {
  const code = digitsOf(typed);
  const codeError = fieldMessage(
    code,
    isDigits(code, resetCodeLength),
    channel === 'email' ? 'reset.enter_email_code' : 'reset.enter_sms_code',
    'reset.invalid_code',
  );
  if (codeError) return checked(state, [{ fieldId: channel === 'email' ? resetFieldIds.emailCode : resetFieldIds.smsCode, text: codeError }]);
  return { ...calling(state, { kind: 'checkCode', channel, code }), ...(channel === 'email' ? { emailCode: code } : { smsCode: code }) };
}

function submitPassword(state: ResetState, password: string, repeat: string, isCommon: (password: string) => boolean): ResetState {
  const problem = checkNewPassword(password, repeat, isCommon);
  if (problem) {
    const onRepeat = problem === 'repeat_missing' || problem === 'not_equal';
    return checked(state, [{ fieldId: onRepeat ? resetFieldIds.repeat : resetFieldIds.password, text: passwordProblemTextKey(problem) }]);
  }
  return calling(state, { kind: 'save', emailCode: state.emailCode, smsCode: state.smsCode, password });
}

/** What step 5 shows after its sign-in was refused: a limit on password logins (with its wait), or anything else. */
function signInFailure(error: unknown): SignInState {
  if (!isAppError(error) || !error.isThrottled) return { status: 'failed' };
  const wait = waitOf(error);
  return { status: 'throttled', ...(wait ? { wait } : {}) };
}

export function resetReducer(state: ResetState, event: ResetEvent): ResetState {
  switch (event.type) {
    case 'IDENTITY_SUBMITTED':
      return state.step === 'identify' && state.call === null ? submitIdentity(state, event.phoneNumber, event.nationalId) : state;
    case 'CODE_SUBMITTED': {
      const channel = codeChannel(state.step);
      return channel !== null && state.call === null ? submitCode(state, channel, event.code) : state;
    }
    case 'PASSWORD_SUBMITTED':
      return state.step === 'newPassword' && state.call === null ? submitPassword(state, event.password, event.repeat, event.isCommon) : state;
    case 'BACK':
      if (state.call !== null || state.step === 'identify' || state.step === 'done') return state;
      return { ...state, step: previous(state.step), fieldErrors: [], warning: null };
  }
  // An answer: only to the call under way.
  const call = state.call;
  if (call === null || event.call !== call) return state;
  switch (event.type) {
    case 'RESET_STARTED':
      return call.kind === 'start'
        ? {
            ...state,
            step: next(state.step),
            links: event.links,
            linksFor: { phoneNumber: call.phoneNumber, nationalId: call.nationalId },
            call: null,
            warning: null,
          }
        : state;
    case 'CODE_ACCEPTED':
      return call.kind === 'checkCode' ? { ...state, step: next(state.step), call: null, warning: null } : state;
    case 'PASSWORD_SAVED':
      // Step 5 at once: sign in with the password just saved.
      return call.kind === 'save'
        ? {
            ...state,
            step: 'done',
            warning: null,
            call: { kind: 'signIn', nationalId: state.nationalId, password: call.password },
            signIn: { status: 'signingIn' },
          }
        : state;
    case 'SIGNED_IN':
      return call.kind === 'signIn' ? { ...state, call: null } : state;
    case 'CALL_FAILED':
      if (call.kind === 'signIn') return { ...state, call: null, signIn: signInFailure(event.error) };
      return { ...state, call: null, warning: resetWarning(event.error, state.step), attempt: state.attempt + 1 };
  }
}
