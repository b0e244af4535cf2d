import { replace } from 'react-router';
import { bindToBrowser } from '../../api/oauth';
import type { RootDocument } from '../../api/root';
import { pathOf } from '../../screens/screens';
import { accountKind, loadRootDocument, logout, redirectOut } from '../session';
import { requireToken } from './mobile-params';

/**
 * SPEC §4: in mobile flows a signed-in person who is not private is logged out first, with this same
 * page (`here`: its path and query) as the final destination. Answers where the logout goes next, or
 * null when no logout is needed.
 */
export async function logOutNonPrivate(root: RootDocument, here: URL): Promise<string | null> {
  if (!root.role || accountKind(root.role, root.authenticationlevelIdporten) === 'PRIVAT') return null;
  return logout(root, `${here.pathname}${here.search}`);
}

/**
 * The first step of the app's login pages that ask for something (password, forgot password): the
 * token, the root document, a non-private session logged out first (back to this page), the flow bound
 * to this browser; someone already signed in as a private person goes on to the app's approval, which
 * asks "is this you?" first. Answers the redirect to return, or what the page needs.
 */
export async function enterAppLogin(tokenParam: string | undefined, request: Request): Promise<Response | { root: RootDocument; token: string }> {
  const token = requireToken(tokenParam);
  const root = await loadRootDocument();
  const logoutFirst = await logOutNonPrivate(root, new URL(request.url));
  if (logoutFirst !== null) return redirectOut(logoutFirst);
  await bindToBrowser(token);
  if (root.role) return replace(pathOf('mobileSuccess', { token }));
  return { root, token };
}
