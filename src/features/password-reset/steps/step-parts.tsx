/**
 * What every step of the reset wizard is made of: its form, which posts to the host route's action
 * (reset-steps.ts), its heading (read out on every step change), the error summary, a warning, the
 * buttons, the reset the backend ended, and the offer of new codes.
 */
import { type FormEvent, type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import { Form, Link, useLocation } from 'react-router';
import { Message } from '../../../ui/message';
import { resetCodeLifetimeMinutes, resetCodeTries } from '../../../contract/limits';
import { useI18n } from '../../../i18n/i18n-context';
import type { TextKey } from '../../../i18n/nb';
import { ErrorSummary } from '../../../ui/error-summary';
import { keepHyphenatedWordsWhole } from '../../../ui/hyphenated-words';
import { resetEndedShown } from '../../../errors/reset';
import { whenText } from '../../../errors/wait';
import { resendLimitNote, resetLimitParams } from '../reset-limits';
import { journey, type ResetAnswer, type ResetIntent, resendWaitMs, totalSteps } from '../reset-journey';
import type { ResetScreen } from '../reset-storage';
import { searchWithStep } from '../reset-url';
import { BusyButton } from '../../../ui/busy-button';

/** What the wizard gives each step's view. */
export interface StepProps {
  /** The step and the reset, as the host route's loader read them. */
  screen: ResetScreen;
  /** The action's answer when the step stayed: field errors, or a warning. */
  answer: ResetAnswer | undefined;
  /** A form of the wizard is with the action (pending in the router). */
  busy: boolean;
  /** The wizard's Back (the history's Back when that is the step before). */
  onBack: () => void;
  /** The page's way to a new password with eID, for a warning that needs it and for an ended reset. */
  eidReset: ReactNode;
  /** Where focus goes on a step change, a warning, the ended reset and new codes (reset-wizard.tsx). */
  focus: { heading: Ref<HTMLHeadingElement>; warning: Ref<HTMLDivElement>; ended: Ref<HTMLDivElement>; resent: Ref<HTMLDivElement> };
}

/**
 * A step's form: it posts to the host route's action at the step's URL (the router's pending state is
 * the wizard's busy state). Sent once per answer: a key pressed twice, or a press while the action
 * works, sends nothing more.
 */
export function StepForm({ busy, children, formRef, onReset }: { busy: boolean; children: ReactNode; formRef?: Ref<HTMLFormElement>; onReset?: () => void }) {
  const location = useLocation();
  const sentAt = useRef<string | null>(null);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (busy || sentAt.current === location.key) event.preventDefault();
    else sentAt.current = location.key;
  }
  return (
    <Form method="post" noValidate className="reset__form" onSubmit={onSubmit} ref={formRef} onReset={onReset}>
      <input type="hidden" name="intent" value={'reset-submit' satisfies ResetIntent} />
      {children}
    </Form>
  );
}

export function StepHeading({ screen, focus }: Pick<StepProps, 'screen' | 'focus'>) {
  const { t } = useI18n();
  const step = journey[screen.step];
  return (
    <h3 className="reset__heading" ref={focus.heading} tabIndex={-1}>
      {screen.step !== 'done' ? <span className="reset__step">{t('reset.step', { step: step.number, total: totalSteps })}</span> : null}
      {/* One flex item: a word kept whole (e-posten) must not become a line of its own. */}
      <span>{keepHyphenatedWordsWhole(t(step.heading))}</span>
    </h3>
  );
}

/** The error summary, then a warning of the last call if any (focus goes to it: reset-wizard.tsx). */
export function StepProblems({ answer, eidReset, focus }: Pick<StepProps, 'answer' | 'eidReset' | 'focus'>) {
  const { t } = useI18n();
  const location = useLocation();
  const warning = answer?.warning;
  const errors = (answer?.fieldErrors ?? []).map((error) => ({ fieldId: error.fieldId, message: t(error.text, error.params) }));
  return (
    <>
      {/* A new answer is a new location (the action's): the summary takes focus again, also with the same errors. */}
      <ErrorSummary title={t('reset.error_summary')} errors={errors} attempt={location.key} />
      {warning ? (
        <Message variant="warning" ref={focus.warning} tabIndex={-1} role="alert" className="reset__warning">
          <Message.Title>{t(warning.title)}</Message.Title>
          <Message.Description>{t(warning.text, { when: whenText(t, warning.wait), ...resetLimitParams })}</Message.Description>
          {warning.offerEid ? <div className="reset__eid">{eidReset}</div> : null}
        </Message>
      ) : null}
    </>
  );
}

/** A field's error of the last submit, as its text. */
export function useFieldError(answer: ResetAnswer | undefined) {
  const { t } = useI18n();
  return (fieldId: string) => {
    const error = answer?.fieldErrors.find((fieldError) => fieldError.fieldId === fieldId);
    return error ? t(error.text, error.params) : undefined;
  };
}

export function StepButtons({ busy, submitLabel }: Pick<StepProps, 'busy'> & { submitLabel: TextKey }) {
  const { t } = useI18n();
  return (
    <div className="reset__actions">
      <BusyButton type="submit" className="hds-button hds-button--large hds-button--primary" busy={busy} busyLabel={t('reset.busy')}>
        {t(submitLabel)}
      </BusyButton>
    </div>
  );
}

