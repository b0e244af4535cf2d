/**
 * Step 4: the new password, twice, with the strength meter; the call saves it and signs in with it.
 * The password goes from the form to the action and is never kept: each answer is a new location,
 * and the form is drawn anew for it, both fields empty.
 */
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useI18n } from '../../../i18n/i18n-context';
import { Field } from '../../../ui/field';
import { PasswordInput } from '../../../ui/password-input';
import { StrengthMeter } from '../../password-strength';
import { resetFieldIds } from '../reset-journey';
import { EndedReset, StepButtons, StepForm, StepHeading, StepProblems, type StepProps, useFieldError } from './step-parts';

export function NewPasswordStep(props: StepProps) {
  const { screen } = props;
  const { key } = useLocation();
  if (screen.ended?.at === screen.step) return <EndedReset {...props} />;
  // Never keep a password in the page longer than needed.
  return <PasswordForm key={key} {...props} />;
}

function PasswordForm(props: StepProps) {
  const { screen, answer, busy } = props;
  const { t } = useI18n();
  const [password, setPassword] = useState('');
  const errorFor = useFieldError(answer);
  // A refused common password is said in the summary and at the field: not by the meter too (issue #50).
  const tooCommonSaid = answer?.fieldErrors.some((error) => error.fieldId === resetFieldIds.password && error.text === 'password.too_common') ?? false;
  return (
    <StepForm busy={busy} onReset={() => setPassword('')}>
      <StepHeading {...props} />
      <StepProblems {...props} />
      {/* The account the new password is for, as a password manager saves it (the ID number of step 1); never shown. */}
      <input type="text" name="username" autoComplete="username" value={screen.nationalId} readOnly hidden />
      <Field
        id={resetFieldIds.password}
        label={t('reset.new_password')}
        error={errorFor(resetFieldIds.password)}
        footer={<StrengthMeter password={password} id="reset-strength" tooCommonSaid={tooCommonSaid} />}
        footerDescriptionId="reset-strength"
      >
        {(control) => <PasswordInput {...control} name="password" autoComplete="new-password" onChange={(event) => setPassword(event.target.value)} />}
      </Field>
      <Field id={resetFieldIds.repeat} label={t('reset.repeat_password')} error={errorFor(resetFieldIds.repeat)}>
        {(control) => <PasswordInput {...control} name="repeat" autoComplete="new-password" />}
      </Field>
      <StepButtons {...props} submitLabel="reset.save" />
    </StepForm>
  );
}
