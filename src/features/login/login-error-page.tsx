import { useSearchParams } from 'react-router';
import { externalPaths } from '../../config/paths';
import { BackToLoginLinks } from './back-to-login';
import { loginErrorCode, loginErrorMessage, type LoginErrorVariant } from './login-error-codes';
import { useI18n } from '../../i18n/i18n-context';
import { ErrorIllustration } from '../../ui/error-illustration';
import { Page } from '../../ui/page';

/** The login error screen (loginError/ and innloggingFeilet/, SPEC §8). */
export function LoginErrorPage({ variant }: { variant: LoginErrorVariant }) {
  const { t, language } = useI18n();
  const [search] = useSearchParams();
  const message = loginErrorMessage(variant, loginErrorCode(search));
  return (
    <Page title={t('login_error.title')} heading={t('login_error.heading')} illustration={<ErrorIllustration />}>
      <p className="page__lead">{t(message.body)}</p>
      <div className="button-row">
        {message.registerBusiness ? (
          <a className="hds-button hds-button--large hds-button--primary" href={externalPaths.registerBusiness(language)}>
            {t('login_error.register_business')}
          </a>
        ) : null}
        <BackToLoginLinks primary={!message.registerBusiness} />
      </div>
    </Page>
  );
}
