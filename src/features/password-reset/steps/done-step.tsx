/**
 * Step 5: the password is changed; the sign-in with it (made with the save) leads out
 * (reset-history.ts, through session/leave.ts), or, refused, the way to log in with it.
 */
import { appUrl } from '../../../config/paths';
import { useI18n } from '../../../i18n/i18n-context';
import { whenText } from '../../../errors/wait';
import { StepHeading, type StepProps } from './step-parts';

export function DoneStep({ logInAgain, ...props }: StepProps & { logInAgain: string }) {
  const { t, language } = useI18n();
  const signIn = props.screen.signIn;
  const logIn = (
    <a className="hds-button hds-button--large hds-button--primary" href={appUrl(language, logInAgain)}>
      {t('error.back_private')}
    </a>
  );
  return (
    <div className="reset__form">
      <StepHeading {...props} />
      {signIn?.status === 'throttled' ? (
        <>
          <p>{t('reset.sign_in_throttled', { when: whenText(t, signIn.wait) })}</p>
          {logIn}
        </>
      ) : signIn?.status === 'failed' ? (
        <>
          <p>{t('reset.sign_in_failed')}</p>
          {logIn}
        </>
      ) : (
        <p role="status">{t('reset.signing_in')}</p>
      )}
    </div>
  );
}
