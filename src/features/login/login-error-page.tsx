import { Link, useSearchParams } from 'react-router';
import { externalPaths } from '../../config/paths';
import { BackToLoginLinks } from './back-to-login';
import { loginAudience, loginErrorCode, loginErrorMessage, type LoginErrorVariant } from '../../errors/login-return';
import { useI18n } from '../../i18n/i18n-context';
import { pathOf } from '../../screens/screens';
import { ErrorIllustration } from '../../ui/error-illustration';
import { Page } from '../../ui/page';

/**
 * The login error screen (loginError/ and innloggingFeilet/, SPEC §8, docs/decisions/012): what
 * happened, registration for someone with an eID but no account, and the way back to the sign-in
 * the person came from first.
 */
export function LoginErrorPage({ variant }: { variant: LoginErrorVariant }) {
  const { t, language } = useI18n();
  const [search] = useSearchParams();
  const audience = loginAudience(variant, search);
  const message = loginErrorMessage(audience, loginErrorCode(search));
  const register = message.register === null ? null : message.register === 'person' ? externalPaths.registerPerson : externalPaths.registerBusiness;
  const primaryBack = register === null;
  return (
    <Page title={t(message.title)} heading={t(message.heading)} illustration={<ErrorIllustration />}>
      <p className="page__lead">{t(message.body)}</p>
      <div className="button-row">
        {register ? (
          <a className="hds-button hds-button--large hds-button--primary" href={register(language)}>
            {t(message.register === 'person' ? 'login.register' : 'login_error.register_business')}
          </a>
        ) : null}
        {audience === 'admin' ? (
          <Link className="hds-button hds-button--large hds-button--primary" to={pathOf('admin')}>
            {t('login_error.back_admin')}
          </Link>
        ) : null}
        <BackToLoginLinks primary={primaryBack && audience !== 'admin'} first={audience === 'business' ? 'business' : 'private'} />
      </div>
    </Page>
  );
}
