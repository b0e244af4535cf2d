/**
 * The automatic passkey upgrade (issue #51, web only): right after a password sign-in, the password
 * manager that filled the password may make a passkey for the account with no prompt (a conditional
 * create). Silent: no prompt of ours, and any refusal or error only means the offer comes as before.
 * Loaded after a password sign-in on the private login where the browser can create silently
 * (offer.ts conditionalCreateAvailable), never in the app's flow.
 */
import { loadRootDocument } from '../session';
import { listPasskeys, registerOptions, registerPasskey } from './passkey-calls';
import { signalUnknownCredential } from './signals';
import { createPasskeySilently } from './webauthn-create';

/**
 * The silent create is given this long after a password sign-in; then the person goes on (to the offer,
 * where it may be wanted). A password manager that makes the passkey answers well within it. Here, not
 * in config/limits.ts, which every screen's first load carries.
 */
export const passkeyUpgradeWithinMs = 1_500;

/**
 * 'made': a passkey was made and registered (the offer is not needed); 'has-passkey': the account has
 * one already (no offer either); 'not-made': unsupported, refused by the browser or the backend, or not
 * made within passkeyUpgradeWithinMs.
 */
export async function upgradeToPasskey(): Promise<'made' | 'has-passkey' | 'not-made'> {
  try {
    // The new session's root (the sign-in made the one before stale): its CSRF token.
    const root = await loadRootDocument();
    // Asked first, as the offer's page does: options the backend would refuse are not asked for.
    if ((await listPasskeys(root)).passkeys.length > 0) return 'has-passkey';
    const options = await registerOptions(root, { upgrade: true });
    const credential = await createPasskeySilently(options, passkeyUpgradeWithinMs);
    try {
      await registerPasskey(root, credential);
    } catch (error) {
      // Made, but the backend took it not: the password manager may drop it (where allowed).
      signalUnknownCredential(options.rp.id, credential.id);
      throw error;
    }
    return 'made';
  } catch {
    return 'not-made';
  }
}
