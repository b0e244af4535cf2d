/**
 * The passkey sign-in's options, held for the private login (docs/decisions/025): its loader starts
 * them before any click, so the button's WebAuthn call finds them in hand and stays inside the click's
 * user activation (Safari before 17.4 refuses a call made after a request of its own). A challenge is
 * answered once and lives passkeyChallengeLifetimeMinutes: what is held is handed out only while it
 * can still be answered, and new options are fetched otherwise. Loaded with the action's passkey part.
 */
import type { RootDocument } from '../../api/root';
import { passkeyChallengeLifetimeMinutes } from '../../contract/limits';
import type { RequestOptions } from '../../contract/passkeys';
import { loginOptions } from './passkey-calls';

/**
 * Half the challenge's life: the browser's dialog, which may stay open as long as the challenge lives,
 * still has the other half when the person takes their time in it.
 */
export const signInOptionsUsableMs = (passkeyChallengeLifetimeMinutes * 60_000) / 2;

interface Held {
  /** The session they were made for (its CSRF token): a challenge is bound to its session. */
  session: string | undefined;
  /** When they were asked for (the challenge is at most this old). */
  since: number;
  options: Promise<RequestOptions>;
}

let held: Held | undefined;

/** Whether the held options may still be handed out: a time in the future (a clock moved back) has no age. */
const usable = ({ session, since }: Held, root: RootDocument) => {
  const age = Date.now() - since;
  return session === root.csrfToken && age >= 0 && age < signInOptionsUsableMs;
};

/**
 * Options for this session whose challenge is unanswered and young enough: those held, or new ones. A
 * failure is not kept: the next call asks again (and the button tells it, as any failure).
 */
export function signInOptions(root: RootDocument): Promise<RequestOptions> {
  if (held && usable(held, root)) return held.options;
  const asked: Held = { session: root.csrfToken, since: Date.now(), options: loginOptions(root) };
  held = asked;
  asked.options.catch(() => {
    if (held === asked) held = undefined;
  });
  return asked.options;
}

/**
 * The options' request on its way, answered (at most 2 s waited for). A password sign-in waits for it:
 * the sign-in starts a new session, and a request still on its way would reach the backend with the
 * old one's CSRF token (a 403 in the console), as where a password manager fills and sends the form at
 * once: at the page's load, or as the autofill asks again (the held options too old, or spent).
 */
export function signInOptionsSettled(): Promise<unknown> {
  const asked = held?.options.catch(() => {});
  return asked ? Promise.race([asked, new Promise((done) => setTimeout(done, 2_000))]) : Promise.resolve();
}

/** The held challenge is answered (the action sends the answer): the next sign-in needs new options. */
export function spendSignInOptions() {
  held = undefined;
}
