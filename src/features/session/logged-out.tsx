import { Link } from 'react-router';
import { inactivityTimeoutMinutes } from '../../contract/limits';

import { useI18n } from '../../i18n/i18n-context';
import { LoggedOutIllustration } from '../../ui/illustrations';
import { Page } from '../../ui/page';
import { pathOf } from '../../screens/screens';

/** The logged-out page (logout/) and the timeout page (timeout/): SPEC §2 "Logout and timeout page". */
export function LoggedOutPage({ variant }: { variant: 'logout' | 'timeout' }) {
  const { t } = useI18n();
  const timeout = variant === 'timeout';
  return (
    <Page
      title={t(timeout ? 'timeout.title' : 'logout.title')}
      heading={t(timeout ? 'timeout.heading' : 'logout.heading')}
      illustration={<LoggedOutIllustration />}
    >
      <p className="hds-text-h3 page__lead">{timeout ? t('timeout.subheading', { minutes: inactivityTimeoutMinutes }) : t('logout.body')}</p>
      <div className="button-row">
        <Link className="hds-button hds-button--large hds-button--primary" to={pathOf('privateLogin')}>
          {t('logout.login_private')}
        </Link>
        <Link className="hds-button hds-button--large hds-button--secondary" to={pathOf('business')}>
          {t('logout.login_business')}
        </Link>
      </div>
    </Page>
  );
}
