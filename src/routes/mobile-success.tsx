/**
 * Token approve (mobileSuccess/:token and mobileSuccessWithIDportenLogout/:token, SPEC §4): read the
 * token's redirectUri and state, approve it for a code, and send the browser to the app with both.
 * The logout variant ends the identity-provider session on the way, with the app as final destination.
 */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { AppError } from '../api/errors';
import { findLink } from '../api/links';
import { approveToken, fetchTokenData } from '../api/oauth';
import { allowedAppRedirect } from '../security/app-redirects';
import { MobileFlowPage, oncePerAddress, startMobileFlow } from '../features/mobile/mobile-flow';
import { requireToken, withCodeAndState } from '../features/mobile/mobile-params';
import { loadRootDocument } from '../features/session/root-document';
import { logout } from '../features/session/logout';
import { useI18n } from '../i18n/i18n-context';

/** Approves the token; answers the app URL with the code and state (through a logout when asked). */
async function approve(token: string, logOutOfIdentityProvider: boolean): Promise<string> {
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
  return logOutOfIdentityProvider ? logout(root, appUrl, { viaIdentityProvider: true }) : appUrl;
}

export function approveLoader({ logOutOfIdentityProvider }: { logOutOfIdentityProvider: boolean }) {
  return ({ params }: LoaderFunctionArgs) => {
    const token = requireToken(params.token);
    return { flow: startMobileFlow(() => approve(token, logOutOfIdentityProvider)) };
  };
}

export const loader = approveLoader({ logOutOfIdentityProvider: false });

// An approval is single-use: a revalidation must not approve again.
export const shouldRevalidate = oncePerAddress;

export function Component() {
  const { t } = useI18n();
  const { flow } = useLoaderData<ReturnType<typeof approveLoader>>();
  return <MobileFlowPage flow={flow} title={t('mobile.redirect_title')} message={t('mobile.returning')} />;
}
