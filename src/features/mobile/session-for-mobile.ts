import type { RootDocument } from '../../api/root';
import { accountKind, logout } from '../session';

/**
 * SPEC §4: in mobile flows a signed-in person who is not private is logged out first, with this same
 * page (`here`: its path and query) as the final destination. Answers where the logout goes next, or
 * null when no logout is needed.
 */
export async function logOutNonPrivate(root: RootDocument, here: URL): Promise<string | null> {
  if (!root.role || accountKind(root.role, root.authenticationlevelIdporten) === 'PRIVAT') return null;
  return logout(root, `${here.pathname}${here.search}`);
}
