/**
 * The reset wizard's calls as an action of each route that hosts it (forgot-password,
 * mobile-forgot-password): the route's `action` hands a form whose intent is the wizard's here. Small,
 * for the host's first load: the calls' code comes with the first call (reset-calls.ts), after the
 * wizard's own lazy chunk.
 */
import { loadRootDocument } from '../session/root-document';
import type { ResetAnswer } from './reset-machine';

const intentPrefix = 'reset-';

/** A form the wizard posted (its intents: reset-journey.ts). */
export function isResetCall(form: FormData | undefined): boolean {
  const intent = form?.get('intent');
  return typeof intent === 'string' && intent.startsWith(intentPrefix);
}

/** Makes the call the wizard's form asks for; `appAuthorization`: the app flow hosting the wizard (decision 019). */
export async function resetRouteAction(form: FormData, { appAuthorization }: { appAuthorization?: string } = {}): Promise<ResetAnswer> {
  const [{ runResetCall }, root] = await Promise.all([import('./reset-calls'), loadRootDocument()]);
  return runResetCall(form, root, appAuthorization);
}
