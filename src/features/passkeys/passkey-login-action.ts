/** The passkey sign-in the private login's action makes with the browser's answer (issue #36). */
import type { RootDocument } from '../../api/root';
import type { AuthenticationResponse } from '../../contract/passkeys';
import { passkeySignInOutcome, type PasskeySignInCause } from '../../errors/passkey';
import type { Wait } from '../../errors/wait';
import { forgetRootDocument } from '../session';
import { passkeyLogin } from './passkey-calls';
import { spendSignInOptions } from './sign-in-options';

// The private login loads this file for all of its passkey steps (one import, one chunk): the options
// its loader holds for the sign-in, the sign-in, and whether to offer a passkey after a password.
export { passkeyOfferWanted } from './offer';
export { signInOptions } from './sign-in-options';

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
  // The backend takes the challenge before it checks anything: whatever the answer, it is spent.
  spendSignInOptions();
  try {
    await passkeyLogin(root, credential);
  } catch (error) {
    return { intent: 'passkey', ...passkeySignInOutcome(error) };
  }
  // A new session with a new CSRF token: the next call fetches the root again.
  forgetRootDocument();
  return 'signed-in';
}
