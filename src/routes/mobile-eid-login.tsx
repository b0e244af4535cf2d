/**
 * Mobile eID login (mobileLogin/:token/:idportenLevel[/keepIdportenSessionAfterLogin]): starts the
 * login at the level the app asked for and comes back to the token-approve page: the one that also
 * ends the identity-provider session, unless the app asked to keep it.
 */
import { useLocation, useParams, type LoaderFunctionArgs } from 'react-router';
import { AppError } from '../api/errors';
import { findLink } from '../api/links';
import { startSecureLogin } from '../api/login';
import { appUrl } from '../config/paths';
import { privateLoginStart } from '../features/login/login-start';
import { MobileErrorScreen, MobileSpinnerPage } from '../features/mobile/mobile-pages';
import { requireIdportenLevel, requireToken } from '../features/mobile/mobile-params';
import { logOutNonPrivate } from '../features/mobile/session-for-mobile';
import { useRunOnce } from '../features/mobile/use-run-once';
import { leavingPage, loadRootDocument } from '../features/session/root-document';
import { useI18n } from '../i18n/i18n-context';
import { analyticsActions, analyticsCategories, track } from '../features/analytics/track';

export async function loader({ params }: LoaderFunctionArgs) {
  requireToken(params.token);
  requireIdportenLevel(params.idportenLevel);
  const root = await loadRootDocument();
  if (await logOutNonPrivate(root)) return leavingPage();
  return null;
}

export function MobileEidLogin({ keepIdportenSession }: { keepIdportenSession: boolean }) {
  const { t, language } = useI18n();
  const params = useParams();
  const location = useLocation();
  const token = requireToken(params.token);
  const level = requireIdportenLevel(params.idportenLevel) === 'idporten4' ? 4 : 3;

  const failure = useRunOnce(async () => {
    const root = await loadRootDocument();
    const link = findLink(root.link, level === 4 ? 'login_secure_new_auth' : 'login_secure');
    if (!link) throw new AppError('The root document has no login link for this level', { statusCode: 500 });
    track({
      category: analyticsCategories.loginPrivateUser,
      action: keepIdportenSession ? analyticsActions.loginWithoutIdpLogout : analyticsActions.loginWithIdpLogout,
      label: `mobile eid level ${level}`,
    });
    const back = keepIdportenSession ? `/mobileSuccess/${token}` : `/mobileSuccessWithIDportenLogout/${token}`;
    const location = await startSecureLogin(link, privateLoginStart(language, { level, returnUrl: appUrl(language, back) }));
    window.location.assign(location);
  });

  if (failure) return <MobileErrorScreen error={failure} />;
  return (
    <MobileSpinnerPage title={t('mobile.login_title')} message={t('mobile.redirecting_eid')}>
      {/* If the browser does not follow, loading this page again starts the login again. */}
      <a className="mobile-page__fallback" href={`${window.location.origin}${window.location.pathname}${location.search}`}>
        {t('mobile.fallback')}
      </a>
    </MobileSpinnerPage>
  );
}

export function Component() {
  return <MobileEidLogin keepIdportenSession={false} />;
}
