/**
 * The reset wizard's work in the host route (decision 017), loaded when the URL names a step:
 * - the loader's part (`resetScreenAt`): the step the URL names, if the reset kept in sessionStorage
 *   allows it; any other step is answered with a redirect, in place, to the furthest it allows;
 * - the action's part (`runResetStep`): the step's form checked (reset-checks.ts), then its call
 *   (SPEC §4, §7); a success writes the reset and redirects to the next step's URL, a failure answers
 *   a cause the error catalogue words (src/errors/reset.ts) and the step stays.
 * Saving the new password signs in with it in the same action: the password goes from the form to
 * the calls and is never kept.
 */
import { redirect, replace } from 'react-router';
import { isAppError } from '../../api/errors';
import type { Link } from '../../contract/answers';
import type { LinkName } from '../../contract/api';
import { requireLink } from '../../api/links';
import { passwordLogin } from '../../api/login';
import { checkResetCode, saveNewPassword, startPasswordReset } from '../../api/password-reset';
import { resetCodeTries, resetMinimumIntervalSeconds } from '../../contract/limits';
import { wrongCodeText } from '../../errors/fields';
import { passwordRuleText, resetWarning } from '../../errors/reset';
import { parseAppLocation } from '../../config/routes';
import { forgetRootDocument, loadRootDocument } from '../session';
import { waitOf } from '../../errors/wait';
import { checkCode, checkIdentity, checkPassword } from './reset-checks';
import { allows, codeChannel, furthestStep, nextStep, type ResetAnswer, type ResetIntent, resendWaitMs, resetFieldIds, type ResetStep } from './reset-journey';
import { resetsLeftOf } from './reset-limits';
import { newStoredReset, readStoredReset, type ResetEnd, type ResetScreen, type SignInState, type StoredReset, writeStoredReset } from './reset-storage';
import { searchWithStep, stepFromSearch } from './reset-url';

/** What the host page adds to the wizard's work. */
export interface ResetHost {
  /** The app flow that hosts the wizard: the sign-in with the new password is its login (decision 019). */
  appAuthorization?: string;
  /** An app path to go to after that sign-in, in place of the page (the app's flow, decision 018); the mailbox otherwise. */
  afterSignIn?: string;
}

/** The host page's path without its language: a reset resumes on the page it began on, in any language. */
function hostPath(url: URL): string {
  return parseAppLocation(url.pathname)?.relativePath ?? url.pathname;
}

/** A redirect, in place, to `step` of the host page (null: the page without the wizard). */
function replaceAt(url: URL, step: ResetStep | null): Response {
  return replace(searchWithStep(url.search, step) || '.');
}

/**
 * The reset kept for this page, if its links are the reset API's own (under the root document's
 * reset_password address): a hand-edited link to another call of this site would get the codes and
 * the new password.
 */
async function kept(url: URL): Promise<StoredReset | null> {
  const stored = readStoredReset(hostPath(url));
  if (!stored || stored.links.length === 0) return stored;
  const base = new URL(`${new URL((await rootLink('reset_password')).uri, url).pathname.replace(/\/$/, '')}/`, url);
  const own = stored.links.every((link) => {
    const target = new URL(link.uri, url);
    return target.origin === base.origin && target.pathname.startsWith(base.pathname);
  });
  return own ? stored : null;
}

/** A reset on its way: the one kept for this page (a finished one is no more a reset to go on with). */
async function ongoing(url: URL): Promise<StoredReset | null> {
  const stored = await kept(url);
  return stored?.signIn ? null : stored;
}

function screenOf(reset: StoredReset, step: ResetStep): ResetScreen {
  const { path: _path, links, ...kept } = reset;
  return { ...kept, step, open: links.length > 0 };
}

/**
 * The loader's part: the step the URL names, with the reset kept for this page. A step the reset
 * does not allow (none kept, a code not yet taken, a name the wizard does not know) becomes the
 * furthest it allows; step 5 without a finished reset (Back from the mailbox) becomes the page without
 * the wizard. An ended reset shows its end where it ended.
 */
export async function resetScreenAt(request: Request): Promise<ResetScreen> {
  const url = new URL(request.url);
  const wanted = stepFromSearch(url.search);
  const stored = await kept(url);
  if (wanted === 'done') {
    if (stored?.signIn) return screenOf(stored, 'done');
    throw replaceAt(url, null);
  }
  const reset = stored?.signIn ? null : stored;
  if (wanted !== null && (reset?.ended?.at === wanted || allows(reset, wanted))) return screenOf(reset ?? newStoredReset(hostPath(url)), wanted);
  throw replaceAt(url, furthestStep(reset));
}

