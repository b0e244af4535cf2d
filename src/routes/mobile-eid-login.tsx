/**
 * Mobile eID login (mobileLogin/:token/:idportenLevel[/keepIdportenSessionAfterLogin]): starts the
 * login at the level the app asked for and comes back to the token-approve page: the one that also
 * ends the identity-provider session, unless the app asked to keep it.
 */
import { useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { requireLink } from '../api/links';
import { startSecureLogin } from '../api/login';
import { bindToBrowser } from '../api/oauth';
import type { RootDocument } from '../api/root';
import type { Language } from '../contract/languages';
import { appUrl } from '../config/paths';
import { parseAppLocation } from '../config/routes';
import { analyticsActions, analyticsCategories, track } from '../features/analytics/track';
import { privateLoginStart } from '../features/login/login-start';
import { MobileFlowPage, oncePerAddress, startMobileFlow } from '../features/mobile/mobile-flow';
import { requireIdportenLevel, requireToken } from '../features/mobile/mobile-params';
import { logOutNonPrivate } from '../features/mobile/session-for-mobile';
import { redirectOut } from '../features/session/leave';
import { loadRootDocument } from '../features/session/root-document';
import { useI18n } from '../i18n/i18n-context';
import { pathOf } from '../screens/screens';

interface EidStart {
  root: RootDocument;
  token: string;
  level: 3 | 4;
  language: Language;
  keepIdportenSession: boolean;
}

/** Starts the eID login; answers the identity provider's address. */
function startEidLogin({ root, token, level, language, keepIdportenSession }: EidStart): Promise<string> {
  const link = requireLink(root.link, level === 4 ? 'login_secure_new_auth' : 'login_secure');
  track({
    category: analyticsCategories.loginPrivateUser,
    action: keepIdportenSession ? analyticsActions.loginWithoutIdpLogout : analyticsActions.loginWithIdpLogout,
    label: `mobile eid level ${level}`,
  });
  const back = pathOf(keepIdportenSession ? 'mobileSuccess' : 'mobileSuccessWithLogout', { token });
  return startSecureLogin(link, privateLoginStart(language, { level, returnUrl: appUrl(language, back) }));
}

export function eidLoginLoader({ keepIdportenSession }: { keepIdportenSession: boolean }) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const token = requireToken(params.token);
    const level = requireIdportenLevel(params.idportenLevel) === 'idporten4' ? 4 : 3;
    const here = new URL(request.url);
    const language = parseAppLocation(here.pathname)?.language ?? 'nb';
    const root = await loadRootDocument();
    const logoutFirst = await logOutNonPrivate(root, here);
    if (logoutFirst !== null) return redirectOut(logoutFirst);
    return {
      flow: startMobileFlow(async () => {
        await bindToBrowser(token);
        return startEidLogin({ root, token, level, language, keepIdportenSession });
      }),
    };
  };
}

export const loader = eidLoginLoader({ keepIdportenSession: false });

// Each login start is a new authentication at the identity provider: once per visit.
export const shouldRevalidate = oncePerAddress;

export function Component() {
  const { t } = useI18n();
  const { flow } = useLoaderData<ReturnType<typeof eidLoginLoader>>();
  const location = useLocation();
  return (
    <MobileFlowPage flow={flow} title={t('mobile.login_title')} message={t('mobile.redirecting_eid')}>
      {/* If the browser does not follow, loading this page again starts the login again. */}
      <a className="mobile-page__fallback" href={`${window.location.origin}${window.location.pathname}${location.search}`}>
        {t('mobile.fallback')}
      </a>
    </MobileFlowPage>
  );
}
