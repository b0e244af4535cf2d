/** The password login a form submits (private login and the app's mobile login share it). */
import { requireLink } from '../../api/links';
import { passwordLogin } from '../../api/login';
import type { RootDocument } from '../../api/root';
import type { PasswordLoginResult } from './password-login-form';
import { forgetRootDocument } from '../session';
import { passwordLoginOutcome } from '../../errors/password-login';
import { loadLaterTexts } from '../../i18n/texts';
import { fieldMessage, isValidLoginPassword, isValidNationalId, normaliseNationalId } from './validation';

/**
 * Validates and signs in: 'signed-in', or what to show the person. `appAuthorization`: see passwordLogin.
 * `beforeSignIn`: awaited once the fields are valid, before the call (a passkey options' request on its way).
 */
export async function submitPasswordLogin(
  form: FormData,
  root: RootDocument,
  appAuthorization?: string,
  beforeSignIn?: () => Promise<unknown>,
): Promise<'signed-in' | PasswordLoginResult> {
  const username = normaliseNationalId(String(form.get('username') ?? ''));
  const password = String(form.get('password') ?? '');
  // What is wrong, not the texts: those come with the form (this runs in every page's first load).
  const fieldErrors = {
    username: fieldMessage(username, isValidNationalId(username), 'empty', 'invalid'),
    password: fieldMessage(password, isValidLoginPassword(password), 'empty', 'invalid'),
  } as const;
  if (fieldErrors.username || fieldErrors.password) return { intent: 'password', fieldErrors };
  const link = requireLink(root.link, 'login_password');
  await beforeSignIn?.();
  try {
    await passwordLogin(link, username, password, appAuthorization);
  } catch (error) {
    const { warning, wait } = passwordLoginOutcome(error);
    // The warnings' texts come later than the form's (src/i18n/later): here before the answer shows.
    await loadLaterTexts();
    return { intent: 'password', warning, ...(wait ? { wait } : {}) };
  }
  // Signing in starts a new session with a new CSRF token: the next call fetches the root again.
  forgetRootDocument();
  return 'signed-in';
}
