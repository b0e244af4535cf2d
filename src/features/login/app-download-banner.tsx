import { useSyncExternalStore } from 'react';
import { appStoreLinks } from '../../config/paths';
import { useI18n } from '../../i18n/i18n-context';

/** Set by the mobile app in its web view: the person already has the app. */
export const mobileAppFlag = 'isMobilapp';

function insideMobileApp(): boolean {
  try {
    return window.localStorage.getItem(mobileAppFlag) === 'true';
  } catch {
    return false;
  }
}

const never = () => () => {};

export function AppDownloadBanner() {
  const { t } = useI18n();
  // Shown in the prerendered page; gone right after hydration inside the app's web view.
  const hidden = useSyncExternalStore(never, insideMobileApp, () => false);
  if (hidden) return null;
  return (
    <section className="app-banner" aria-labelledby="app-banner-title">
      <h2 id="app-banner-title" className="hds-text-h3">
        {t('app_banner.title')}
      </h2>
      <p>{t('app_banner.body')}</p>
      <ul className="app-banner__links">
        <li>
          <a href={appStoreLinks.android}>{t('app_banner.android')}</a>
        </li>
        <li>
          <a href={appStoreLinks.ios}>{t('app_banner.ios')}</a>
        </li>
      </ul>
    </section>
  );
}
