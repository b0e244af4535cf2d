/** Step 1: the mobile number and national ID number; its call starts the reset (the codes are sent). */
import type { FormEvent } from 'react';
import { useI18n } from '../../../i18n/i18n-context';
import { Field } from '../../../ui/field';
import { resetLimitParams } from '../reset-limits';
import { isBusy, resetFieldIds } from '../reset-machine';
import { ResendOffer, StepButtons, StepHeading, StepProblems, type StepProps, useFieldError, useResetCall } from './step-parts';

export function IdentifyStep(props: StepProps) {
  const { state } = props;
  const { t } = useI18n();
  const submit = useResetCall(props);
  const errorFor = useFieldError(state);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    submit({ type: 'IDENTITY_SUBMITTED', phoneNumber: String(form.get('phoneNumber') ?? ''), nationalId: String(form.get('nationalId') ?? '') });
  }
  return (
    <form noValidate onSubmit={onSubmit} className="reset__form">
      <StepHeading {...props} />
      <StepProblems {...props} />
      {/* The daily limit, said before anyone meets it (issue #38); not again under the warning that says it. */}
      {state.warning?.text === 'reset.error.daily_limit' ? null : <p className="reset__limit">{t('reset.limit_note', resetLimitParams)}</p>}
      <Field id={resetFieldIds.phoneNumber} label={t('reset.phone')} hint={t('reset.phone_hint')} error={errorFor(resetFieldIds.phoneNumber)}>
        {(control) => <input {...control} name="phoneNumber" type="tel" inputMode="numeric" autoComplete="tel-national" defaultValue={state.phoneNumber} />}
      </Field>
      <Field id={resetFieldIds.nationalId} label={t('login.national_id')} hint={t('login.national_id_hint')} error={errorFor(resetFieldIds.nationalId)}>
        {(control) => <input {...control} name="nationalId" type="text" inputMode="numeric" autoComplete="username" defaultValue={state.nationalId} />}
      </Field>
      <StepButtons {...props} submitLabel="reset.send_codes" />
      {/* Started again after the reset ended: new codes only once the backend's interval has passed; not
          beside a warning, which says its own wait (a day's limit is not "in 55 seconds"). */}
      {state.linksFor === null && state.warning === null ? <ResendOffer startedAt={state.startedAt} busy={isBusy(state)} /> : null}
    </form>
  );
}
