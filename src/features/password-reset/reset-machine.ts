/**
 * The one-time-code reset wizard as an explicit state machine (SPEC §4), holding the wizard's whole
 * state, pure (no React): the component renders it, sends it what the person did and what a call
 * answered, and makes the call it asks for (`call`), one at a time.
 *
 * A step is reached forward only from the step before it; the history (decision 017) may choose any
 * step up to the furthest the reset allows (`furthestStep`). A submit is checked here (field errors)
 * and starts at most one call; a submit while a call is under way is ignored. A failed call stays on
 * the step with a warning; a wrong code marks the field and says the tries left (resetCodeTries, the
 * email and SMS steps together, as the backend counts them); the reset the backend has ended shows no
 * code field, only ways on (start again, eID). Sending the codes again is a new reset for the same
 * person (SPEC has no resend), offered resetMinimumIntervalSeconds after the last start. After the
 * password is saved, step 5 signs in with it: the password lives in `call` only while a call needs it.
 */
import { type Link, isAppError } from '../../api/errors';
import { digitsOf, isDigits } from '../../contract/api';
import { phoneNumberLength, resetCodeLength, resetCodeTries, resetMinimumIntervalSeconds } from '../../contract/limits';
import type { TextKey } from '../../i18n/nb';
import { fieldMessage, isValidNationalId, normaliseNationalId } from '../login';
import { checkNewPassword, passwordProblemTextKey } from '../password-strength';
import { type Wait, waitOf } from '../throttling';
import { passwordRuleText, type ResetWarning, resetWarning } from './reset-errors';

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
  /** Values of the text: the tries left after a wrong code. */
  params?: Record<string, number>;
}

/** Why the backend ended the reset: the last try used up, or the codes no longer valid (expired, or a newer reset). */
export type ResetEnd = 'tooMany' | 'expired';

/** The call the machine asks for; it stays here until its answer comes back. */
export type ResetCall =
  /** A new reset; `resend` when asked for again from a code step (which ends the one before). */
  | { kind: 'start'; phoneNumber: string; nationalId: string; resend?: boolean }
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
  /** The backend took each code (the furthest step the reset allows follows from these). */
  emailCodeAccepted: boolean;
  smsCodeAccepted: boolean;
  /** Links for the later steps, from the reset_password answer. */
  links: Link[];
  /** Whose reset the links are: the phone number and ID number its start was made with; null when none is open. */
  linksFor: { phoneNumber: string; nationalId: string } | null;
  /** Where the email code went, masked (beyond SPEC, decision 017); null when the backend did not say. */
  maskedEmail: string | null;
  /** Wrong codes on this reset, both steps together (a right code costs none, as the backend counts). */
  triesUsed: number;
  /** When the last reset started (epoch ms, as the browser saw its answer): the resend's countdown. */
  startedAt: number | null;
  /** The backend ended the reset: no code field, only ways on. */
  ended: ResetEnd | null;
  /** New codes were sent at the person's asking (said once, on the email-code step). */
  resent: boolean;
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
  | { type: 'RESET_STARTED'; call: ResetCall; links: Link[]; maskedEmail?: string; at?: number }
  | { type: 'CODE_ACCEPTED'; call: ResetCall }
  | { type: 'PASSWORD_SAVED'; call: ResetCall }
  | { type: 'SIGNED_IN'; call: ResetCall }
  /** `at`: when the answer came (epoch ms): a resend found too soon counts down again from it. */
  | { type: 'CALL_FAILED'; call: ResetCall; error: unknown; at?: number }
  /** A step chosen through the history (Back, Forward, a step's URL): taken when the reset allows it. */
  | { type: 'STEP_CHOSEN'; step: ResetStep }
  /** "Send the codes again" on a code step, at `now`: a new reset for the same person once the interval has passed. */
  | { type: 'RESEND_REQUESTED'; now: number }
  /** "Start again" after the reset ended: step 1 with the phone and ID number kept, a new reset on submit. */
  | { type: 'START_AGAIN' }
  /** The person closed the wizard: the reset is abandoned, nothing kept. */
  | { type: 'ABANDONED' };

