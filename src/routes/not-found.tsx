import { BackToLoginLinks } from '../features/login/back-to-login';
import { useI18n } from '../i18n/i18n-context';
import { NotFoundIllustration } from '../ui/illustrations';
import { Page } from '../ui/page';

export function Component() {
  const { t } = useI18n();
  return (
    <Page title={t('not_found.title')} heading={t('not_found.heading')} illustration={<NotFoundIllustration />}>
      <p className="page__lead">{t('not_found.body')}</p>
      <div className="button-row">
        <BackToLoginLinks />
      </div>
    </Page>
  );
}
