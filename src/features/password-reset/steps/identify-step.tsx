/** Step 1: the mobile number and national ID number; its call starts the reset (the codes are sent). */
import { useI18n } from '../../../i18n/i18n-context';
import { Field } from '../../../ui/field';
import { resetLimitParams } from '../reset-limits';
import { resetFieldIds } from '../reset-journey';
import { ResendOffer, StepButtons, StepForm, StepHeading, StepProblems, type StepProps, useFieldError } from './step-parts';

export function IdentifyStep(props: StepProps) {
  const { screen, answer, busy } = props;
  const { t } = useI18n();
  const errorFor = useFieldError(answer);
  return (
    <StepForm busy={busy}>
      <StepHeading {...props} />
      <StepProblems {...props} />
      {/* The daily limit, said before anyone meets it (issue #38); not again under the warning that says it. */}
      {answer?.warning?.cause === 'RESET_PASSWORD_DAILY_LIMIT' ? null : <p className="reset__limit">{t('reset.limit_note', resetLimitParams)}</p>}
      <Field id={resetFieldIds.phoneNumber} label={t('reset.phone')} hint={t('reset.phone_hint')} error={errorFor(resetFieldIds.phoneNumber)}>
        {(control) => <input {...control} name="phoneNumber" type="tel" inputMode="numeric" autoComplete="tel-national" defaultValue={screen.phoneNumber} />}
      </Field>
      <Field id={resetFieldIds.nationalId} label={t('login.national_id')} hint={t('login.national_id_hint')} error={errorFor(resetFieldIds.nationalId)}>
        {(control) => <input {...control} name="nationalId" type="text" inputMode="numeric" autoComplete="username" defaultValue={screen.nationalId} />}
      </Field>
      <StepButtons {...props} submitLabel="reset.send_codes" />
      {/* Started again after the reset ended: new codes only once the backend's interval has passed; not
          beside a warning, which says its own wait (a day's limit is not "in 55 seconds"). */}
      {!screen.open && !answer?.warning ? <ResendOffer startedAt={screen.startedAt} busy={busy} /> : null}
    </StepForm>
  );
}
