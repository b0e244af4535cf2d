/**
 * The one-time-code reset wizard (SPEC §4) in a modal: identify, email code, SMS code, new password,
 * then the sign-in with the new password. Loaded only when the URL names a step. It shows what the
 * host route gives it: the step the loader read from the URL (`screen`), and the action's answer when
 * the step stays (`answer`); each step's view is a file of its own (steps/), whose form posts to the
 * host route's action. It holds no step of its own: Back, Forward, reload and pending state are the
 * router's (decision 017); what only the dialog needs of the history is reset-history.ts.
 */
import { type ReactNode, useRef } from 'react';
import { useNavigation } from 'react-router';
import { useI18n } from '../../i18n/i18n-context';
import { keepHyphenatedWordsWhole } from '../../ui/hyphenated-words';
import { Modal } from '../../ui/modal';
import { pathOf } from '../../screens/screens';
import { journey, type ResetAnswer, totalSteps } from './reset-journey';
import { useArrival, useResetHistory } from './reset-history';
import type { ResetScreen } from './reset-storage';
import { isResetCall } from './reset-url';
import { CodeStep } from './steps/code-step';
import { DoneStep } from './steps/done-step';
import { IdentifyStep } from './steps/identify-step';
import { NewPasswordStep } from './steps/new-password-step';
import { hasStepBack, StepBack, type StepProps } from './steps/step-parts';

export interface ResetWizardProps {
  /** The host route's loader's: the step the URL names; null while the URL names none (closed). */
  screen: ResetScreen | null;
  /** The host route's action's answer, when the step stayed. */
  answer: ResetAnswer | undefined;
  /**
   * The page's way to a new password with eID, offered inside a warning that needs it (too many
   * attempts, or codes not allowed): a control that starts it as the page's own eID button does.
   */
  eidReset: ReactNode;
  /**
   * An app path to log in at when step 5's sign-in is refused (failed or throttled), with the new
   * password: the page's own login (the app's password page in its flow). Without it, private login.
   */
  logInAgain?: string;
}

export default function ResetWizard({ screen, answer, eidReset, logInAgain = pathOf('privateLogin') }: ResetWizardProps) {
  const { t } = useI18n();
  const busy = isResetCall(useNavigation().formData);
  const { close, back } = useResetHistory(screen, busy);
  const heading = useRef<HTMLHeadingElement>(null);
  const resent = useRef<HTMLDivElement>(null);
  const warning = useRef<HTMLDivElement>(null);
  const ended = useRef<HTMLDivElement>(null);

  const step = screen?.step ?? null;
  const hasError = (answer?.fieldErrors.length ?? 0) > 0 || answer?.warning != null || (screen?.ended?.at === step && step !== null);
  const stepTitle =
    step === null
      ? ''
      : step === 'done'
        ? t('password.changed').replace(/\.$/, '')
        : `${t('reset.step', { step: journey[step].number, total: totalSteps })}: ${t(journey[step].heading)}`;

  useArrival({ step, title: hasError ? t('reset.title_error', { title: stepTitle }) : stepTitle, answer, focus: { heading, warning, ended, resent } });

  const props: StepProps | null = screen && { screen, answer, busy, onBack: back, eidReset, focus: { heading, warning, ended, resent } };
  // A step's view is new for each step, and for each new reset (the code typed for the one before goes).
  const key = `${step}-${screen?.startedAt ?? 0}`;
  const body =
    props === null ? null : step === 'identify' ? (
      <IdentifyStep key={key} {...props} />
    ) : step === 'emailCode' || step === 'smsCode' ? (
      <CodeStep key={key} {...props} />
    ) : step === 'newPassword' ? (
      <NewPasswordStep key={key} {...props} />
    ) : (
      <DoneStep key={key} {...props} logInAgain={logInAgain} />
    );

  return (
    <Modal
      open={screen !== null}
      onClose={close}
      title={keepHyphenatedWordsWhole(t('reset.dialog_title'))}
      closeOnEscape={!busy}
      closeOnBackdropClick={!busy}
      closeButton={step !== 'done'}
      className="reset"
      before={props && hasStepBack(props.screen) ? <StepBack screen={props.screen} busy={busy} onBack={back} /> : null}
    >
      {body}
    </Modal>
  );
}
