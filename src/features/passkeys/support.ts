/**
 * Whether a page offers passkeys at all (issue #36): in the first load of the private login, so kept to
 * a few lines; the passkey code itself comes after the first paint (the offer's rules: offer.ts). A
 * browser without WebAuthn, or a backend whose root document has no passkey links, gets no passkey part.
 */
import { findLink } from '../../api/links';
import type { RootDocument } from '../../api/root';

export const hasWebAuthn = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** Sign in with a passkey: the private login's button and the ID field's autofill. */
export function offersPasskeySignIn(root: RootDocument): boolean {
  return hasWebAuthn() && Boolean(findLink(root.link, 'passkey_login_options') && findLink(root.link, 'passkey_login'));
}
