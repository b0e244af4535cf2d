/**
 * Steps 2 and 3: the code sent by email, then the one sent by SMS; the call checks it. Both offer
 * the codes sent again (a new reset) after the countdown; a reset the backend ended shows only the ways on.
 */
import type { FormEvent } from 'react';
import { Message } from '@postenbring/hedwig-react';
import { resetCodeLifetimeMinutes } from '../../../contract/limits';
import { useI18n } from '../../../i18n/i18n-context';
import { Field } from '../../../ui/field';
import { codeChannel, isBusy, resetFieldIds } from '../reset-machine';
import { EndedReset, ResendOffer, StepButtons, StepHeading, StepProblems, type StepProps, useFieldError, useResetCall } from './step-parts';

export function CodeStep(props: StepProps) {
  const { state, focus } = props;
  const { t } = useI18n();
  const submit = useResetCall(props);
  const errorFor = useFieldError(state);
  if (state.ended) return <EndedReset {...props} />;
  const channel = codeChannel(state.step) ?? 'email';
  const fieldId = channel === 'email' ? resetFieldIds.emailCode : resetFieldIds.smsCode;
  const whereSent =
    channel === 'sms'
      ? t('reset.sms_body', { phone: state.phoneNumber })
      : state.maskedEmail
        ? t('reset.email_body_masked', { email: state.maskedEmail })
        : t('reset.email_body');
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit({ type: 'CODE_SUBMITTED', code: String(new FormData(event.currentTarget).get('code') ?? '') });
  }
  return (
    <form noValidate onSubmit={onSubmit} className="reset__form">
      <StepHeading {...props} />
      {state.resent && channel === 'email' ? (
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
            defaultValue={channel === 'email' ? state.emailCode : state.smsCode}
          />
        )}
      </Field>
      <StepButtons {...props} submitLabel="reset.next" />
      <ResendOffer
        startedAt={state.startedAt}
        busy={isBusy(state)}
        onResend={() => submit({ type: 'RESEND_REQUESTED', now: Date.now() })}
        resetsLeft={state.resetsLeft}
        eidReset={props.eidReset}
      />
    </form>
  );
}
