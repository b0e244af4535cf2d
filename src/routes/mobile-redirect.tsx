/** App redirect (mobileRedirect/:redirectUrl, SPEC §5): follows the URL only when it is one of the apps. */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { allowedAppRedirect } from '../config/app-redirects';
import { MobileFlowPage, neverRevalidate, startMobileFlow } from '../features/mobile/mobile-flow';
import { NotAllowedPage } from '../features/mobile/mobile-pages';
import { requireRedirectUrl } from '../features/mobile/mobile-params';
import { useI18n } from '../i18n/i18n-context';

export function loader({ params }: LoaderFunctionArgs) {
  const url = requireRedirectUrl(params.redirectUrl);
  return { flow: allowedAppRedirect(url) ? startMobileFlow(async () => url) : null };
}

export const shouldRevalidate = neverRevalidate;

export function Component() {
  const { t } = useI18n();
  const { flow } = useLoaderData<typeof loader>();
  if (!flow) return <NotAllowedPage />;
  return <MobileFlowPage flow={flow} title={t('mobile.redirect_title')} message={t('mobile.returning')} />;
}
