import { Link } from 'react-router';

import { useI18n } from '../../i18n/i18n-context';
import { pathOf } from '../../screens/screens';

/**
 * The way back from a dead end: private login and business login, `first` first (private unless
 * the person came from business login), the first one the primary button unless told otherwise.
 */
export function BackToLoginLinks({ primary = true, first = 'private' }: { primary?: boolean; first?: 'private' | 'business' }) {
  const { t } = useI18n();
  const links = [
    { to: pathOf('privateLogin'), label: t('error.back_private') },
    { to: pathOf('business'), label: t('error.back_business') },
  ];
  if (first === 'business') links.reverse();
  return (
    <>
      {links.map((link, index) => (
        <Link key={link.to} className={`hds-button hds-button--large ${primary && index === 0 ? 'hds-button--primary' : 'hds-button--secondary'}`} to={link.to}>
          {link.label}
        </Link>
      ))}
    </>
  );
}
