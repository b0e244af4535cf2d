/**
 * The reset wizard's calls (SPEC §4, §7), made in an action of the route that hosts the wizard
 * (reset-route-action.ts hands a wizard's form here, by its intent), as the password login's are:
 * the wizard's step submits what its call needs through a fetcher, and the answer goes back to the
 * machine (reset-machine.ts) as the event it makes. Saving the new password signs in with it in the
 * same action, so the password is sent from the form and never kept anywhere.
 */
import type { Link } from '../../api/errors';
import { requireLink } from '../../api/links';
import { passwordLogin } from '../../api/login';
import { checkResetCode, saveNewPassword, startPasswordReset } from '../../api/password-reset';
import type { RootDocument } from '../../api/root';
import { forgetRootDocument } from '../session';
import type { ResetIntent } from './reset-journey';
import { resetsLeftOf } from './reset-limits';
import type { ResetAnswer, ResetCall, SignInOutcome } from './reset-machine';

const field = (form: FormData, name: string) => String(form.get(name) ?? '');

function linksOf(form: FormData): Link[] {
  try {
    const links: unknown = JSON.parse(field(form, 'links'));
    return Array.isArray(links) ? (links as Link[]) : [];
  } catch {
    return [];
  }
}

/**
 * The form a call posts to the host route's action: the call, the reset's links (the wizard's state,
 * kept in sessionStorage for a reload) and, to save, the new password as typed and the ID to sign in with.
 */
export function callForm(call: ResetCall, links: Link[], signIn?: { nationalId: string; password: string }): Record<string, string> {
  const linkField = { links: JSON.stringify(links) };
  switch (call.kind) {
    case 'start':
      return { intent: 'reset-start' satisfies ResetIntent, phoneNumber: call.phoneNumber, nationalId: call.nationalId };
    case 'checkCode':
      return { intent: 'reset-check-code' satisfies ResetIntent, channel: call.channel, code: call.code, ...linkField };
    case 'save':
      return { intent: 'reset-save' satisfies ResetIntent, emailCode: call.emailCode, smsCode: call.smsCode, ...linkField, ...signIn };
  }
}

/** Step 5's sign-in: a new session, so the next page (or call) fetches the root document again. */
async function signIn(root: RootDocument, nationalId: string, password: string, appAuthorization: string | undefined): Promise<SignInOutcome> {
  try {
    await passwordLogin(requireLink(root.link, 'login_password'), nationalId, password, appAuthorization);
  } catch (error) {
    return { signedIn: false, error };
  }
  forgetRootDocument();
  return { signedIn: true };
}

/**
 * Makes the call a wizard's form asks for; answers how it went (never throws: a failure is an answer
 * the step shows). `appAuthorization`: the app flow that hosts the wizard, whose login the sign-in is.
 */
export async function runResetCall(form: FormData, root: RootDocument, appAuthorization?: string): Promise<ResetAnswer> {
  const intent = field(form, 'intent') as ResetIntent;
  try {
    switch (intent) {
      case 'reset-start': {
        const started = await startPasswordReset(requireLink(root.link, 'reset_password'), field(form, 'phoneNumber'), field(form, 'nationalId'));
        const resetsLeft = resetsLeftOf(started.resetsLeft);
        // When the answer came: the backend's interval started before it, so a countdown from here is never short.
        return {
          type: 'RESET_STARTED',
          links: started.link,
          at: Date.now(),
          ...(started.maskedEmail ? { maskedEmail: started.maskedEmail } : {}),
          ...(resetsLeft !== null ? { resetsLeft } : {}),
        };
      }
      case 'reset-check-code':
        await checkResetCode(requireLink(linksOf(form), field(form, 'channel') === 'email' ? 'check_email_code' : 'check_sms_code'), field(form, 'code'));
        return { type: 'CODE_ACCEPTED' };
      case 'reset-save': {
        const password = field(form, 'password');
        await saveNewPassword(requireLink(linksOf(form), 'self'), field(form, 'emailCode'), field(form, 'smsCode'), password);
        return { type: 'PASSWORD_SAVED', signIn: await signIn(root, field(form, 'nationalId'), password, appAuthorization) };
      }
    }
  } catch (error) {
    return { type: 'CALL_FAILED', error, at: Date.now() };
  }
  return { type: 'CALL_FAILED', error: new Error(`Unknown reset intent ${intent}`), at: Date.now() };
}
