/**
 * The one-time-code reset wizard (SPEC §4) in a modal: identify, email code, SMS code, new password,
 * then sign-in with the new password. Loaded only when the person opens it.
 */
import { useEffect, useReducer, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Message } from '@postenbring/hedwig-react';
import { isAppError } from '../../api/errors';
import { requireLink } from '../../api/links';
import { passwordLogin } from '../../api/login';
import { checkResetCode, saveNewPassword, startPasswordReset } from '../../api/password-reset';
import type { RootDocument } from '../../api/root';
import { externalPaths, appUrl } from '../../config/paths';
import { useI18n } from '../../i18n/i18n-context';
import type { TextKey } from '../../i18n/nb';
import { ErrorSummary, type FieldError } from '../../ui/error-summary';
import { Field } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { PasswordInput } from '../../ui/password-input';
import { normaliseNationalId, isValidNationalId } from '../login/validation';
import { isDigits } from '../../contract/api';
import { phoneNumberLength, resetCodeLength } from '../../contract/limits';
import { checkNewPassword } from '../password-strength/password-rules';
import { loadCommonPasswordCheck } from '../password-strength/load-common-passwords';
import { StrengthMeter } from '../password-strength/strength-meter';
import { waitOf, whenText, type Wait } from '../throttling/wait';
import { resetWarning } from './reset-errors';
import { initialResetState, resetReducer, stepNumber, type ResetState, type ResetStep } from './reset-machine';
import { pathOf } from '../../screens/screens';

const totalSteps = 4;
const digitsOnly = (value: FormDataEntryValue | null) => String(value ?? '').replace(/\s/g, '');

export interface ResetWizardProps {
  open: boolean;
  onClose: () => void;
  root: RootDocument;
  /**
   * The page's way to a new password with eID, offered inside a warning that needs it (too many
   * attempts, or codes not allowed): a control that starts it as the page's own eID button does.
   */
  eidReset: ReactNode;
}

/** Signing in after the reset did not work: a limit on password logins (with its wait), or anything else. */
type SignInFailure = { throttled: false } | { throttled: true; wait?: Wait };

