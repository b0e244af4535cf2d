/**
 * The one-time-code reset wizard (SPEC §4) in a modal: identify, email code, SMS code, new password,
 * then sign-in with the new password. Loaded only when the person opens it. Its state is the machine's
 * (reset-machine.ts): this component shows it, tells it what the person did and makes the calls it asks for.
 *
 * Each step is a history entry of the page that hosts it (decision 017): the step is in the query
 * (reset-url.ts), Back and Forward move between steps, and the state lives in sessionStorage
 * (reset-storage.ts) for a reload or a restored tab, on that same page only.
 */
import { useEffect, useReducer, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Message } from '@postenbring/hedwig-react';
import type { Link } from '../../api/errors';
import { requireLink } from '../../api/links';
import { passwordLogin } from '../../api/login';
import { checkResetCode, saveNewPassword, startPasswordReset } from '../../api/password-reset';
import type { RootDocument } from '../../api/root';
import { externalPaths, appUrl } from '../../config/paths';
import { useI18n } from '../../i18n/i18n-context';
import type { TextKey } from '../../i18n/nb';
import { ErrorSummary } from '../../ui/error-summary';
import { Field } from '../../ui/field';
import { keepHyphenatedWordsWhole } from '../../ui/hyphenated-words';
import { Modal } from '../../ui/modal';
import { PasswordInput } from '../../ui/password-input';
import { loadedCommonPasswordCheck, StrengthMeter } from '../password-strength';
import { forgetRootDocument } from '../session';
import { whenText } from '../throttling';
import { resetCodeLifetimeMinutes, resetCodeTries } from '../../contract/limits';
import {
  canChoose,
  codeChannel,
  initialResetState,
  isBusy,
  previousStep,
  resendWaitMs,
  resetFieldIds,
  resetReducer,
  stepNumber,
  type ResetCall,
  type ResetEvent,
  type ResetState,
  type ResetStep,
} from './reset-machine';
import { readStoredReset, resumedState, storedReset, writeStoredReset } from './reset-storage';
import { hasStep, resetHistoryState, searchWithStep, stepFromSearch, type ResetHistoryState } from './reset-url';
import { pathOf } from '../../screens/screens';

const totalSteps = 4;

const headingKeys: Record<ResetStep, TextKey> = {
  identify: 'reset.identify_heading',
  emailCode: 'reset.email_heading',
  smsCode: 'reset.sms_heading',
  newPassword: 'reset.password_heading',
  done: 'password.changed',
};
const typed = (form: FormData, name: string) => String(form.get(name) ?? '');
const neverCommon = () => false;

export interface ResetWizardProps {
  open: boolean;
  onClose: () => void;
  root: RootDocument;
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
  /** The app authorization whose flow hosts the wizard: step 5's sign-in is made for it (decision 019). */
  appAuthorization?: string;
}

/** Makes the call the machine asks for; answers with the event that says how it went. */
async function makeCall(call: ResetCall, rootLinks: Link[], resetLinks: Link[], appAuthorization: string | undefined): Promise<ResetEvent> {
  try {
    switch (call.kind) {
      case 'start': {
        const started = await startPasswordReset(requireLink(rootLinks, 'reset_password'), call.phoneNumber, call.nationalId);
        // When the answer came: the backend's interval started before it, so a countdown from here is never short.
        return { type: 'RESET_STARTED', call, links: started.link, at: Date.now(), ...(started.maskedEmail ? { maskedEmail: started.maskedEmail } : {}) };
      }
      case 'checkCode':
        await checkResetCode(requireLink(resetLinks, call.channel === 'email' ? 'check_email_code' : 'check_sms_code'), call.code);
        return { type: 'CODE_ACCEPTED', call };
      case 'save':
        await saveNewPassword(requireLink(resetLinks, 'self'), call.emailCode, call.smsCode, call.password);
        return { type: 'PASSWORD_SAVED', call };
      case 'signIn':
        await passwordLogin(requireLink(rootLinks, 'login_password'), call.nationalId, call.password, appAuthorization);
        return { type: 'SIGNED_IN', call };
    }
  } catch (error) {
    return { type: 'CALL_FAILED', call, error, at: Date.now() };
  }
}

