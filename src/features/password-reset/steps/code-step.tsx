/**
 * Steps 2 and 3: the code sent by email, then the one sent by SMS; the call checks it. Both offer
 * the codes sent again (a new reset) after the countdown; a reset the backend ended shows only the ways on.
 */
import { Message } from '../../../ui/message';
import { resetCodeLifetimeMinutes } from '../../../contract/limits';
import { useI18n } from '../../../i18n/i18n-context';
import { Field } from '../../../ui/field';
import { codeChannel, resetFieldIds } from '../reset-journey';
import { EndedReset, ResendOffer, StepButtons, StepForm, StepHeading, StepProblems, type StepProps, useFieldError } from './step-parts';

export function CodeStep(props: StepProps) {
  const { screen, answer, busy, focus } = props;
  const { t } = useI18n();
  const errorFor = useFieldError(answer);
  if (screen.ended?.at === screen.step) return <EndedReset {...props} />;
  const channel = codeChannel(screen.step) ?? 'email';
  const fieldId = channel === 'email' ? resetFieldIds.emailCode : resetFieldIds.smsCode;
  const whereSent =
    channel === 'sms'
      ? t('reset.sms_body', { phone: screen.phoneNumber })
      : screen.maskedEmail
        ? t('reset.email_body_masked', { email: screen.maskedEmail })
        : t('reset.email_body');
  return (
    <StepForm busy={busy}>
      <StepHeading {...props} />
      {screen.resent && channel === 'email' ? (
        <Message variant="success" ref={focus.resent} tabIndex={-1} role="status" className="reset__notice">
          <Message.Description>{t('reset.resent')}</Message.Description>
        </Message>
      ) : null}
      <p>
        {whereSent} {t('reset.code_lifetime', { minutes: resetCodeLifetimeMinutes })}
      </p>
      <StepProblems {...props} />
      <Field id={fieldId} label={t(channel === 'email' ? 'reset.email_code' : 'reset.sms_code')} error={errorFor(fieldId)}>
        {(control) => (
          <input
            {...control}
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            spellCheck={false}
            defaultValue={channel === 'email' ? screen.emailCode : screen.smsCode}
          />
        )}
      </Field>
      <StepButtons {...props} submitLabel="reset.next" />
      <ResendOffer startedAt={screen.startedAt} busy={busy} offer resetsLeft={screen.resetsLeft} eidReset={props.eidReset} />
    </StepForm>
  );
}
