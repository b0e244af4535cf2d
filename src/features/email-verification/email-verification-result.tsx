import { Link } from 'react-router';

import { useI18n } from '../../i18n/i18n-context';
import { Page } from '../../ui/page';
import { pathOf } from '../../screens/screens';

export function EmailVerificationResult({ outcome }: { outcome: 'done' | 'failed' }) {
  const { t } = useI18n();
  const done = outcome === 'done';
  return (
    <Page
      bare
      title={t(done ? 'email_verify.done_title' : 'email_verify.failed_title')}
      heading={t(done ? 'email_verify.done_heading' : 'email_verify.failed_heading')}
    >
      <p className="page__lead">{t(done ? 'email_verify.done_body' : 'email_verify.failed_body')}</p>
      <Link className="hds-button hds-button--large hds-button--primary" to={pathOf('privateLogin')}>
        {t('email_verify.to_login')}
      </Link>
    </Page>
  );
}