/** The step has a way back (StepBack): not step 1 or step 5, nor a step where the reset has ended. */
export const hasStepBack = (screen: ResetScreen): boolean => journey[screen.step].back !== null && screen.ended?.at !== screen.step;

/**
 * The wizard's Back, at the top of the dialog before its title, as GOV.UK's back link (issue #50); it
 * was a button below Next. A link to the step before's address, which does what that button did: the
 * history's Back when that entry is the step before, else that step in place (reset-history.ts); a
 * click with a modifier key is the browser's (a new tab at that address). While the step's call is
 * under way it does nothing, and says so. None at step 1, at step 5 or where the reset has ended.
 */
export function StepBack({ screen, busy, onBack }: Pick<StepProps, 'screen' | 'busy' | 'onBack'>) {
  const { t } = useI18n();
  const location = useLocation();
  const previous = journey[screen.step].back;
  if (previous === null || !hasStepBack(screen)) return null;
  return (
    <Link
      to={{ search: searchWithStep(location.search, previous) }}
      className="back-link"
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onBack();
      }}
    >
      {t('reset.back')}
    </Link>
  );
}

/**
 * The reset the backend ended (three wrong codes, or codes no longer valid): why, and the ways on; no
 * field, no Next. "Start again" is step 1's address, a new entry, with the phone and ID number kept.
 * With the day's codes used up (resetsLeft 0), no "start again", which the daily limit would refuse:
 * eID is the way on (issue #38).
 */
export function EndedReset({ screen, eidReset, focus }: Pick<StepProps, 'screen' | 'eidReset' | 'focus'>) {
  const { t } = useI18n();
  const location = useLocation();
  const noneLeft = screen.resetsLeft === 0;
  const text = resetEndedShown[screen.ended?.why === 'tooMany' ? 'tooMany' : 'expired'][noneLeft ? 'noneLeft' : 'some'];
  return (
    <div className="reset__form">
      <StepHeading screen={screen} focus={focus} />
      <Message variant="warning" ref={focus.ended} tabIndex={-1} role="alert" className="reset__warning">
        <Message.Title>{t(noneLeft ? 'reset.error.daily_limit_title' : 'reset.ended_title')}</Message.Title>
        <Message.Description>{t(text, { tries: resetCodeTries, minutes: resetCodeLifetimeMinutes, ...resetLimitParams })}</Message.Description>
      </Message>
      <div className="reset__actions">
        {noneLeft ? null : (
          <Form method="get">
            <StepParams search={searchWithStep(location.search, 'identify')} />
            <button type="submit" className="hds-button hds-button--large hds-button--primary">
              {t('reset.start_again')}
            </button>
          </Form>
        )}
        {eidReset}
      </div>
    </div>
  );
}

/**
 * "Send the codes again" (or, at step 1 after the reset ended, only the wait): a countdown to when a
 * new reset is allowed (resetMinimumIntervalSeconds after the last start), then the button. The
 * countdown is shown, not announced each second; the moment it is over is announced once (a polite
 * live region). Beside it, the daily limit said before it bites (issue #38): how many new codes are
 * left, and what comes after; with none left, no button, and eID offered instead.
 */
export function ResendOffer({
  startedAt,
  busy,
  offer = false,
  resetsLeft = null,
  eidReset,
}: {
  startedAt: number | null;
  busy: boolean;
  /** A code step: the button (in the step's form), not only the wait. */
  offer?: boolean;
  resetsLeft?: number | null;
  eidReset?: ReactNode;
}) {
  const { t } = useI18n();
  const [, tick] = useState(0);
  const wait = resendWaitMs({ startedAt }, Date.now());
  const seconds = wait === null ? 0 : Math.ceil(wait / 1000);
  useEffect(() => {
    if (wait === null || wait <= 0) return;
    // To the next whole second of the countdown.
    const timer = window.setTimeout(() => tick((count) => count + 1), wait % 1000 || 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);
  if (wait === null) return null;
  // Step 1: only the wait, while there is one; its own Send button does the rest.
  if (!offer) return seconds > 0 ? <p className="reset__resend-wait">{t('reset.resend_wait', { seconds })}</p> : null;
  const limit = resendLimitNote(resetsLeft);
  if (resetsLeft === 0) {
    return (
      <div className="reset__resend">
        <p className="reset__resend-question">{t('reset.no_code')}</p>
        <p className="reset__resend-limit">{t(limit.key, limit.params)}</p>
        {eidReset}
      </div>
    );
  }
  return (
    <div className="reset__resend">
      <p className="reset__resend-question">{t('reset.no_code')}</p>
      {seconds > 0 ? (
        <p className="reset__resend-wait">{t('reset.resend_wait', { seconds })}</p>
      ) : (
        <BusyButton type="submit" name="intent" value={'reset-resend' satisfies ResetIntent} className="hds-button hds-button--secondary" busy={busy}>
          {t('reset.resend')}
        </BusyButton>
      )}
      <p className="reset__resend-limit">{t(limit.key, limit.params)}</p>
      <p className="visually-hidden" aria-live="polite">
        {seconds > 0 ? '' : t('reset.resend_ready')}
      </p>
    </div>
  );
}

/** The query of a step's address as a GET form's fields: the form goes there, other parameters kept. */
function StepParams({ search }: { search: string }) {
  return (
    <>
      {[...new URLSearchParams(search)].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
