/**
 * What every step of the reset wizard is made of: its heading (read out on every step change), the
 * error summary, a warning, the buttons, the reset the backend ended, and its call, which goes to
 * the host route's action through a fetcher of the step's own (reset-calls.ts).
 */
import { type Dispatch, type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { Message } from '@postenbring/hedwig-react';
import { resetCodeLifetimeMinutes, resetCodeTries } from '../../../contract/limits';
import { useI18n } from '../../../i18n/i18n-context';
import type { TextKey } from '../../../i18n/nb';
import { ErrorSummary } from '../../../ui/error-summary';
import { keepHyphenatedWordsWhole } from '../../../ui/hyphenated-words';
import { whenText } from '../../throttling/wait';
import { callForm } from '../reset-calls';
import { resendLimitNote, resetLimitParams } from '../reset-limits';
import { journey, totalSteps } from '../reset-journey';
import { isBusy, resendWaitMs, resetReducer, type ResetAnswer, type ResetEvent, type ResetState } from '../reset-machine';

/** What the wizard gives each step's view. */
export interface StepProps {
  state: ResetState;
  dispatch: Dispatch<ResetEvent>;
  /** The wizard's Back (the history's Back when that is the step before). */
  onBack: () => void;
  /** The page's way to a new password with eID, for a warning that needs it and for an ended reset. */
  eidReset: ReactNode;
  /** Where focus goes on a step change, a warning, the ended reset and new codes (reset-wizard.tsx). */
  focus: { heading: Ref<HTMLHeadingElement>; warning: Ref<HTMLDivElement>; ended: Ref<HTMLDivElement>; resent: Ref<HTMLDivElement> };
}

/**
 * The step's call: a submit goes to the machine, and the call it starts (if any) to the host route's
 * action, through this step's fetcher; the answer goes back to the machine for the call under way,
 * once. `onAnswer`: what the step does when an answer comes (the password step empties its fields).
 */
export function useResetCall({ state, dispatch }: Pick<StepProps, 'state' | 'dispatch'>, onAnswer?: () => void) {
  const fetcher = useFetcher<ResetAnswer>();
  const handed = useRef<ResetAnswer | undefined>(undefined);
  const call = state.call;
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== 'idle' || answer === undefined || answer === handed.current || call === null) return;
    handed.current = answer;
    onAnswer?.();
    dispatch({ ...answer, call } as ResetEvent);
  }, [fetcher.state, fetcher.data, call, dispatch, onAnswer]);
  /** `signIn`: to save, the new password as typed and the ID to sign in with (sent, never kept). */
  return (event: ResetEvent, signIn?: { nationalId: string; password: string }) => {
    const next = resetReducer(state, event);
    dispatch(event);
    if (next.call !== null && next.call !== state.call) void fetcher.submit(callForm(next.call, state.links, signIn), { method: 'post' });
  };
}

export function StepHeading({ state, focus }: Pick<StepProps, 'state' | 'focus'>) {
  const { t } = useI18n();
  const step = journey[state.step];
  return (
    <h3 className="reset__heading" ref={focus.heading} tabIndex={-1}>
      {state.step !== 'done' ? <span className="reset__step">{t('reset.step', { step: step.number, total: totalSteps })}</span> : null}
      {/* One flex item: a word kept whole (e-posten) must not become a line of its own. */}
      <span>{keepHyphenatedWordsWhole(t(step.heading))}</span>
    </h3>
  );
}

/** The error summary, then a warning of the last call if any (focus goes to it: reset-wizard.tsx). */
export function StepProblems({ state, eidReset, focus }: Pick<StepProps, 'state' | 'eidReset' | 'focus'>) {
  const { t } = useI18n();
  const errors = state.fieldErrors.map((error) => ({ fieldId: error.fieldId, message: t(error.text, error.params) }));
  return (
    <>
      <ErrorSummary title={t('reset.error_summary')} errors={errors} attempt={state.attempt} />
      {state.warning ? (
        <Message variant="warning" ref={focus.warning} tabIndex={-1} role="alert" className="reset__warning">
          <Message.Title>{t(state.warning.title)}</Message.Title>
          <Message.Description>{t(state.warning.text, { when: whenText(t, state.warning.wait), ...resetLimitParams })}</Message.Description>
          {state.warning.offerEid ? <div className="reset__eid">{eidReset}</div> : null}
        </Message>
      ) : null}
    </>
  );
}

