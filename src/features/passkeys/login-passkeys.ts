/**
 * The app's password page's passkey sign-in (issue #51): its parts loaded when needed, and its options
 * asked for ahead of the click. Kept out of support.ts, which every screen's first load carries. The
 * private login keeps its own copy of these few lines (src/routes/private-login.tsx): as a chunk shared
 * with it they cost its first load 382 B.
 */
import { lazy } from 'react';
import type { RootDocument } from '../../api/root';

/** A login page's passkey parts (the sign-in's options, a sign-in, whether to offer one), loaded when needed: one import. */
export const passkeyActions = () => import('./passkey-login-action');

/**
 * The passkey sign-in's options, asked for now, not waited for (docs/decisions/025): the page takes them
 * at the click, in hand by then, and new ones when those are answered or too old.
 */
export function askPasskeyOptions(root: RootDocument) {
  const take = () => passkeyActions().then((passkeys) => passkeys.signInOptions(root));
  // A failure is told where they are taken, at the click.
  take().catch(() => {});
  return take;
}

/** Before a password sign-in: the passkey options' request on its way, answered (sign-in-options.ts, signInOptionsSettled). */
export const passkeyOptionsSettled = () => passkeyActions().then((passkeys) => passkeys.signInOptionsSettled());

/**
 * Sign in with a passkey (issue #36): its code comes after the first paint, into the room kept for it;
 * its button's words are the page's (i18n/sign-in/), its messages' come when one is shown (passkey-sign-in.tsx).
 */
export const LazyPasskeySignIn = lazy(() =>
  Promise.all([import('./passkey-sign-in'), passkeyActions()]).then(([module]) => ({ default: module.PasskeySignIn })),
);
