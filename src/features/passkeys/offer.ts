/**
 * Whether to offer a passkey after a password sign-in, and the offer's "not now" (issue #36). Loaded
 * when a password sign-in has succeeded (the private login's action) and with the offer's page.
 */
import type { RootDocument } from '../../api/root';
import { findLink } from '../../api/links';
import { passkeyOfferSnoozeDays } from '../../config/limits';
import { hasWebAuthn } from './support';

/** localStorage: when the person said "not now" to the offer in this browser (epoch ms). */
export const offerDeclinedKey = 'innlogging.passkeyOfferDeclinedAt';

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

/** Whether the browser can make a passkey silently after a password sign-in (WebAuthn L3 getClientCapabilities; issue #51). */
export async function conditionalCreateAvailable(): Promise<boolean> {
  try {
    const capabilities = await (
      window.PublicKeyCredential as unknown as { getClientCapabilities?: () => Promise<Record<string, boolean>> }
    )?.getClientCapabilities?.();
    return capabilities?.conditionalCreate === true;
  } catch {
    return false;
  }
}
