import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, type FetcherWithComponents } from 'react-router';
import { Message } from '../../ui/message';
import { loginPasswordMinLength } from '../../contract/limits';

import { useI18n } from '../../i18n/i18n-context';
import { ErrorSummary, type FieldError } from '../../ui/error-summary';
import { Field } from '../../ui/field';
import { PasswordInput } from '../../ui/password-input';
import { whenText, type Wait } from '../../errors/wait';
import { isPasswordLock, type PasswordLoginCause, passwordLoginShown } from '../../errors/password-login';
import { pathOf } from '../../screens/screens';
import { BusyButton } from '../../ui/busy-button';
import { type FieldProblem, fieldShown } from '../../errors/fields';
import { nationalIdFieldId } from './field-ids';

export interface PasswordLoginResult {
  intent: 'password';
  /** What is wrong with each field: nothing typed, or not the right form. */
  fieldErrors?: { username?: FieldProblem; password?: FieldProblem };
  warning?: PasswordLoginCause;
  /** A throttled login's wait, worked out once from the answer. */
  wait?: Wait;
}

export type { FieldProblem } from '../../errors/fields';

export const passwordFieldId = 'login-password';

export interface PasswordLoginFormProps {
  fetcher: FetcherWithComponents<PasswordLoginResult>;
  /**
   * The page's way in with eID, offered inside a warning that needs it (too many attempts): a control
   * that starts eID login as the page's own eID button does. Not a form: it sits inside this one.
   */
  eidLogin: ReactNode;
  /** Where "Forgot password" goes (an app path): the web page's forgot-password page unless told. */
  forgotPasswordTo?: string;
  /** "Forgot password" was followed (for the page's analytics). */
  onForgotPassword?: () => void;
  /**
   * The ID field's autocomplete tokens: "username", or on the web login "username webauthn", so the
   * browser offers the person's passkeys in its autofill too (issue #36).
   */
  usernameAutoComplete?: 'username' | 'username webauthn';
  /** Called as the form is sent (the page stops a passkey request waiting in the ID field's autofill). */
  onSend?: () => void;
}

/**
 * National ID number and password (SPEC §4, §5). Values are read from the form at submit, so a
 * password manager that fills the fields without key events works. After any error the ID number
 * stays, the password is cleared, and focus goes to what went wrong.
 */
export function PasswordLoginForm({
  fetcher,
  eidLogin,
  forgotPasswordTo = pathOf('forgotPassword'),
  onForgotPassword,
  usernameAutoComplete = 'username',
  onSend,
}: PasswordLoginFormProps) {
  const { t } = useI18n();
  const result = fetcher.data;
  const busy = fetcher.state !== 'idle';
  const passwordRef = useRef<HTMLInputElement>(null);
  const warningRef = useRef<HTMLDivElement>(null);
  const submitted = useRef(false);
  // Every submission's answer is a new object: counted here, so that the same errors twice are a new
  // error summary, which takes focus and is announced again (React's way of keeping what an earlier
  // render saw: the count is set during render, not after it).
  const [answers, setAnswers] = useState({ result, count: 0 });
  if (answers.result !== result) setAnswers({ result, count: answers.count + 1 });

  // A quick answer can come back within one render, so `busy` may never be seen true: a new result
  // also ends the submission.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new result is the trigger, read or not
  useEffect(() => {
    if (!busy) submitted.current = false;
  }, [busy, result]);

  useEffect(() => {
    if (!result) return;
    if (passwordRef.current) passwordRef.current.value = '';
    if (result.warning) warningRef.current?.focus();
  }, [result]);

  const usernameError = result?.fieldErrors?.username ? t(fieldShown.nationalId[result.fieldErrors.username]) : undefined;
  const passwordError = result?.fieldErrors?.password ? t(fieldShown.password[result.fieldErrors.password], { min: loginPasswordMinLength }) : undefined;
  const warning = result?.warning ? passwordLoginShown[result.warning] : undefined;
  const locked = result?.warning ? isPasswordLock(result.warning) : false;
  const fieldErrors: FieldError[] = [
    ...(usernameError ? [{ fieldId: nationalIdFieldId, message: usernameError }] : []),
    ...(passwordError ? [{ fieldId: passwordFieldId, message: passwordError }] : []),
  ];

  return (
    <fetcher.Form
      method="post"
      noValidate
      className="password-login"
      onSubmit={(event) => {
        // One login at a time: a second click while the first is under way does nothing.
        if (submitted.current || busy) {
          event.preventDefault();
          return;
        }
        submitted.current = true;
        onSend?.();
      }}
    >
      <input type="hidden" name="intent" value="password" />
      <ErrorSummary title={t('login.error_summary')} errors={fieldErrors} attempt={answers.count} />
      {warning ? (
        <Message variant="warning" ref={warningRef} tabIndex={-1} role="alert" className="password-login__warning">
          <Message.Title>{t(warning.title)}</Message.Title>
          <Message.Description>{t(warning.text, { when: whenText(t, result?.wait) })}</Message.Description>
          {warning.offerEid ? <div className="password-login__eid">{eidLogin}</div> : null}
        </Message>
      ) : null}
      <Field id={nationalIdFieldId} label={t('login.national_id')} hint={t('login.national_id_hint')} error={usernameError}>
        {(control) => <input {...control} name="username" type="text" inputMode="numeric" autoComplete={usernameAutoComplete} spellCheck={false} />}
      </Field>
      {/*
        The limit, said before anyone meets it (issue #38), as the password field's hint: never how many
        tries one ID has left. Not while a lock is told (issue #50): the message above says it, with the wait.
      */}
      <Field id={passwordFieldId} label={t('login.password')} hint={locked ? undefined : t('login.limit_note')} error={passwordError}>
        {(control) => <PasswordInput {...control} inputRef={passwordRef} name="password" autoComplete="current-password" />}
      </Field>
      <div className="password-login__actions">
        <BusyButton type="submit" className="hds-button hds-button--large hds-button--primary" busy={busy} busyLabel={t('login.submitting')}>
          {t('login.submit')}
        </BusyButton>
        <Link to={forgotPasswordTo} onClick={onForgotPassword}>
          {t('login.forgot_password')}
        </Link>
      </div>
    </fetcher.Form>
  );
}
