import { Link } from 'react-router';

import { useI18n } from '../../i18n/i18n-context';
import { pathOf } from '../../screens/screens';

/** The way back from a dead end: private login, then business login. */
export function BackToLoginLinks({ primary = true }: { primary?: boolean }) {
  const { t } = useI18n();
  return (
    <>
      <Link className={`hds-button hds-button--large ${primary ? 'hds-button--primary' : 'hds-button--secondary'}`} to={pathOf('privateLogin')}>
        {t('error.back_private')}
      </Link>
      <Link className="hds-button hds-button--large hds-button--secondary" to={pathOf('business')}>
        {t('error.back_business')}
      </Link>
    </>
  );
}