export const initialResetState: ResetState = {
  step: 'identify',
  phoneNumber: '',
  nationalId: '',
  emailCode: '',
  smsCode: '',
  emailCodeAccepted: false,
  smsCodeAccepted: false,
  links: [],
  linksFor: null,
  maskedEmail: null,
  triesUsed: 0,
  startedAt: null,
  ended: null,
  resent: false,
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

export function previousStep(step: ResetStep): ResetStep {
  return stepOrder[stepOrder.indexOf(step) - 1] ?? step;
}

/** The furthest step the reset allows: step 1 with no reset open, then one step per code the backend took. */
export function furthestStep(state: Pick<ResetState, 'linksFor' | 'emailCodeAccepted' | 'smsCodeAccepted'>): ResetStep {
  if (state.linksFor === null) return 'identify';
  if (!state.emailCodeAccepted) return 'emailCode';
  return state.smsCodeAccepted ? 'newPassword' : 'smsCode';
}

/** Whether the history may take the wizard to `step` now: not during a call, not to or from step 5, not beyond the furthest step. */
export function canChoose(state: ResetState, step: ResetStep): boolean {
  if (state.call !== null || state.step === 'done' || step === 'done') return false;
  return stepOrder.indexOf(step) <= stepOrder.indexOf(furthestStep(state));
}

/**
 * Milliseconds until the codes can be sent again (0: now); null when no reset has started. Never more
 * than the interval: a device clock set back after the start must not make an hour of countdown.
 */
export function resendWaitMs(state: Pick<ResetState, 'startedAt'>, now: number): number | null {
  if (state.startedAt === null) return null;
  const interval = resetMinimumIntervalSeconds * 1000;
  return Math.min(interval, Math.max(0, state.startedAt + interval - now));
}

/**
 * A resend the backend found too soon (the device clock was set forward, or a reload lost a start's
 * answer): the reset open before goes on, and the countdown runs again to the backend's Retry-After
 * (the whole interval when it named none) instead of a warning the countdown is there to prevent.
 */
function resendTooSoon(state: ResetState, error: unknown, at: number): ResetState | null {
  if (!isAppError(error) || !error.isThrottled || error.apiError !== 'RESET_PASSWORD_TOO_SOON') return null;
  const interval = resetMinimumIntervalSeconds * 1000;
  const waitMs = error.retryAfterSeconds !== undefined && error.retryAfterSeconds > 0 ? Math.min(error.retryAfterSeconds * 1000, interval) : interval;
  return { ...state, call: null, warning: null, startedAt: at + waitMs - interval };
}

/** The reset the backend ended: its links and codes are of no more use (a new start is needed). */
function endedReset(state: ResetState, ended: ResetEnd): ResetState {
  return {
    ...state,
    ended,
    links: [],
    linksFor: null,
    emailCode: '',
    smsCode: '',
    emailCodeAccepted: false,
    smsCodeAccepted: false,
    triesUsed: 0,
    fieldErrors: [],
    warning: null,
    resent: false,
    call: null,
    attempt: state.attempt + 1,
  };
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
  // (A reset the backend ended has no links: the same answers then start a new one.)
  if (state.linksFor?.phoneNumber === phoneNumber && state.linksFor.nationalId === nationalId) {
    return { ...checked(state, []), step: next(state.step), warning: null, resent: false };
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
  return {
    ...calling(state, { kind: 'checkCode', channel, code }),
    ...(channel === 'email' ? { emailCode: code, emailCodeAccepted: false } : { smsCode: code, smsCodeAccepted: false }),
  };
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
/**
 * A failed check of a code or save: a wrong code marks the field with the tries left; a password the
 * backend refuses by a rule marks the password field; an ended reset ends here too.
 */
function codeFailure(state: ResetState, call: ResetCall, error: unknown): ResetState {
  // The backend's own check of the new password (the browser's may have gone without the common-password
  // list): at the field, as the browser's check says it.
  const ruleText = call.kind === 'save' ? passwordRuleText(error) : null;
  if (ruleText) return { ...checked(state, [{ fieldId: resetFieldIds.password, text: ruleText }]), call: null, warning: null };
  const code = isAppError(error) && !error.isThrottled ? error.apiError : undefined;
  if (code === 'RESET_PASSWORD_INVALIDATED') return endedReset(state, state.triesUsed + 1 >= resetCodeTries ? 'tooMany' : 'expired');
  if (code !== 'RESET_PASSWORD_WRONG_CODE') return { ...state, call: null, warning: resetWarning(error, state.step), attempt: state.attempt + 1 };
  const triesUsed = state.triesUsed + 1;
  const failed = { ...state, call: null, triesUsed, attempt: state.attempt + 1, warning: null, resent: false };
  if (call.kind !== 'checkCode') return { ...failed, warning: resetWarning(error, state.step) };
  const fieldId = call.channel === 'email' ? resetFieldIds.emailCode : resetFieldIds.smsCode;
  return { ...failed, fieldErrors: [{ fieldId, text: 'reset.error.wrong_code_tries', params: { tries: Math.max(resetCodeTries - triesUsed, 1) } }] };
}

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
    case 'STEP_CHOSEN':
      if (event.step === state.step || !canChoose(state, event.step)) return state;
      return { ...state, step: event.step, fieldErrors: [], warning: null, ended: null, resent: false };
    case 'RESEND_REQUESTED': {
      const wait = resendWaitMs(state, event.now);
      if (codeChannel(state.step) === null || state.call !== null || wait === null || wait > 0) return state;
      const call: ResetCall = { kind: 'start', phoneNumber: state.phoneNumber, nationalId: state.nationalId, resend: true };
      return { ...calling(state, call), resent: false };
    }
    case 'START_AGAIN':
      if (state.ended === null || state.call !== null) return state;
      return { ...state, step: 'identify', ended: null, fieldErrors: [], warning: null };
    case 'ABANDONED':
      return state.call !== null && state.call.kind !== 'signIn' ? state : initialResetState;
  }
  // An answer: only to the call under way.
  const call = state.call;
  if (call === null || event.call !== call) return state;
  switch (event.type) {
    case 'RESET_STARTED':
      // A new reset, from step 1 or sent again from a code step: the email code next, nothing of the one before.
      return call.kind === 'start'
        ? {
            ...state,
            step: 'emailCode',
            links: event.links,
            linksFor: { phoneNumber: call.phoneNumber, nationalId: call.nationalId },
            maskedEmail: event.maskedEmail ?? null,
            startedAt: event.at ?? null,
            emailCode: '',
            smsCode: '',
            emailCodeAccepted: false,
            smsCodeAccepted: false,
            triesUsed: 0,
            ended: null,
            resent: call.resend === true,
            call: null,
            warning: null,
          }
        : state;
    case 'CODE_ACCEPTED':
      if (call.kind !== 'checkCode') return state;
      return {
        ...state,
        step: next(state.step),
        ...(call.channel === 'email' ? { emailCodeAccepted: true } : { smsCodeAccepted: true }),
        call: null,
        warning: null,
        resent: false,
      };
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
      if (call.kind === 'checkCode' || call.kind === 'save') return codeFailure(state, call, event.error);
      if (call.resend)
        return (
          resendTooSoon(state, event.error, event.at ?? Date.now()) ?? {
            ...state,
            call: null,
            warning: resetWarning(event.error, state.step),
            attempt: state.attempt + 1,
          }
        );
      return { ...state, call: null, warning: resetWarning(event.error, state.step), attempt: state.attempt + 1 };
  }
}
