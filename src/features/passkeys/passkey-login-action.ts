/** The passkey sign-in the private login's action makes with the browser's answer (issue #36). */
import type { RootDocument } from '../../api/root';
import type { AuthenticationResponse } from '../../contract/passkeys';
import { passkeySignInOutcome, type PasskeySignInCause } from '../../errors/passkey';
import type { Wait } from '../../errors/wait';
import { forgetRootDocument } from '../session';
import { passkeyLogin } from './passkey-calls';

// The private login's action loads this file for both of its passkey steps (one import, one chunk).
export { passkeyOfferWanted } from './offer';

export interface PasskeyLoginResult {
  intent: 'passkey';
  cause: PasskeySignInCause;
  wait?: Wait;
}

/** Signs in with the credential the form carries (JSON): 'signed-in', or what to show the person. */
export async function submitPasskeyLogin(form: FormData, root: RootDocument): Promise<'signed-in' | PasskeyLoginResult> {
  let credential: AuthenticationResponse;
  try {
    credential = JSON.parse(String(form.get('credential')));
  } catch {
    return { intent: 'passkey', cause: 'error' };
  }
  try {
    await passkeyLogin(root, credential);
  } catch (error) {
    return { intent: 'passkey', ...passkeySignInOutcome(error) };
  }
  // A new session with a new CSRF token: the next call fetches the root again.
  forgetRootDocument();
  return 'signed-in';
}
