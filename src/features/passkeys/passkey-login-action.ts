/** The passkey sign-in the private login's action makes with the browser's answer (issue #36). */
import type { RootDocument } from '../../api/root';
import type { AuthenticationResponse } from '../../contract/passkeys';
import { passkeySignInOutcome, type PasskeySignInCause } from '../../errors/passkey';
import type { Wait } from '../../errors/wait';
import { forgetRootDocument } from '../session';
import { passkeyLogin } from './passkey-calls';
import { signalAcceptedCredentials, signalUnknownCredential, signalUserDetails } from './signals';
import { spendSignInOptions } from './sign-in-options';
import { conditionalCreateAvailable, passkeyOfferWanted } from './offer';

// The private login loads this file for all of its passkey steps (one import, one chunk): the options
// its loader holds for the sign-in, the sign-in, and what comes after a password.
export { signInOptions, signInOptionsSettled } from './sign-in-options';

export interface PasskeyLoginResult {
  intent: 'passkey';
  cause: PasskeySignInCause;
  wait?: Wait;
}

/**
 * After a password sign-in on the private login (`root`: of before it): 'offer' where a passkey may be
 * wanted (passkeyOfferWanted) and the password manager did not make one silently (the automatic upgrade,
 * issue #51, whose code comes only then); 'mailbox' otherwise.
 */
export async function passkeyAfterPassword(root: RootDocument): Promise<'offer' | 'mailbox'> {
  if (!passkeyOfferWanted(root)) return 'mailbox';
  if (!(await conditionalCreateAvailable())) return 'offer';
  try {
    return (await (await import('./upgrade')).upgradeToPasskey()) === 'not-made' ? 'offer' : 'mailbox';
  } catch {
    // Its code did not load (a deploy since the page came): the offer, as without it.
    return 'offer';
  }
}

/**
 * Signs in with the credential the form carries (JSON): 'signed-in', or what to show the person. The
 * password manager is told the account's passkeys and names (not waited for). `appAuthorization`: the
 * app's login page's (docs/decisions/019).
 */
export async function submitPasskeyLogin(form: FormData, root: RootDocument, appAuthorization?: string): Promise<'signed-in' | PasskeyLoginResult> {
  let credential: AuthenticationResponse;
  try {
    credential = JSON.parse(String(form.get('credential')));
  } catch {
    return { intent: 'passkey', cause: 'error' };
  }
  // The backend takes the challenge before it checks anything: whatever the answer, it is spent.
  spendSignInOptions();
  let signedIn: Awaited<ReturnType<typeof passkeyLogin>>;
  try {
    signedIn = await passkeyLogin(root, credential, appAuthorization);
  } catch (error) {
    const outcome = passkeySignInOutcome(error);
    // A passkey this account's backend does not know: its password manager may drop it (where allowed).
    if (outcome.cause === 'not-recognised')
      signalUnknownCredential(String(form.get('rpId') ?? '') || undefined, typeof credential?.id === 'string' ? credential.id : undefined);
    return { intent: 'passkey', ...outcome };
  }
  signalAcceptedCredentials(signedIn);
  signalUserDetails(signedIn);
  // A new session with a new CSRF token: the next call fetches the root again.
  forgetRootDocument();
  return 'signed-in';
}
