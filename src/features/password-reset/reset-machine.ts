/**
 * The one-time-code reset wizard as an explicit state machine (SPEC §4), pure (no React): the wizard
 * renders its state, sends it what the person did and what a call answered, and hands the call it
 * asks for (`call`, one at a time) to the host route's action (reset-calls.ts). Which step follows
 * which is reset-journey.ts; the history (decision 017) may choose any step up to `furthestStep`.
 *
 * A submit is checked here (field errors) and starts at most one call; one while a call is under way
 * is ignored. A failed call stays on the step with a warning; a wrong code marks the field with the
 * tries left (resetCodeTries, both code steps together, as the backend counts); a reset the backend
 * ended shows only ways on (start again, eID). Sending the codes again is a new reset for the same
 * person (SPEC has no resend). Saving signs in with the new password in the same call; step 5 shows
 * how that went. The password is never in the state: it goes from the form to the call.
 */
import { type Link, isAppError } from '../../api/errors';
import { digitsOf, isDigits, phoneDigitsOf } from '../../contract/api';
import { phoneNumberLength, resetCodeLength, resetCodeTries, resetMinimumIntervalSeconds } from '../../contract/limits';
import type { TextKey } from '../../i18n/nb';
import { fieldMessage, isValidNationalId, normaliseNationalId } from '../login';
import { passwordProblemTextKey } from '../../errors/password-rules';
import { checkNewPassword } from '../password-strength';
import { type Wait, waitOf } from '../throttling';
import { passwordRuleText, type ResetWarning, resetWarning } from '../../errors/reset';
import { canChoose, type CodeChannel, codeChannel, nextStep, type ResetFieldId, resendWaitMs, resetFieldIds, type ResetStep } from './reset-journey';

export type { CodeChannel, ResetFieldId, ResetStep } from './reset-journey';
export { canChoose, codeChannel, furthestStep, previousStep, resendWaitMs, resetFieldIds, stepNumber, stepOrder } from './reset-journey';

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
  /** The new password (from the form, never from here) with both codes, then the sign-in with it. */
  | { kind: 'save'; emailCode: string; smsCode: string };

/** Step 5's sign-in: done (the page is on its way to the mailbox), or refused. */
export type SignInState = { status: 'signingIn' } | { status: 'failed' } | { status: 'throttled'; wait?: Wait };

/** How the sign-in after the save went: signed in, or the refusal. */
export type SignInOutcome = { signedIn: true } | { signedIn: false; error: unknown };

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
  /**
   * Resets the person may still start within the backend's window after this one (beyond SPEC,
   * decision 026): "send new codes" says how many; null when the backend did not say.
   */
  resetsLeft: number | null;
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
  | { type: 'RESET_STARTED'; call: ResetCall; links: Link[]; maskedEmail?: string; resetsLeft?: number; at?: number }
  | { type: 'CODE_ACCEPTED'; call: ResetCall }
  | { type: 'PASSWORD_SAVED'; call: ResetCall; signIn: SignInOutcome }
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

type AnswerEvent = Extract<ResetEvent, { type: 'RESET_STARTED' | 'CODE_ACCEPTED' | 'PASSWORD_SAVED' | 'CALL_FAILED' }>;
/** What a call's action answers: the event without the call it answers (the wizard adds the call under way). */
export type ResetAnswer = AnswerEvent extends infer Event ? (Event extends AnswerEvent ? Omit<Event, 'call'> : never) : never;

/** No code of a reset: none sent, none taken, no tries used. */
const noCodes = { emailCode: '', smsCode: '', emailCodeAccepted: false, smsCodeAccepted: false, triesUsed: 0 } as const;

export const initialResetState: ResetState = {
  ...noCodes,
  step: 'identify',
  phoneNumber: '',
  nationalId: '',
  links: [],
  linksFor: null,
  maskedEmail: null,
  resetsLeft: null,
  startedAt: null,
  ended: null,
  resent: false,
  fieldErrors: [],
  warning: null,
  attempt: 0,
  call: null,
  signIn: null,
};

/** A call is under way: a submit, Back and closing wait for its answer. */
export function isBusy(state: ResetState): boolean {
  return state.call !== null;
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
  const open = { links: [], linksFor: null, fieldErrors: [], warning: null, resent: false, call: null };
  return { ...state, ...noCodes, ...open, ended, attempt: state.attempt + 1 };
}

