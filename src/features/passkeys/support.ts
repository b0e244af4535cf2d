/**
 * Whether a page offers passkeys at all (issue #36): in the first load of the private login, so kept to
 * a few lines; the passkey code itself comes after the first paint. A browser without WebAuthn, or a
 * backend whose root document has no passkey links, gets no passkey part.
 */
import { findLink } from '../../api/links';
import type { RootDocument } from '../../api/root';
import { passkeyOfferSnoozeDays } from '../../config/limits';

/** localStorage: when the person said "not now" to the offer in this browser (epoch ms). */
export const offerDeclinedKey = 'innlogging.passkeyOfferDeclinedAt';

const hasWebAuthn = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** Sign in with a passkey: the private login's button and the ID field's autofill. */
export function offersPasskeySignIn(root: RootDocument): boolean {
  return hasWebAuthn() && Boolean(findLink(root.link, 'passkey_login_options') && findLink(root.link, 'passkey_login'));
}

/**
 * Whether to offer a passkey after a password sign-in (the root of before the sign-in): never without
 * WebAuthn or the backend's links, nor within passkeyOfferSnoozeDays of a "not now" in this browser. The
 * offer's own page asks the backend whether the person has one already.
 */
export function passkeyOfferWanted(root: RootDocument, now = Date.now()): boolean {
  if (!hasWebAuthn() || !findLink(root.link, 'passkey_register_options')) return false;
  try {
    const declinedAt = Number(localStorage.getItem(offerDeclinedKey));
    if (declinedAt > 0 && now - declinedAt < passkeyOfferSnoozeDays * 86_400_000) return false;
  } catch {
    // No storage (a private window that refuses it): offered, and "not now" is not remembered.
  }
  return true;
}

export function rememberOfferDeclined(now = Date.now()) {
  try {
    localStorage.setItem(offerDeclinedKey, String(now));
  } catch {
    // Not remembered: the offer comes again next time.
  }
}
