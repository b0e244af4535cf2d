/**
 * Token approve (mobileSuccess/:token and mobileSuccessWithIDportenLogout/:token, SPEC §4): read the
 * token's redirectUri and state, approve it for a code, and send the browser to the app with both.
 * The logout variant ends the identity-provider session on the way, with the app as final destination.
 */
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { AppError } from '../api/errors';
import { findLink } from '../api/links';
import { approveToken, fetchTokenData } from '../api/oauth';
import { allowedAppRedirect } from '../config/app-redirects';
import { MobileErrorScreen, MobileSpinnerPage } from '../features/mobile/mobile-pages';
import { requireToken, withCodeAndState } from '../features/mobile/mobile-params';
import { useRunOnce } from '../features/mobile/use-run-once';
import { loadRootDocument } from '../features/session/root-document';
import { logout } from '../features/session/logout';
import { useI18n } from '../i18n/i18n-context';

export function loader({ params }: LoaderFunctionArgs) {
  requireToken(params.token);
  return null;
}

export function MobileSuccess({ logOutOfIdentityProvider }: { logOutOfIdentityProvider: boolean }) {
  const { t } = useI18n();
  const token = requireToken(useParams().token);

  const failure = useRunOnce(async () => {
    const root = await loadRootDocument();
    const tokenData = await fetchTokenData(token);
    if (!allowedAppRedirect(tokenData.redirectUri)) {
      throw new AppError('The token redirectUri is not an allowed app', { statusCode: 400 });
    }
    const approve = findLink(tokenData.link, 'token_approve') ?? findLink(root.link, 'token_approve');
    if (!approve) throw new AppError('No token_approve link', { statusCode: 500 });
    const target = findLink(tokenData.link, 'token_approve') ? approve : { ...approve, uri: `${approve.uri}?token=${encodeURIComponent(token)}` };
    const code = await approveToken(target);
    const appUrl = withCodeAndState(tokenData.redirectUri, code, tokenData.state);
    if (logOutOfIdentityProvider) await logout(root, appUrl, { viaIdentityProvider: true });
    else window.location.assign(appUrl);
  });

  if (failure) return <MobileErrorScreen error={failure} />;
  return <MobileSpinnerPage title={t('mobile.redirect_title')} message={t('mobile.returning')} />;
}

export function Component() {
  return <MobileSuccess logOutOfIdentityProvider={false} />;
}