export default function ResetWizard({ open, onClose, root, eidReset }: ResetWizardProps) {
  const { t, language } = useI18n();
  const [state, dispatch] = useReducer(resetReducer, initialResetState);
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [signInFailed, setSignInFailed] = useState<SignInFailure | null>(null);
  const inFlight = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const warningRef = useRef<HTMLDivElement>(null);
  const newPassword = useRef('');

  // Each step starts at its heading, so it is read out; a warning takes focus when it appears.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step is the trigger
  useEffect(() => {
    if (open) headingRef.current?.focus();
  }, [state.step, open]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt is the trigger, also with the same warning
  useEffect(() => {
    if (state.warning) warningRef.current?.focus();
  }, [state.warning, attempt]);

  async function run(step: ResetStep, work: () => Promise<void>, values?: Partial<ResetState>) {
    if (inFlight.current) return;
    inFlight.current = true;
    dispatch({ type: 'SUBMIT' });
    try {
      await work();
    } catch (error) {
      dispatch({ type: 'FAILED', warning: resetWarning(error, step), values });
      setAttempt((value) => value + 1);
    } finally {
      inFlight.current = false;
    }
  }

  function invalid(errors: FieldError[]): boolean {
    setFieldErrors(errors);
    setAttempt((value) => value + 1);
    return errors.length > 0;
  }

  function submitIdentify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const phoneNumber = digitsOnly(form.get('phoneNumber'));
    const nationalId = normaliseNationalId(String(form.get('nationalId') ?? ''));
    const errors: FieldError[] = [];
    if (!isDigits(phoneNumber, phoneNumberLength)) errors.push({ fieldId: 'reset-phone', message: t('reset.invalid_phone') });
    if (!isValidNationalId(nationalId)) errors.push({ fieldId: 'reset-national-id', message: t('login.invalid_foedselsnummer') });
    if (invalid(errors)) return;
    // Back at step 1 with the same answers: the codes already sent still count, no new reset.
    if (state.links.length > 0 && phoneNumber === state.phoneNumber && nationalId === state.nationalId) {
      dispatch({ type: 'IDENTIFIED', phoneNumber, nationalId, links: state.links });
      return;
    }
    void run(
      'identify',
      async () => {
        const started = await startPasswordReset(requireLink(root.link, 'reset_password'), phoneNumber, nationalId);
        dispatch({ type: 'IDENTIFIED', phoneNumber, nationalId, links: started.link });
      },
      { phoneNumber, nationalId },
    );
  }

  function submitCode(event: FormEvent<HTMLFormElement>, channel: 'email' | 'sms') {
    event.preventDefault();
    const code = digitsOnly(new FormData(event.currentTarget).get('code'));
    const fieldId = `reset-${channel}-code`;
    if (invalid(isDigits(code, resetCodeLength) ? [] : [{ fieldId, message: t('reset.invalid_code') }])) return;
    const step = channel === 'email' ? 'emailCode' : 'smsCode';
    void run(
      step,
      async () => {
        await checkResetCode(requireLink(state.links, channel === 'email' ? 'check_email_code' : 'check_sms_code'), code);
        dispatch(channel === 'email' ? { type: 'EMAIL_CODE_ACCEPTED', code } : { type: 'SMS_CODE_ACCEPTED', code });
      },
      channel === 'email' ? { emailCode: code } : { smsCode: code },
    );
  }

  async function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const password = String(form.get('password') ?? '');
    const repeat = String(form.get('repeat') ?? '');
    const isCommon = await loadCommonPasswordCheck().catch(() => () => false);
    const problem = checkNewPassword(password, repeat, isCommon);
    if (problem) {
      const onRepeat = problem === 'repeat_missing' || problem === 'not_equal';
      invalid([{ fieldId: onRepeat ? 'reset-repeat' : 'reset-new-password', message: t(`password.${problem}` as TextKey) }]);
      return;
    }
    invalid([]);
    await run('newPassword', async () => {
      await saveNewPassword(requireLink(state.links, 'self'), state.emailCode, state.smsCode, password);
      newPassword.current = password;
      dispatch({ type: 'PASSWORD_SAVED' });
    });
    // Never keep a password in the page longer than needed.
    formElement.reset();
  }

  // Step 5: sign in with the new password and go to the mailbox.
  useEffect(() => {
    if (state.step !== 'done' || !newPassword.current) return;
    const password = newPassword.current;
    newPassword.current = '';
    passwordLogin(requireLink(root.link, 'login_password'), state.nationalId, password)
      .then(() => window.location.assign(externalPaths.privateMailbox))
      .catch((error: unknown) => {
        const wait = waitOf(error);
        setSignInFailed(isAppError(error) && error.isThrottled ? { throttled: true, ...(wait ? { wait } : {}) } : { throttled: false });
      });
  }, [state.step, state.nationalId, root.link]);

  const back = () => {
    setFieldErrors([]);
    dispatch({ type: 'BACK' });
  };
  const errorFor = (fieldId: string) => fieldErrors.find((error) => error.fieldId === fieldId)?.message;

  const heading = (key: TextKey) => (
    <h3 className="reset__heading" ref={headingRef} tabIndex={-1}>
      {state.step !== 'done' ? <span className="reset__step">{t('reset.step', { step: stepNumber(state.step), total: totalSteps })}</span> : null}
      {t(key)}
    </h3>
  );

  const buttons = (submitLabel: TextKey) => (
    <div className="reset__actions">
      <button type="submit" className="hds-button hds-button--large hds-button--primary" aria-disabled={state.busy || undefined}>
        {state.busy ? t('reset.busy') : t(submitLabel)}
      </button>
      {state.step !== 'identify' ? (
        <button type="button" className="hds-button hds-button--large hds-button--tertiary" onClick={back} disabled={state.busy}>
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

  const summary = <ErrorSummary title={t('login.error_summary')} errors={fieldErrors} attempt={attempt} />;

  let body: ReactNode;
  switch (state.step) {
    case 'identify':
      body = (
        <form noValidate onSubmit={submitIdentify} className="reset__form">
          {heading('reset.identify_heading')}
          {summary}
          {warning}
          <Field id="reset-phone" label={t('reset.phone')} hint={t('reset.phone_hint')} error={errorFor('reset-phone')}>
            {(control) => <input {...control} name="phoneNumber" type="tel" inputMode="numeric" autoComplete="tel-national" defaultValue={state.phoneNumber} />}
          </Field>
          <Field id="reset-national-id" label={t('login.national_id')} hint={t('login.national_id_hint')} error={errorFor('reset-national-id')}>
            {(control) => <input {...control} name="nationalId" type="text" inputMode="numeric" autoComplete="username" defaultValue={state.nationalId} />}
          </Field>
          {buttons('reset.send_codes')}
        </form>
      );
      break;
    case 'emailCode':
    case 'smsCode': {
      const channel = state.step === 'emailCode' ? 'email' : 'sms';
      const fieldId = `reset-${channel}-code`;
      body = (
        <form key={channel} noValidate onSubmit={(event) => submitCode(event, channel)} className="reset__form">
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
        />
      );
      break;
    case 'done':
      body = (
        <div className="reset__form">
          {heading('password.changed')}
          {signInFailed?.throttled ? (
            <>
              <p>{t('reset.sign_in_throttled', { when: whenText(t, signInFailed.wait) })}</p>
              <a className="hds-button hds-button--large hds-button--primary" href={appUrl(language, pathOf('privateLogin'))}>
                {t('error.back_private')}
              </a>
            </>
          ) : signInFailed ? (
            <>
              <p>{t('reset.sign_in_failed')}</p>
              <a className="hds-button hds-button--large hds-button--primary" href={appUrl(language, pathOf('privateLogin'))}>
                {t('login.submit')}
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
      title={t('reset.dialog_title')}
      closeOnEscape={!state.busy}
      closeOnBackdropClick={!state.busy}
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
}: {
  heading: ReactNode;
  summary: ReactNode;
  warning: ReactNode;
  errorFor: (fieldId: string) => string | undefined;
  buttons: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const { t } = useI18n();
  const [password, setPassword] = useState('');
  return (
    <form noValidate onSubmit={onSubmit} onReset={() => setPassword('')} className="reset__form">
      {heading}
      {summary}
      {warning}
      <Field
        id="reset-new-password"
        label={t('reset.new_password')}
        error={errorFor('reset-new-password')}
        footer={<StrengthMeter password={password} id="reset-strength" />}
      >
        {(control) => <PasswordInput {...control} name="password" autoComplete="new-password" onChange={(event) => setPassword(event.target.value)} />}
      </Field>
      <Field id="reset-repeat" label={t('reset.repeat_password')} error={errorFor('reset-repeat')}>
        {(control) => <PasswordInput {...control} name="repeat" autoComplete="new-password" />}
      </Field>
      {buttons}
    </form>
  );
}
