/**
 * Step 4: the new password, twice, with the strength meter; the call saves it and signs in with it.
 * The password goes from the form to the call and is never kept: both fields are emptied when the
 * answer comes.
 */
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { useI18n } from '../../../i18n/i18n-context';
import { Field } from '../../../ui/field';
import { PasswordInput } from '../../../ui/password-input';
import { loadedCommonPasswordCheck } from '../../password-strength/load-common-passwords';
import { StrengthMeter } from '../../password-strength/strength-meter';
import { resetFieldIds } from '../reset-machine';
import { EndedReset, StepButtons, StepHeading, StepProblems, type StepProps, useFieldError, useResetCall } from './step-parts';

const neverCommon = () => false;

export function NewPasswordStep(props: StepProps) {
  const { state } = props;
  const { t } = useI18n();
  const [password, setPassword] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  // Never keep a password in the page longer than needed.
  const submit = useResetCall(
    props,
    useCallback(() => formRef.current?.reset(), []),
  );
  const errorFor = useFieldError(state);
  if (state.ended) return <EndedReset {...props} />;
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const typed = String(form.get('password') ?? '');
    // The common-password list if it is here (the strength meter asked for it); never waited for: on a
    // slow line Save would seem to do nothing for seconds, and the backend checks the list anyway.
    const isCommon = loadedCommonPasswordCheck() ?? neverCommon;
    submit(
      { type: 'PASSWORD_SUBMITTED', password: typed, repeat: String(form.get('repeat') ?? ''), isCommon },
      { nationalId: state.nationalId, password: typed },
    );
  }
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} onReset={() => setPassword('')} className="reset__form">
      <StepHeading {...props} />
      <StepProblems {...props} />
      {/* The account the new password is for, as a password manager saves it (the ID number of step 1); never shown. */}
      <input type="text" name="username" autoComplete="username" value={state.nationalId} readOnly hidden />
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
      <StepButtons {...props} submitLabel="reset.save" />
    </form>
  );
}
