/** Logout then redirect (mobileLogout/:redirectUrl): logs out, with the app as final destination. */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { allowedAppRedirect } from '../config/app-redirects';
import { MobileFlowPage, neverRevalidate, startMobileFlow } from '../features/mobile/mobile-flow';
import { NotAllowedPage } from '../features/mobile/mobile-pages';
import { requireRedirectUrl } from '../features/mobile/mobile-params';
import { loadRootDocument } from '../features/session/root-document';
import { logout } from '../features/session/logout';
import { useI18n } from '../i18n/i18n-context';

export function loader({ params }: LoaderFunctionArgs) {
  const url = requireRedirectUrl(params.redirectUrl);
  return { flow: allowedAppRedirect(url) ? startMobileFlow(async () => logout(await loadRootDocument(), url)) : null };
}

// A logout is single-use: a revalidation must not log out again.
export const shouldRevalidate = neverRevalidate;

export function Component() {
  const { t } = useI18n();
  const { flow } = useLoaderData<typeof loader>();
  if (!flow) return <NotAllowedPage />;
  return <MobileFlowPage flow={flow} title={t('mobile.logout_title')} message={t('mobile.logging_out')} />;
}
