/** What the email's link brought (epost-verifisering/?token=…), and which picture the pages show for it. */
import { pathOf } from '../../screens/screens';

/** The token of the link, or null when the address holds none (a link cut short when it was copied). */
export function verificationToken(search: URLSearchParams): string | null {
  const token = search.get('token')?.trim();
  return token ? token : null;
}

/**
 * Whether the page is about a link that did not work: the failure page, or the verify page without a
 * token. `pathname` as the router's location has it (under the base and language segment).
 */
export function linkDidNotWork(pathname: string, search: URLSearchParams): boolean {
  const here = pathname.toLowerCase().replace(/\/+$/, '');
  if (here === pathOf('emailVerificationFailed').toLowerCase()) return true;
  return here === pathOf('emailVerification').toLowerCase() && verificationToken(search) === null;
}
