/** Logout then redirect (mobileLogout/:redirectUrl): logs out, with the app as final destination. */
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { allowedAppRedirect } from '../config/app-redirects';
import { MobileErrorScreen, MobileSpinnerPage, NotAllowedPage } from '../features/mobile/mobile-pages';
import { requireRedirectUrl } from '../features/mobile/mobile-params';
import { useRunOnce } from '../features/mobile/use-run-once';
import { loadRootDocument } from '../features/session/root-document';
import { logout } from '../features/session/logout';
import { useI18n } from '../i18n/i18n-context';

export function loader({ params }: LoaderFunctionArgs) {
  requireRedirectUrl(params.redirectUrl);
  return null;
}

function LoggingOut({ url }: { url: string }) {
  const { t } = useI18n();
  const failure = useRunOnce(async () => logout(await loadRootDocument(), url));
  if (failure) return <MobileErrorScreen error={failure} />;
  return <MobileSpinnerPage title={t('mobile.logout_title')} message={t('mobile.logging_out')} />;
}

export function Component() {
  const url = requireRedirectUrl(useParams().redirectUrl);
  return allowedAppRedirect(url) ? <LoggingOut url={url} /> : <NotAllowedPage />;
}
