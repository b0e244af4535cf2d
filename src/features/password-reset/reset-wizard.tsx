/**
 * The one-time-code reset wizard (SPEC §4) in a modal: identify, email code, SMS code, new password,
 * then sign-in with the new password. Loaded only when the person opens it. Its state is the machine's
 * (reset-machine.ts): this component shows it, tells it what the person did and makes the calls it asks for.
 */
import { useEffect, useReducer, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { Message } from '@postenbring/hedwig-react';
import { useNavigate } from 'react-router';
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
import { loadCommonPasswordCheck } from '../password-strength/load-common-passwords';
import { StrengthMeter } from '../password-strength/strength-meter';
import { forgetRootDocument } from '../session/root-document';
import { whenText } from '../throttling/wait';
import { codeChannel, initialResetState, isBusy, resetFieldIds, resetReducer, stepNumber, type ResetCall, type ResetEvent } from './reset-machine';
import { pathOf } from '../../screens/screens';

const totalSteps = 4;
const typed = (form: FormData, name: string) => String(form.get(name) ?? '');

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
}

/** Makes the call the machine asks for; answers with the event that says how it went. */
async function makeCall(call: ResetCall, rootLinks: Link[], resetLinks: Link[]): Promise<ResetEvent> {
  try {
    switch (call.kind) {
      case 'start': {
        const started = await startPasswordReset(requireLink(rootLinks, 'reset_password'), call.phoneNumber, call.nationalId);
        return { type: 'RESET_STARTED', call, links: started.link };
      }
      case 'checkCode':
        await checkResetCode(requireLink(resetLinks, call.channel === 'email' ? 'check_email_code' : 'check_sms_code'), call.code);
        return { type: 'CODE_ACCEPTED', call };
      case 'save':
        await saveNewPassword(requireLink(resetLinks, 'self'), call.emailCode, call.smsCode, call.password);
        return { type: 'PASSWORD_SAVED', call };
      case 'signIn':
        await passwordLogin(requireLink(rootLinks, 'login_password'), call.nationalId, call.password);
        return { type: 'SIGNED_IN', call };
    }
  } catch (error) {
    return { type: 'CALL_FAILED', call, error };
  }
}

export default function ResetWizard({ open, onClose, root, eidReset, afterSignIn, logInAgain = pathOf('privateLogin') }: ResetWizardProps) {
  const { t, language } = useI18n();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(resetReducer, initialResetState);
  const busy = isBusy(state);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const warningRef = useRef<HTMLDivElement>(null);
  const passwordFormRef = useRef<HTMLFormElement>(null);
  const startedCall = useRef<ResetCall | null>(null);

  // Each step starts at its heading, so it is read out; a warning takes focus when it appears.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step is the trigger
  useEffect(() => {
    if (open) headingRef.current?.focus();
  }, [state.step, open]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt is the trigger, also with the same warning
  useEffect(() => {
    if (state.warning) warningRef.current?.focus();
  }, [state.warning, state.attempt]);

  // The call the machine asks for, once: the effect also runs again for new links or a new root document
  // (the page's data reloaded) while the call is under way. Its answer goes back to the machine.
  useEffect(() => {
    const call = state.call;
    if (call === null || startedCall.current === call) return;
    startedCall.current = call;
    void makeCall(call, root.link, state.links).then((answer) => {
      // Never keep a password in the page longer than needed.
      if (call.kind === 'save') passwordFormRef.current?.reset();
      // Step 5 signed in: on to the mailbox, or to the page's app path (a new session: the root again).
      if (answer.type === 'SIGNED_IN' && afterSignIn === undefined) window.location.assign(externalPaths.privateMailbox);
      if (answer.type === 'SIGNED_IN' && afterSignIn !== undefined) {
        forgetRootDocument();
        void navigate(afterSignIn, { replace: true });
      }
      dispatch(answer);
    });
  }, [state.call, state.links, root.link, afterSignIn, navigate]);

  function submitIdentity(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    dispatch({ type: 'IDENTITY_SUBMITTED', phoneNumber: typed(form, 'phoneNumber'), nationalId: typed(form, 'nationalId') });
  }

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    dispatch({ type: 'CODE_SUBMITTED', code: typed(new FormData(event.currentTarget), 'code') });
  }

  async function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const isCommon = await loadCommonPasswordCheck().catch(() => () => false);
    dispatch({ type: 'PASSWORD_SUBMITTED', password: typed(form, 'password'), repeat: typed(form, 'repeat'), isCommon });
  }

  const back = () => dispatch({ type: 'BACK' });
  const errorFor = (fieldId: string) => {
    const error = state.fieldErrors.find((fieldError) => fieldError.fieldId === fieldId);
    return error ? t(error.text) : undefined;
  };

  const heading = (key: TextKey) => (
    <h3 className="reset__heading" ref={headingRef} tabIndex={-1}>
      {state.step !== 'done' ? <span className="reset__step">{t('reset.step', { step: stepNumber(state.step), total: totalSteps })}</span> : null}
      {keepHyphenatedWordsWhole(t(key))}
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
      <Message.Title>{t('reset.warning_title')}</Message.Title>
      <Message.Description>{t(state.warning.text, { when: whenText(t, state.warning.wait) })}</Message.Description>
      {state.warning.offerEid ? <div className="reset__eid">{eidReset}</div> : null}
    </Message>
  ) : null;

  const summary = (
    <ErrorSummary
      title={t('reset.error_summary')}
      errors={state.fieldErrors.map((error) => ({ fieldId: error.fieldId, message: t(error.text) }))}
      attempt={state.attempt}
    />
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
        </form>
      );
      break;
    case 'emailCode':
    case 'smsCode': {
      const channel = codeChannel(state.step) ?? 'email';
      const fieldId = channel === 'email' ? resetFieldIds.emailCode : resetFieldIds.smsCode;
      body = (
        <form key={channel} noValidate onSubmit={submitCode} className="reset__form">
          {heading(channel === 'email' ? 'reset.email_heading' : 'reset.sms_heading')}
          <p>{channel === 'email' ? t('reset.email_body') : t('reset.sms_body', { phone: state.phoneNumber })}</p>
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
      onClose={onClose}
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
