import { requireLink } from '../../api/links';
import { logoutCall } from '../../api/login';
import type { RootDocument } from '../../api/root';
import { analyticsActions, analyticsCategories, track } from '../analytics';
import { clearCookiesExcept } from './cookies';

/**
 * Logs out (SPEC §4, §6): the private role through the logout link, every other through logout_idp
 * (and anyone whose identity-provider session must end too), with an optional final destination. Then
 * clears the cookies we may clear and answers where the backend's Location header says to go: the
 * caller leaves for it through leave.ts (leaveFor, or redirectOut from a loader), whose one wait hands
 * the logout's event to analytics; logout() does not wait for analytics itself.
 */
export async function logout(root: RootDocument, finalDestination?: string, options: { viaIdentityProvider?: boolean } = {}): Promise<string> {
  const linkName = root.role === 'PRIVAT' && !options.viaIdentityProvider ? 'logout' : 'logout_idp';
  const link = requireLink(root.link, linkName);
  if (linkName === 'logout_idp') {
    track({ category: analyticsCategories.logoutPrivateUser, action: analyticsActions.logoutWithIdpLogout, label: 'logout_idp' });
  } else {
    track({ category: analyticsCategories.logoutPrivateUser, action: analyticsActions.buttonClick, label: 'logout' });
  }
  const location = await logoutCall(link, finalDestination);
  clearCookiesExcept();
  return location;
}
