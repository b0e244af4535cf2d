/**
 * The one-time-code reset wizard as an explicit state machine (SPEC §4): each step is reached only
 * from the step before it; a failure stays on the step with a warning; going back keeps what was typed.
 */
import type { Link } from '../../api/errors';
import type { ResetWarning } from './reset-errors';

export type ResetStep = 'identify' | 'emailCode' | 'smsCode' | 'newPassword' | 'done';

export const stepOrder: ResetStep[] = ['identify', 'emailCode', 'smsCode', 'newPassword', 'done'];

export interface ResetState {
  step: ResetStep;
  phoneNumber: string;
  nationalId: string;
  emailCode: string;
  smsCode: string;
  /** Links for the later steps, from the reset_password answer. */
  links: Link[];
  warning: ResetWarning | null;
  busy: boolean;
}

export type ResetEvent =
  | { type: 'SUBMIT' }
  | { type: 'IDENTIFIED'; phoneNumber: string; nationalId: string; links: Link[] }
  | { type: 'EMAIL_CODE_ACCEPTED'; code: string }
  | { type: 'SMS_CODE_ACCEPTED'; code: string }
  | { type: 'PASSWORD_SAVED' }
  | { type: 'FAILED'; warning: ResetWarning; values?: Partial<Pick<ResetState, 'phoneNumber' | 'nationalId' | 'emailCode' | 'smsCode'>> }
  | { type: 'BACK' };

export const initialResetState: ResetState = {
  step: 'identify',
  phoneNumber: '',
  nationalId: '',
  emailCode: '',
  smsCode: '',
  links: [],
  warning: null,
  busy: false,
};

/** Which step an event moves forward from: it is ignored anywhere else. */
const forwardFrom: Partial<Record<ResetEvent['type'], ResetStep>> = {
  IDENTIFIED: 'identify',
  EMAIL_CODE_ACCEPTED: 'emailCode',
  SMS_CODE_ACCEPTED: 'smsCode',
  PASSWORD_SAVED: 'newPassword',
};

function next(step: ResetStep): ResetStep {
  return stepOrder[stepOrder.indexOf(step) + 1] ?? step;
}

export function resetReducer(state: ResetState, event: ResetEvent): ResetState {
  const from = forwardFrom[event.type];
  if (from !== undefined && state.step !== from) return state;
  switch (event.type) {
    case 'SUBMIT':
      return state.busy || state.step === 'done' ? state : { ...state, busy: true, warning: null };
    case 'IDENTIFIED':
      return {
        ...state,
        step: next(state.step),
        phoneNumber: event.phoneNumber,
        nationalId: event.nationalId,
        links: event.links,
        busy: false,
        warning: null,
      };
    case 'EMAIL_CODE_ACCEPTED':
      return { ...state, step: next(state.step), emailCode: event.code, busy: false, warning: null };
    case 'SMS_CODE_ACCEPTED':
      return { ...state, step: next(state.step), smsCode: event.code, busy: false, warning: null };
    case 'PASSWORD_SAVED':
      return { ...state, step: 'done', busy: false, warning: null };
    case 'FAILED':
      return { ...state, ...event.values, busy: false, warning: event.warning };
    case 'BACK': {
      if (state.busy || state.step === 'identify' || state.step === 'done') return state;
      return { ...state, step: stepOrder[stepOrder.indexOf(state.step) - 1], warning: null };
    }
  }
}

export function stepNumber(step: ResetStep): number {
  return Math.min(stepOrder.indexOf(step) + 1, 4);
}