const field = (form: FormData, name: string) => String(form.get(name) ?? '');
const stays = (answer: Partial<ResetAnswer>): ResetAnswer => ({ fieldErrors: [], warning: null, ...answer });

async function rootLink(rel: LinkName): Promise<Link> {
  return requireLink((await loadRootDocument()).link, rel);
}

/** A new reset for (phone, ID): its start, kept; then the email-code step. Answers the failure if it failed. */
async function start(url: URL, before: StoredReset, phoneNumber: string, nationalId: string, resend: boolean): Promise<Response | { error: unknown }> {
  try {
    const started = await startPasswordReset(await rootLink('reset_password'), phoneNumber, nationalId);
    writeStoredReset(
      newStoredReset(before.path, {
        phoneNumber,
        nationalId,
        links: started.link,
        // When the answer came: the backend's interval started before it, so a countdown from here is never short.
        startedAt: Date.now(),
        maskedEmail: started.maskedEmail ?? null,
        resetsLeft: resetsLeftOf(started.resetsLeft),
        resent: resend,
      }),
    );
    return toStep(url, 'emailCode');
  } catch (error) {
    return { error };
  }
}

/** The next step's URL: a new history entry (the router stays in place for the same URL: new codes at step 2). */
function toStep(url: URL, step: ResetStep): Response {
  return redirect(searchWithStep(url.search, step));
}

async function identify(url: URL, reset: StoredReset, form: FormData): Promise<Response | ResetAnswer> {
  const checked = checkIdentity(field(form, 'phoneNumber'), field(form, 'nationalId'));
  if ('fieldErrors' in checked) return stays(checked);
  const { phoneNumber, nationalId } = checked;
  const samePerson = reset.phoneNumber === phoneNumber && reset.nationalId === nationalId;
  // Back at step 1 with the answers of the open reset: its codes still count, no new reset.
  if (reset.links.length > 0 && samePerson) {
    writeStoredReset({ ...reset, resent: false });
    return toStep(url, 'emailCode');
  }
  const started = await start(url, reset, phoneNumber, nationalId, false);
  return started instanceof Response ? started : stays({ warning: resetWarning(started.error, 'identify') });
}

/**
 * New codes (a new reset for the same person, SPEC has no resend) once the interval has passed. One
 * the backend still finds too soon (the device clock set forward, a start's answer lost to a reload)
 * counts down again to its Retry-After instead of warning.
 */
async function resend(url: URL, reset: StoredReset, step: ResetStep): Promise<Response | ResetAnswer> {
  const wait = resendWaitMs(reset, Date.now());
  if (wait === null || wait > 0) return stays({});
  const started = await start(url, reset, reset.phoneNumber, reset.nationalId, true);
  if (started instanceof Response) return started;
  const { error } = started;
  if (isAppError(error) && error.isThrottled && error.apiError === 'RESET_PASSWORD_TOO_SOON') {
    const interval = resetMinimumIntervalSeconds * 1000;
    const after = error.retryAfterSeconds !== undefined && error.retryAfterSeconds > 0 ? Math.min(error.retryAfterSeconds * 1000, interval) : interval;
    writeStoredReset({ ...reset, startedAt: Date.now() + after - interval });
    return stays({});
  }
  return stays({ warning: resetWarning(error, step) });
}

/** The reset the backend ended: its links and codes are of no more use; the step shows why. */
function ended(reset: StoredReset, step: ResetStep, why: ResetEnd): ResetAnswer {
  writeStoredReset({ ...reset, links: [], emailCode: '', smsCode: '', triesUsed: 0, resent: false, ended: { why, at: step } });
  return stays({});
}

