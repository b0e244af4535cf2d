/**
 * The one-time-code reset wizard (SPEC §4) in a modal: identify, email code, SMS code, new password,
 * then sign-in with the new password. Loaded only when the person opens it. Its state is the
 * machine's (reset-machine.ts), its steps' order the journey's (reset-journey.ts); each step's view
 * is a file of its own (steps/), and each step's call runs in an action of the host route
 * (reset-route-action.ts) through the step's fetcher.
 *
 * Each step is a history entry of the page that hosts it (decision 017): the step is in the query
 * (reset-url.ts), Back and Forward move between steps (use-reset-history.ts), and the state lives in
 * sessionStorage (reset-storage.ts) for a reload or a restored tab, on that same page only.
 */
import { type ReactNode, useEffect, useReducer, useRef } from 'react';
import { useLocation } from 'react-router';
import { useI18n } from '../../i18n/i18n-context';
import { keepHyphenatedWordsWhole } from '../../ui/hyphenated-words';
import { Modal } from '../../ui/modal';
import { pathOf } from '../../screens/screens';
import { journey, totalSteps } from './reset-journey';
import { initialResetState, isBusy, resetReducer, type ResetState } from './reset-machine';
import { readStoredReset, resumedState, storedReset, writeStoredReset } from './reset-storage';
import { stepFromSearch } from './reset-url';
import { CodeStep } from './steps/code-step';
import { DoneStep } from './steps/done-step';
import { IdentifyStep } from './steps/identify-step';
import { NewPasswordStep } from './steps/new-password-step';
import type { StepProps } from './steps/step-parts';
import { useResetHistory } from './use-reset-history';

/** The calls, for the host route's action (reset-route-action.ts): they come with the wizard's chunk. */
export { runResetCall } from './reset-calls';

export interface ResetWizardProps {
  open: boolean;
  onClose: () => void;
  /**
   * The page's way to a new password with eID, offered inside a warning that needs it (too many
   * attempts, or codes not allowed): a control that starts it as the page's own eID button does.
   */
  eidReset: ReactNode;
  /**
   * An app path (for navigate()) to go to after step 5's sign-in, in place of this page: the app's
   * own flow (docs/decisions/018). Without it, the private mailbox (SPEC §4).
   */
  afterSignIn?: string;
  /**
   * An app path to log in at when step 5's sign-in is refused (failed or throttled), with the new
   * password: the page's own login (the app's password page in its flow). Without it, private login.
   */
  logInAgain?: string;
}

/** Where the wizard starts: the reset kept for this page, at the URL's step when the reset allows it. */
function startingState(path: string, search: string): ResetState {
  const stored = readStoredReset(path);
  return stored ? resumedState(stored, stepFromSearch(search)) : initialResetState;
}

export default function ResetWizard({ open, onClose, eidReset, afterSignIn, logInAgain = pathOf('privateLogin') }: ResetWizardProps) {
  const { t } = useI18n();
  const location = useLocation();
  const [state, dispatch] = useReducer(resetReducer, undefined, () => startingState(location.pathname, location.search));
  const { close, back } = useResetHistory(state, dispatch, { open, onClose, afterSignIn });
  const busy = isBusy(state);
  const heading = useRef<HTMLHeadingElement>(null);
  const resent = useRef<HTMLDivElement>(null);
  const warning = useRef<HTMLDivElement>(null);
  const ended = useRef<HTMLDivElement>(null);
  const firstState = useRef(state);
  const baseTitle = useRef<string | null>(null);

  // Each step starts at its heading, so it is read out (also after Back, Forward and a reload); new
  // codes sent at the person's asking start at the notice that says so (a notice put in at the same
  // moment as focus moves is often not announced); a warning, or the end of the reset, takes focus
  // when it appears.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step, or a new reset, is the trigger
  useEffect(() => {
    if (!open) return;
    if (state.resent && resent.current) resent.current.focus();
    else heading.current?.focus();
  }, [state.step, state.startedAt, open]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt is the trigger, also with the same warning
  useEffect(() => {
    if (state.warning) warning.current?.focus();
    else if (state.ended) ended.current?.focus();
  }, [state.warning, state.ended, state.attempt]);

  // Kept for a reload for the life of the reset; forgotten when it is done (storedReset: null).
  useEffect(() => {
    if (state !== firstState.current) writeStoredReset(storedReset(state, location.pathname));
  }, [state, location.pathname]);

  // The page title names the step, with "Feil: " first while the step shows an error.
  const hasError = state.fieldErrors.length > 0 || state.warning !== null || state.ended !== null;
  const stepTitle =
    state.step === 'done'
      ? t('password.changed').replace(/\.$/, '')
      : `${t('reset.step', { step: journey[state.step].number, total: totalSteps })}: ${t(journey[state.step].heading)}`;
  useEffect(() => {
    if (!open) {
      baseTitle.current = null;
      return;
    }
    baseTitle.current ??= document.title;
    const base = baseTitle.current;
    const title = base ? `${stepTitle} – ${base}` : stepTitle;
    document.title = hasError ? t('reset.title_error', { title }) : title;
    return () => {
      document.title = base;
    };
  }, [open, stepTitle, hasError, t]);

  const props: StepProps = { state, dispatch, onBack: back, eidReset, focus: { heading, warning, ended, resent } };
  // A step's view (and its fetcher) is new for each step, and for each new reset (the code typed for the one before goes).
  const key = `${state.step}-${state.startedAt ?? 0}`;
  const body =
    state.step === 'identify' ? (
      <IdentifyStep key={key} {...props} />
    ) : state.step === 'emailCode' || state.step === 'smsCode' ? (
      <CodeStep key={key} {...props} />
    ) : state.step === 'newPassword' ? (
      <NewPasswordStep key={key} {...props} />
    ) : (
      <DoneStep key={key} {...props} logInAgain={logInAgain} />
    );

  return (
    <Modal
      open={open}
      onClose={close}
      title={keepHyphenatedWordsWhole(t('reset.dialog_title'))}
      closeOnEscape={!busy}
      closeOnBackdropClick={!busy}
      closeButton={state.step !== 'done'}
      className="reset"
    >
      {body}
    </Modal>
  );
}
