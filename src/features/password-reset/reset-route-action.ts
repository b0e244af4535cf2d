/**
 * The reset wizard's calls as an action of each route that hosts it (forgot-password,
 * mobile-forgot-password): the route's `action` hands a form whose intent is the wizard's here, and
 * its `shouldRevalidate` leaves its data alone for one. Small, for the host's first load: the calls'
 * code (reset-calls.ts) comes with the wizard's chunk, which asked for the call and so is here
 * already (a lazily loaded chunk of its own would grow the runtime every first load shares).
 */
import { loadRootDocument } from '../session';
import type { ResetAnswer } from './reset-machine';

/** A form the wizard posted (its intents: reset-journey.ts). */
export function isResetCall(form: FormData | undefined): boolean {
  const intent = form?.get('intent');
  return typeof intent === 'string' && intent.startsWith('reset-');
}

/** Makes the call the wizard's form asks for; `appAuthorization`: the app flow hosting the wizard (decision 019). */
export async function resetRouteAction(form: FormData, { appAuthorization }: { appAuthorization?: string } = {}): Promise<ResetAnswer> {
  const [{ runResetCall }, root] = await Promise.all([import('./reset-wizard'), loadRootDocument()]);
  return runResetCall(form, root, appAuthorization);
}