/** What a failed code check or save leaves: a wrong code at its field with the tries left, an ended reset, or a warning. */
function codeFailure(reset: StoredReset, step: ResetStep, error: unknown): ResetAnswer {
  const code = isAppError(error) && !error.isThrottled ? error.apiError : undefined;
  if (code === 'RESET_PASSWORD_INVALIDATED') return ended(reset, step, reset.triesUsed + 1 >= resetCodeTries ? 'tooMany' : 'expired');
  if (code !== 'RESET_PASSWORD_WRONG_CODE') {
    writeStoredReset(reset);
    return stays({ warning: resetWarning(error, step) });
  }
  const triesUsed = Math.min(reset.triesUsed + 1, resetCodeTries - 1);
  writeStoredReset({ ...reset, triesUsed, resent: false });
  const channel = codeChannel(step);
  if (channel === null) return stays({ warning: resetWarning(error, step) });
  const fieldId = channel === 'email' ? resetFieldIds.emailCode : resetFieldIds.smsCode;
  const tries = Math.max(resetCodeTries - reset.triesUsed - 1, 1);
  return stays({ fieldErrors: [{ fieldId, text: wrongCodeText, params: { tries } }] });
}

async function code(url: URL, reset: StoredReset, step: ResetStep, form: FormData): Promise<Response | ResetAnswer> {
  const channel = codeChannel(step) ?? 'email';
  const checked = checkCode(channel, field(form, 'code'));
  if ('fieldErrors' in checked) return stays(checked);
  // The try is the backend's as soon as the call goes: a reload before its answer must not give it back.
  writeStoredReset({ ...reset, triesUsed: Math.min(reset.triesUsed + 1, resetCodeTries - 1) });
  try {
    await checkResetCode(requireLink(reset.links, channel === 'email' ? 'check_email_code' : 'check_sms_code'), checked.code);
  } catch (error) {
    return codeFailure(reset, step, error);
  }
  writeStoredReset({ ...reset, ...(channel === 'email' ? { emailCode: checked.code } : { smsCode: checked.code }), resent: false });
  return toStep(url, nextStep(step));
}

/** Step 5's sign-in: on the way out, or, refused, a limit on password logins (with its wait) or anything else. */
async function signIn(nationalId: string, password: string, host: ResetHost): Promise<SignInState> {
  try {
    await passwordLogin(await rootLink('login_password'), nationalId, password, host.appAuthorization);
  } catch (error) {
    if (!isAppError(error) || !error.isThrottled) return { status: 'failed' };
    const wait = waitOf(error);
    return { status: 'throttled', ...(wait ? { wait } : {}) };
  }
  // A new session: the next page (or call) fetches the root document again.
  forgetRootDocument();
  return { status: 'signingIn' };
}

async function save(url: URL, reset: StoredReset, form: FormData, host: ResetHost): Promise<Response | ResetAnswer> {
  const password = field(form, 'password');
  const checked = checkPassword(password, field(form, 'repeat'));
  if (checked) return stays({ fieldErrors: [checked] });
  try {
    await saveNewPassword(requireLink(reset.links, 'self'), reset.emailCode, reset.smsCode, password);
  } catch (error) {
    // The backend's own check of the new password (the browser's may have gone without the common-password list): at the field.
    const ruleText = passwordRuleText(error);
    if (ruleText) return stays({ fieldErrors: [{ fieldId: resetFieldIds.password, text: ruleText }] });
    return codeFailure(reset, 'newPassword', error);
  }
  const outcome = await signIn(reset.nationalId, password, host);
  if (outcome.status === 'signingIn' && host.afterSignIn !== undefined) {
    writeStoredReset(null);
    return replace(host.afterSignIn);
  }
  // Step 5 shows how it went (and, signed in, leaves for the mailbox once it is in the history: reset-history.ts).
  writeStoredReset(newStoredReset(reset.path, { signIn: outcome }));
  return toStep(url, 'done');
}

/**
 * The action's part: the form of the step the URL names. A step the reset does not allow (a tab left
 * open on an older step) is answered as the loader does.
 */
export async function runResetStep(request: Request, form: FormData, host: ResetHost): Promise<Response | ResetAnswer> {
  const url = new URL(request.url);
  const step = stepFromSearch(url.search);
  const reset = (await ongoing(url)) ?? newStoredReset(hostPath(url));
  if (step === null || step === 'done' || !allows(reset, step)) throw replaceAt(url, furthestStep(reset));
  if (form.getAll('intent').includes('reset-resend' satisfies ResetIntent)) return resend(url, reset, step);
  switch (step) {
    case 'identify':
      return identify(url, reset, form);
    case 'emailCode':
    case 'smsCode':
      return code(url, reset, step, form);
    case 'newPassword':
      return save(url, reset, form, host);
  }
}