/** Where the wizard starts: the reset kept for this page, at the URL's step when the reset allows it. */
function startingState(path: string, search: string): ResetState {
  const stored = readStoredReset(path);
  return stored ? resumedState(stored, stepFromSearch(search)) : initialResetState;
}

export default function ResetWizard({ open, onClose, root, eidReset, afterSignIn, logInAgain = pathOf('privateLogin'), appAuthorization }: ResetWizardProps) {
  const { t, language } = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(resetReducer, undefined, () => startingState(location.pathname, location.search));
  const busy = isBusy(state);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const resentRef = useRef<HTMLDivElement>(null);
  const warningRef = useRef<HTMLDivElement>(null);
  const endedRef = useRef<HTMLDivElement>(null);
  const passwordFormRef = useRef<HTMLFormElement>(null);
  const startedCall = useRef<ResetCall | null>(null);
  const firstState = useRef(state);
  /** The step the URL and the machine last agreed on; null until a step has been shown. */
  const syncedStep = useRef<ResetStep | null>(null);
  /** The person closed the wizard: the entry it was closed at, while its entries are being left. */
  const closing = useRef<string | null>(null);
  const baseTitle = useRef<string | null>(null);
  /** Step 5 signed in and the page is being left for `afterSignIn`: the URL no longer follows the machine. */
  const leaving = useRef(false);

  const urlStep = stepFromSearch(location.search);
  const urlHasStep = hasStep(location.search);
  const entry = resetHistoryState(location.state);

  // Each step starts at its heading, so it is read out (also after Back, Forward and a reload); new
  // codes sent at the person's asking start at the notice that says so (a notice put in at the same
  // moment as focus moves is often not announced); a warning, or the end of the reset, takes focus
  // when it appears.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step, or a new reset, is the trigger
  useEffect(() => {
    if (!open) return;
    if (state.resent && resentRef.current) resentRef.current.focus();
    else headingRef.current?.focus();
  }, [state.step, state.startedAt, open]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt is the trigger, also with the same warning
  useEffect(() => {
    if (state.warning) warningRef.current?.focus();
    else if (state.ended) endedRef.current?.focus();
  }, [state.warning, state.ended, state.attempt]);

  // The step in the URL and the machine's step kept together (decision 017).
  useEffect(() => {
    // On the way out (a replace to the app's approval, still loading): a step=done entry pushed now
    // would interrupt it, and Back from the approval would lead to a reset that is over.
    if (leaving.current) return;
    if (closing.current !== null) {
      if (urlHasStep) {
        // Left the wizard's entries and still at one with a step (the wizard opened at a step's address): out of it too.
        if (location.key !== closing.current) navigate({ search: searchWithStep(location.search, null) }, { replace: true });
        return;
      }
      closing.current = null;
    }
    if (!urlHasStep) {
      if (!open) return;
      if (syncedStep.current !== null) {
        // Back from the first step: the dialog closes; the reset is kept, for Forward.
        syncedStep.current = null;
        onClose();
      } else {
        // Opened by a page that did not put the step in the URL: it goes there now, as a new entry.
        navigate({ search: searchWithStep(location.search, state.step) }, { state: { resetDepth: 1 } satisfies ResetHistoryState });
      }
      return;
    }
    if (!open) return;
    if (urlStep === state.step) {
      syncedStep.current = state.step;
      return;
    }
    if (syncedStep.current === null && urlStep === 'done') {
      // The address of a reset that is over (Back from the mailbox): the page without the wizard.
      navigate({ search: searchWithStep(location.search, null) }, { replace: true });
      onClose();
      return;
    }
    if (syncedStep.current !== null && urlStep === syncedStep.current) {
      // The machine moved (an answer, start again, new codes): a new entry.
      const next: ResetHistoryState = { resetDepth: entry.resetDepth + 1, resetFrom: syncedStep.current };
      navigate({ search: searchWithStep(location.search, state.step) }, { state: next });
      return;
    }
    // The URL moved (Back, Forward, a step's address): the machine follows where the reset allows it,
    // else the URL comes back to the step it is at, in place.
    if (urlStep !== null && canChoose(state, urlStep)) dispatch({ type: 'STEP_CHOSEN', step: urlStep });
    else navigate({ search: searchWithStep(location.search, state.step) }, { replace: true, state: { resetDepth: entry.resetDepth } });
  }, [open, urlHasStep, urlStep, state, location.key, location.search, entry.resetDepth, navigate, onClose]);

  // Back from the mailbox to this page as the browser kept it (back/forward cache, no new load): the
  // reset is over, so the page without the wizard, not step 5's "Logging you in …" with no way on.
  useEffect(() => {
    if (state.step !== 'done') return;
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      syncedStep.current = null;
      closing.current = location.key;
      dispatch({ type: 'ABANDONED' });
      navigate({ search: searchWithStep(location.search, null) }, { replace: true });
      onClose();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [state.step, location.key, location.search, navigate, onClose]);

  // Kept for a reload for the life of the reset; forgotten when it is done (storedReset: null).
  useEffect(() => {
    if (state !== firstState.current) writeStoredReset(storedReset(state, location.pathname));
  }, [state, location.pathname]);

  // The page title names the step, with "Feil: " first while the step shows an error.
  const hasError = state.fieldErrors.length > 0 || state.warning !== null || state.ended !== null;
  const stepTitle =
    state.step === 'done'
      ? t('password.changed').replace(/\.$/, '')
      : `${t('reset.step', { step: stepNumber(state.step), total: totalSteps })}: ${t(headingKeys[state.step])}`;
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

  // The call the machine asks for, once: the effect also runs again for new links or a new root document
  // (the page's data reloaded) while the call is under way. Its answer goes back to the machine.
  useEffect(() => {
    const call = state.call;
    if (call === null || startedCall.current === call) return;
    startedCall.current = call;
    void makeCall(call, root.link, state.links, appAuthorization).then((answer) => {
      // Never keep a password in the page longer than needed.
      if (call.kind === 'save') passwordFormRef.current?.reset();
      // Step 5 signed in: on to the mailbox, or to the page's app path (a new session: the root again).
      if (answer.type === 'SIGNED_IN' && afterSignIn === undefined) window.location.assign(externalPaths.privateMailbox);
      if (answer.type === 'SIGNED_IN' && afterSignIn !== undefined) {
        leaving.current = true;
        forgetRootDocument();
        void navigate(afterSignIn, { replace: true });
      }
      dispatch(answer);
    });
  }, [state.call, state.links, root.link, afterSignIn, navigate, appAuthorization]);

  /** The person closes the wizard (cross, Escape, backdrop): the reset is abandoned, and its entries left. */
  function close() {
    if (busy) return;
    closing.current = location.key;
    syncedStep.current = null;
    writeStoredReset(null);
    dispatch({ type: 'ABANDONED' });
    if (entry.resetDepth > 0) navigate(-entry.resetDepth);
    else navigate({ search: searchWithStep(location.search, null) }, { replace: true });
    onClose();
  }

  /** The wizard's Back: the history's Back when the entry behind is the step before, else that step in place. */
  function back() {
    if (busy) return;
    const previous = previousStep(state.step);
    if (entry.resetFrom === previous) navigate(-1);
    else navigate({ search: searchWithStep(location.search, previous) }, { replace: true, state: { resetDepth: entry.resetDepth } });
  }

  function submitIdentity(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    dispatch({ type: 'IDENTITY_SUBMITTED', phoneNumber: typed(form, 'phoneNumber'), nationalId: typed(form, 'nationalId') });
  }

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    dispatch({ type: 'CODE_SUBMITTED', code: typed(new FormData(event.currentTarget), 'code') });
  }

  function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // The common-password list if it is here (the strength meter asked for it); never waited for: on a
    // slow line Save would seem to do nothing for seconds, and the backend checks the list anyway.
    const isCommon = loadedCommonPasswordCheck() ?? neverCommon;
    dispatch({ type: 'PASSWORD_SUBMITTED', password: typed(form, 'password'), repeat: typed(form, 'repeat'), isCommon });
  }

  const errorFor = (fieldId: string) => {
    const error = state.fieldErrors.find((fieldError) => fieldError.fieldId === fieldId);
    return error ? t(error.text, error.params) : undefined;
  };

  const heading = (key: TextKey) => (
    <h3 className="reset__heading" ref={headingRef} tabIndex={-1}>
      {state.step !== 'done' ? <span className="reset__step">{t('reset.step', { step: stepNumber(state.step), total: totalSteps })}</span> : null}
      {/* One flex item: a word kept whole (e-posten) must not become a line of its own. */}
      <span>{keepHyphenatedWordsWhole(t(key))}</span>
    </h3>
  );

  const buttons = (submitLabel: TextKey) => (
    <div className="reset__actions">
      <button type="submit" className="hds-button hds-button--large hds-button--primary" aria-disabled={busy || undefined}>
        {busy ? t('reset.busy') : t(submitLabel)}
      </button>
      {state.step !== 'identify' ? (
        <button type="button" className="hds-button hds-button--large hds-button--tertiary" onClick={back} disabled={busy}>
          {t('reset.back')}
        </button>
      ) : null}
    </div>
  );

  const warning = state.warning ? (
    <Message variant="warning" ref={warningRef} tabIndex={-1} role="alert" className="reset__warning">
      <Message.Title>{t(state.warning.title)}</Message.Title>
      <Message.Description>{t(state.warning.text, { when: whenText(t, state.warning.wait) })}</Message.Description>
      {state.warning.offerEid ? <div className="reset__eid">{eidReset}</div> : null}
    </Message>
  ) : null;

  const summary = (
    <ErrorSummary
      title={t('reset.error_summary')}
      errors={state.fieldErrors.map((error) => ({ fieldId: error.fieldId, message: t(error.text, error.params) }))}
      attempt={state.attempt}
    />
  );

  /** The reset the backend ended (three wrong codes, or codes no longer valid): why, and the ways on. */
  const ended = (headingKey: TextKey) => (
    <div className="reset__form">
      {heading(headingKey)}
      <Message variant="warning" ref={endedRef} tabIndex={-1} role="alert" className="reset__warning">
        <Message.Title>{t('reset.ended_title')}</Message.Title>
        <Message.Description>
          {t(state.ended === 'tooMany' ? 'reset.ended.too_many' : 'reset.ended.expired', { tries: resetCodeTries, minutes: resetCodeLifetimeMinutes })}
        </Message.Description>
      </Message>
      <div className="reset__actions">
        <button type="button" className="hds-button hds-button--large hds-button--primary" onClick={() => dispatch({ type: 'START_AGAIN' })}>
          {t('reset.start_again')}
        </button>
        {eidReset}
      </div>
    </div>
  );

  let body: ReactNode;
  switch (state.step) {
    case 'identify':
      body = (
        <form noValidate onSubmit={submitIdentity} className="reset__form">
          {heading('reset.identify_heading')}
          {summary}
          {warning}
          <Field id={resetFieldIds.phoneNumber} label={t('reset.phone')} hint={t('reset.phone_hint')} error={errorFor(resetFieldIds.phoneNumber)}>
            {(control) => <input {...control} name="phoneNumber" type="tel" inputMode="numeric" autoComplete="tel-national" defaultValue={state.phoneNumber} />}
          </Field>
          <Field id={resetFieldIds.nationalId} label={t('login.national_id')} hint={t('login.national_id_hint')} error={errorFor(resetFieldIds.nationalId)}>
            {(control) => <input {...control} name="nationalId" type="text" inputMode="numeric" autoComplete="username" defaultValue={state.nationalId} />}
          </Field>
          {buttons('reset.send_codes')}
          {/* Started again after the reset ended: new codes only once the backend's interval has passed. */}
          {state.linksFor === null ? <ResendOffer startedAt={state.startedAt} busy={busy} /> : null}
        </form>
      );
      break;
    case 'emailCode':
    case 'smsCode': {
      const channel = codeChannel(state.step) ?? 'email';
      const fieldId = channel === 'email' ? resetFieldIds.emailCode : resetFieldIds.smsCode;
      const headingKey = channel === 'email' ? 'reset.email_heading' : 'reset.sms_heading';
      if (state.ended) {
        // The backend ended the reset: no code field and no Next, only the ways on.
        body = ended(headingKey);
        break;
      }
      const whereSent =
        channel === 'sms'
          ? t('reset.sms_body', { phone: state.phoneNumber })
          : state.maskedEmail
            ? t('reset.email_body_masked', { email: state.maskedEmail })
            : t('reset.email_body');
      body = (
        // A new reset (new codes) is a new form: the code typed for the one before goes.
        <form key={`${channel}-${state.startedAt ?? 0}`} noValidate onSubmit={submitCode} className="reset__form">
          {heading(headingKey)}
          {state.resent && channel === 'email' ? (
            <Message variant="success" ref={resentRef} tabIndex={-1} role="status" className="reset__notice">
              <Message.Description>{t('reset.resent')}</Message.Description>
            </Message>
          ) : null}
          <p>
            {whereSent} {t('reset.code_lifetime', { minutes: resetCodeLifetimeMinutes })}
          </p>
          {summary}
          {warning}
          <Field id={fieldId} label={t(channel === 'email' ? 'reset.email_code' : 'reset.sms_code')} error={errorFor(fieldId)}>
            {(control) => (
              <input
                {...control}
                name="code"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                spellCheck={false}
                defaultValue={channel === 'email' ? state.emailCode : state.smsCode}
              />
            )}
          </Field>
          {buttons('reset.next')}
          <ResendOffer startedAt={state.startedAt} busy={busy} onResend={() => dispatch({ type: 'RESEND_REQUESTED', now: Date.now() })} />
        </form>
      );
      break;
    }
    case 'newPassword':
      body = (
        <NewPasswordStep
          heading={heading('reset.password_heading')}
          summary={summary}
          warning={warning}
          errorFor={errorFor}
          buttons={buttons('reset.save')}
          onSubmit={submitPassword}
          formRef={passwordFormRef}
        />
      );
      if (state.ended) body = ended('reset.password_heading');
      break;
    case 'done':
      body = (
        <div className="reset__form">
          {heading('password.changed')}
          {state.signIn?.status === 'throttled' ? (
            <>
              <p>{t('reset.sign_in_throttled', { when: whenText(t, state.signIn.wait) })}</p>
              <a className="hds-button hds-button--large hds-button--primary" href={appUrl(language, logInAgain)}>
                {t('error.back_private')}
              </a>
            </>
          ) : state.signIn?.status === 'failed' ? (
            <>
              <p>{t('reset.sign_in_failed')}</p>
              <a className="hds-button hds-button--large hds-button--primary" href={appUrl(language, logInAgain)}>
                {t('error.back_private')}
              </a>
            </>
          ) : (
            <p role="status">{t('reset.signing_in')}</p>
          )}
        </div>
      );
      break;
  }

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

/**
 * "Send the codes again" (or, at step 1 after the reset ended, only the wait): a countdown to when a new reset is allowed (resetMinimumIntervalSeconds after
 * the last start), then the button. The countdown is shown, not announced each second; the moment it
 * is over is announced once (a polite live region).
 */
function ResendOffer({ startedAt, busy, onResend }: { startedAt: number | null; busy: boolean; onResend?: () => void }) {
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
      <p className="visually-hidden" aria-live="polite">
        {seconds > 0 ? '' : t('reset.resend_ready')}
      </p>
    </div>
  );
}

function NewPasswordStep({
  heading,
  summary,
  warning,
  errorFor,
  buttons,
  onSubmit,
  formRef,
}: {
  heading: ReactNode;
  summary: ReactNode;
  warning: ReactNode;
  errorFor: (fieldId: string) => string | undefined;
  buttons: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  formRef: Ref<HTMLFormElement>;
}) {
  const { t } = useI18n();
  const [password, setPassword] = useState('');
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} onReset={() => setPassword('')} className="reset__form">
      {heading}
      {summary}
      {warning}
      <Field
        id={resetFieldIds.password}
        label={t('reset.new_password')}
        error={errorFor(resetFieldIds.password)}
        footer={<StrengthMeter password={password} id="reset-strength" />}
        footerDescriptionId="reset-strength"
      >
        {(control) => <PasswordInput {...control} name="password" autoComplete="new-password" onChange={(event) => setPassword(event.target.value)} />}
      </Field>
      <Field id={resetFieldIds.repeat} label={t('reset.repeat_password')} error={errorFor(resetFieldIds.repeat)}>
        {(control) => <PasswordInput {...control} name="repeat" autoComplete="new-password" />}
      </Field>
      {buttons}
    </form>
  );
}
