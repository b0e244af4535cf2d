import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { reportError } from '../../api/log';
import { useI18n } from '../../i18n/i18n-context';
import { ErrorIllustration } from '../../ui/error-illustration';
import { Page } from '../../ui/page';

/**
 * The mobile routes' error element: the way back is the app, not the web login. In the router's own
 * chunk, so the mobile pages' flow (mobile-flow.tsx) stays in theirs.
 */
export function MobileErrorPage() {
  return <MobileErrorScreen error={useRouteError()} />;
}

/** What a failed mobile page shows. Its error is reported unless already reported (shouldReport). */
export function MobileErrorScreen({ error }: { error: unknown }) {
  const { t } = useI18n();
  useEffect(() => {
    void reportError(error, { source: 'mobile' });
  }, [error]);
  return (
    <Page title={t('mobile.error_title')} heading={t('mobile.error_title')} illustration={<ErrorIllustration />}>
      <p className="page__lead">{t('mobile.error_body')}</p>
    </Page>
  );
}

/** Shown when a redirect target is not one of the apps: nothing is followed. */
export function NotAllowedPage() {
  const { t } = useI18n();
  return (
    <Page title={t('mobile.not_allowed_title')} heading={t('mobile.not_allowed_title')} illustration={<ErrorIllustration />}>
      <p className="page__lead">{t('mobile.not_allowed')}</p>
    </Page>
  );
}
