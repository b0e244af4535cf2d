/** App redirect (mobileRedirect/:redirectUrl, SPEC §5): follows the URL only when it is one of the apps. */
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { allowedAppRedirect } from '../config/app-redirects';
import { MobileErrorScreen, MobileSpinnerPage, NotAllowedPage } from '../features/mobile/mobile-pages';
import { requireRedirectUrl } from '../features/mobile/mobile-params';
import { useRunOnce } from '../features/mobile/use-run-once';
import { useI18n } from '../i18n/i18n-context';

export function loader({ params }: LoaderFunctionArgs) {
  requireRedirectUrl(params.redirectUrl);
  return null;
}

function Redirecting({ url }: { url: string }) {
  const { t } = useI18n();
  const failure = useRunOnce(async () => window.location.assign(url));
  if (failure) return <MobileErrorScreen error={failure} />;
  return <MobileSpinnerPage title={t('mobile.redirect_title')} message={t('mobile.returning')} />;
}

export function Component() {
  const url = requireRedirectUrl(useParams().redirectUrl);
  return allowedAppRedirect(url) ? <Redirecting url={url} /> : <NotAllowedPage />;
}
