/**
 * The reset wizard's journey in one table (as GOV.UK One Login's journey map): per step its number,
 * heading, the call its submit makes (in the host route's action: reset-steps.ts), where a success
 * goes, where the wizard's Back goes, and the side paths. The action moves only along it: from a step
 * only to its `next`, on the answer of its call. Also what the action answers when the step stays
 * (ResetAnswer).
 */
import { resetMinimumIntervalSeconds } from '../../contract/limits';
import type { ResetWarning } from '../../errors/reset';
import type { TextKey } from '../../i18n/nb';

export type ResetStep = 'identify' | 'emailCode' | 'smsCode' | 'newPassword' | 'done';

/**
 * What a wizard's form asks of the host route's action (reset-route-action.ts): the step's own call
 * (its submit), or new codes from a code step. The step itself is the URL's.
 */
export type ResetIntent = 'reset-submit' | 'reset-resend';

export interface JourneyStep {
  /** "Step n of 4" (step 5 shows none). */
  number: number;
  heading: TextKey;
  /** The call a submit of this step makes, once the action has checked what was typed. */
  call: 'start' | 'checkCode' | 'save' | null;
  /** Where the call's success goes (also: step 1 with the answers of the reset open goes on without a call). */
  next: ResetStep | null;
  /** The wizard's Back link, at the top of the dialog (the history's Back when that is the entry behind). */
  back: ResetStep | null;
  /** The other ways on from this step. */
  sidePaths: readonly SidePath[];
}

export type SidePath =
  /** "Send the codes again": a new reset for the same person (reset-start), then the email-code step with a notice. */
  | 'resend'
  /** The backend ended the reset (three wrong codes, expiry, a newer reset): no field, "Start again" to step 1, answers kept. */
  | 'ended'
  /** A warning that leaves eID as the way on (a limit, strong authentication, blocked). */
  | 'eid'
  /** After the sign-in with the new password: the mailbox, or the hosting app's own path; refused: its login page. */
  | 'leave';

export const journey: Record<ResetStep, JourneyStep> = {
  identify: { number: 1, heading: 'reset.identify_heading', call: 'start', next: 'emailCode', back: null, sidePaths: ['eid'] },
  emailCode: {
    number: 2,
    heading: 'reset.email_heading',
    call: 'checkCode',
    next: 'smsCode',
    back: 'identify',
    sidePaths: ['resend', 'ended', 'eid'],
  },
  smsCode: {
    number: 3,
    heading: 'reset.sms_heading',
    call: 'checkCode',
    next: 'newPassword',
    back: 'emailCode',
    sidePaths: ['resend', 'ended', 'eid'],
  },
  // Saving signs in with the new password in the same action (reset-steps.ts): step 5 only shows how that went.
  newPassword: { number: 4, heading: 'reset.password_heading', call: 'save', next: 'done', back: 'smsCode', sidePaths: ['ended', 'eid'] },
  done: { number: 4, heading: 'password.changed', call: null, next: null, back: null, sidePaths: ['leave'] },
};

export const totalSteps = 4;

/** The steps in their order: the history may choose any of them up to the furthest the reset allows. */
export const stepOrder = Object.keys(journey) as ResetStep[];

export const stepNumber = (step: ResetStep): number => journey[step].number;

export const previousStep = (step: ResetStep): ResetStep => journey[step].back ?? step;

export const nextStep = (step: ResetStep): ResetStep => journey[step].next ?? step;

export type CodeChannel = 'email' | 'sms';

export function codeChannel(step: ResetStep): CodeChannel | null {
  return step === 'emailCode' ? 'email' : step === 'smsCode' ? 'sms' : null;
}

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

/** What of a reset decides how far it may go: its links (none: no reset open) and the codes the backend took. */
interface ResetProgress {
  links: readonly unknown[];
  emailCode: string;
  smsCode: string;
}

/** The furthest step a reset allows: step 1 with no reset open, then one step per code the backend took. */
export function furthestStep(reset: ResetProgress | null): ResetStep {
  if (reset === null || reset.links.length === 0) return 'identify';
  if (reset.emailCode === '') return 'emailCode';
  return reset.smsCode === '' ? 'smsCode' : 'newPassword';
}

/** Whether a reset allows `step` now: any step up to the furthest (step 5 is not chosen: it is reached). */
export function allows(reset: ResetProgress | null, step: ResetStep): boolean {
  return step !== 'done' && stepOrder.indexOf(step) <= stepOrder.indexOf(furthestStep(reset));
}

/**
 * Milliseconds until the codes can be sent again (0: now); null when no reset has started. Never more
 * than the interval: a device clock set back after the start must not make an hour of countdown.
 */
export function resendWaitMs(state: { startedAt: number | null }, now: number): number | null {
  if (state.startedAt === null) return null;
  const interval = resetMinimumIntervalSeconds * 1000;
  return Math.min(interval, Math.max(0, state.startedAt + interval - now));
}

export interface ResetFieldError {
  fieldId: ResetFieldId;
  text: TextKey;
  /** Values of the text: the tries left after a wrong code. */
  params?: Record<string, number>;
}

/** What the action answers when the step stays: what is wrong with what was typed, or the call's warning. */
export interface ResetAnswer {
  fieldErrors: ResetFieldError[];
  warning: ResetWarning | null;
}