/** A field's error of the last submit, as its text. */
export function useFieldError(state: ResetState) {
  const { t } = useI18n();
  return (fieldId: string) => {
    const error = state.fieldErrors.find((fieldError) => fieldError.fieldId === fieldId);
    return error ? t(error.text, error.params) : undefined;
  };
}

export function StepButtons({ state, onBack, submitLabel }: Pick<StepProps, 'state' | 'onBack'> & { submitLabel: TextKey }) {
  const { t } = useI18n();
  const busy = isBusy(state);
  return (
    <div className="reset__actions">
      <button type="submit" className="hds-button hds-button--large hds-button--primary" aria-disabled={busy || undefined}>
        {busy ? t('reset.busy') : t(submitLabel)}
      </button>
      {journey[state.step].back !== null ? (
        <button type="button" className="hds-button hds-button--large hds-button--tertiary" onClick={onBack} disabled={busy}>
          {t('reset.back')}
        </button>
      ) : null}
    </div>
  );
}

const endedTexts = {
  tooMany: { some: 'reset.ended.too_many', noneLeft: 'reset.ended.too_many_none_left' },
  expired: { some: 'reset.ended.expired', noneLeft: 'reset.ended.expired_none_left' },
} as const satisfies Record<string, Record<'some' | 'noneLeft', TextKey>>;

/**
 * The reset the backend ended (three wrong codes, or codes no longer valid): why, and the ways on; no
 * field, no Next. With the day's codes used up (resetsLeft 0), no "start again", which the daily limit
 * would refuse: eID is the way on (issue #38).
 */
export function EndedReset({ state, dispatch, eidReset, focus }: Pick<StepProps, 'state' | 'dispatch' | 'eidReset' | 'focus'>) {
  const { t } = useI18n();
  const noneLeft = state.resetsLeft === 0;
  const text = endedTexts[state.ended === 'tooMany' ? 'tooMany' : 'expired'][noneLeft ? 'noneLeft' : 'some'];
  return (
    <div className="reset__form">
      <StepHeading state={state} focus={focus} />
      <Message variant="warning" ref={focus.ended} tabIndex={-1} role="alert" className="reset__warning">
        <Message.Title>{t(noneLeft ? 'reset.error.daily_limit_title' : 'reset.ended_title')}</Message.Title>
        <Message.Description>{t(text, { tries: resetCodeTries, minutes: resetCodeLifetimeMinutes, ...resetLimitParams })}</Message.Description>
      </Message>
      <div className="reset__actions">
        {noneLeft ? null : (
          <button type="button" className="hds-button hds-button--large hds-button--primary" onClick={() => dispatch({ type: 'START_AGAIN' })}>
            {t('reset.start_again')}
          </button>
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
  onResend,
  resetsLeft = null,
  eidReset,
}: {
  startedAt: number | null;
  busy: boolean;
  onResend?: () => void;
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
  // Step 1 (no onResend): only the wait, while there is one; its own Send button does the rest.
  if (!onResend) return seconds > 0 ? <p className="reset__resend-wait">{t('reset.resend_wait', { seconds })}</p> : null;
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
        <button type="button" className="hds-button hds-button--secondary" aria-disabled={busy || undefined} onClick={() => busy || onResend()}>
          {t('reset.resend')}
        </button>
      )}
      <p className="reset__resend-limit">{t(limit.key, limit.params)}</p>
      <p className="visually-hidden" aria-live="polite">
        {seconds > 0 ? '' : t('reset.resend_ready')}
      </p>
    </div>
  );
}
