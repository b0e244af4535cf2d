/**
 * The reset wizard in the route of each page that hosts it (forgot-password, mobile-forgot-password):
 * the host's loader asks `resetLoader` for the step its URL names, and its action hands the wizard's
 * forms to `resetRouteAction`. Small, for the host's first load: the work (reset-steps.ts) is a chunk
 * of its own, loaded when the URL first names a step. It is not the wizard's view (reset-wizard.tsx),
 * which the page loads beside it; the two share only the journey and the stored reset's shape.
 */
import { resetTexts } from '../../i18n/reset/part';
import { loadLaterTexts } from '../../i18n/texts';
import type { ResetHost } from './reset-steps';
import type { ResetAnswer } from './reset-journey';
import type { ResetScreen } from './reset-storage';
import { hasStep } from './reset-url';

export type { ResetHost } from './reset-steps';

/** The step the request's URL names, as the reset allows it; null without a step (the wizard closed). Throws a redirect for any other step. */
export async function resetLoader(request: Request): Promise<ResetScreen | null> {
  if (!hasStep(new URL(request.url).search)) return null;
  // The view's chunk and its texts come beside the work, not after it.
  void loadLaterTexts(resetTexts);
  void import('./reset-wizard');
  const { resetScreenAt } = await import('./reset-steps');
  return resetScreenAt(request);
}

/** A wizard's form: its step's call, then a redirect to the next step, or an answer the step shows. */
export async function resetRouteAction(request: Request, form: FormData, host: ResetHost = {}): Promise<Response | ResetAnswer> {
  const { runResetStep } = await import('./reset-steps');
  return runResetStep(request, form, host);
}