/** A failed call: its warning on the step. */
function failedWith(state: ResetState, error: unknown): ResetState {
  return { ...state, call: null, warning: resetWarning(error, state.step), attempt: state.attempt + 1 };
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
  // As people write it: spaces, dashes, a leading +47 (contract/api.ts phoneDigitsOf).
  const phoneNumber = phoneDigitsOf(typedPhone);
  const nationalId = normaliseNationalId(typedId);
  const fieldErrors: ResetFieldError[] = [];
  const phoneError = fieldMessage(phoneNumber, isDigits(phoneNumber, phoneNumberLength), 'reset.enter_phone', 'reset.invalid_phone');
  if (phoneError) fieldErrors.push({ fieldId: resetFieldIds.phoneNumber, text: phoneError });
  const nationalIdError = fieldMessage(nationalId, isValidNationalId(nationalId), 'login.enter_foedselsnummer', 'login.invalid_foedselsnummer');
  if (nationalIdError) fieldErrors.push({ fieldId: resetFieldIds.nationalId, text: nationalIdError });
  if (fieldErrors.length > 0) return checked(state, fieldErrors);
  // Back at step 1 with the answers of the reset the links belong to: its codes still count, no new
  // reset (after a refused start with other answers too). A reset the backend ended has no links.
  if (state.linksFor?.phoneNumber === phoneNumber && state.linksFor.nationalId === nationalId) {
    return { ...checked(state, []), step: nextStep(state.step), warning: null, resent: false };
  }
  return { ...calling(state, { kind: 'start', phoneNumber, nationalId }), phoneNumber, nationalId };
}

function submitCode(state: ResetState, channel: CodeChannel, typed: string): ResetState {
  // As typed or pasted: "123 456", "123-456" (WCAG 2.2 3.3.8, issue #37); the field keeps what was typed, the call gets the digits.
  const code = digitsOf(typed);
  const empty = channel === 'email' ? 'reset.enter_email_code' : 'reset.enter_sms_code';
  const codeError = fieldMessage(code, isDigits(code, resetCodeLength), empty, 'reset.invalid_code');
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
  return calling(state, { kind: 'save', emailCode: state.emailCode, smsCode: state.smsCode });
}

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
  if (code !== 'RESET_PASSWORD_WRONG_CODE') return failedWith(state, error);
  const triesUsed = state.triesUsed + 1;
  const failed = { ...state, call: null, triesUsed, attempt: state.attempt + 1, warning: null, resent: false };
  if (call.kind !== 'checkCode') return { ...failed, warning: resetWarning(error, state.step) };
  const fieldId = call.channel === 'email' ? resetFieldIds.emailCode : resetFieldIds.smsCode;
  return { ...failed, fieldErrors: [{ fieldId, text: 'reset.error.wrong_code_tries', params: { tries: Math.max(resetCodeTries - triesUsed, 1) } }] };
}

/** What step 5 shows: on the way out, or, refused, a limit on password logins (with its wait) or anything else. */
function signInState(outcome: SignInOutcome): SignInState {
  if (outcome.signedIn) return { status: 'signingIn' };
  const { error } = outcome;
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
      return state.call !== null ? state : initialResetState;
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
            ...noCodes,
            step: 'emailCode',
            links: event.links,
            linksFor: { phoneNumber: call.phoneNumber, nationalId: call.nationalId },
            maskedEmail: event.maskedEmail ?? null,
            resetsLeft: event.resetsLeft ?? null,
            startedAt: event.at ?? null,
            ended: null,
            resent: call.resend === true,
            call: null,
            warning: null,
          }
        : state;
    case 'CODE_ACCEPTED': {
      if (call.kind !== 'checkCode') return state;
      const accepted = call.channel === 'email' ? { emailCodeAccepted: true } : { smsCodeAccepted: true };
      return { ...state, ...accepted, step: nextStep(state.step), call: null, warning: null, resent: false };
    }
    case 'PASSWORD_SAVED':
      // Step 5, with how the sign-in with the password just saved went.
      return call.kind === 'save' ? { ...state, step: 'done', warning: null, call: null, signIn: signInState(event.signIn) } : state;
    case 'CALL_FAILED':
      if (call.kind === 'checkCode' || call.kind === 'save') return codeFailure(state, call, event.error);
      // A resend the backend still finds too soon counts down again instead of warning.
      if (call.resend) return resendTooSoon(state, event.error, event.at ?? Date.now()) ?? failedWith(state, event.error);
      return failedWith(state, event.error);
  }
}
