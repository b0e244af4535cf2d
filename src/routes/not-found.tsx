import { Link } from 'react-router';
import { routePaths } from '../config/paths';
import { useI18n } from '../i18n/i18n-context';
import { NotFoundIllustration } from '../ui/illustrations';
import { Page } from '../ui/page';

export function Component() {
  const { t } = useI18n();
  return (
    <Page title={t('not_found.title')} heading={t('not_found.heading')} illustration={<NotFoundIllustration />}>
      <p className="page__lead">{t('not_found.body')}</p>
      <div className="button-row">
        <Link className="hds-button hds-button--large hds-button--primary" to={routePaths.privateLogin}>
          {t('error.back_private')}
        </Link>
        <Link className="hds-button hds-button--large hds-button--secondary" to={routePaths.business}>
          {t('error.back_business')}
        </Link>
      </div>
    </Page>
  );
}
