import type { RootDocument } from '../../api/root';
import { logout } from '../session/logout';
import { accountKind } from '../session/roles';

/**
 * SPEC §4: in mobile flows a signed-in person who is not private is logged out first, with this same
 * page as the final destination. Answers true when that has started (the page is being left).
 */
export async function logOutNonPrivate(root: RootDocument): Promise<boolean> {
  if (!root.role || accountKind(root.role, root.authenticationlevelIdporten) === 'PRIVAT') return false;
  await logout(root, `${window.location.pathname}${window.location.search}`);
  return true;
}
