/**
 * The reset wizard's step in the URL of the page that hosts it (decision 017): `?step=phone`,
 * `email-code`, `sms-code`, `new-password` or `done`, one history entry per step. The URL alone owns
 * the step: the host route's loader reads it (reset-route-action.ts). Small and without the wizard,
 * for the host page's first load.
 */
import type { ResetStep } from './reset-journey';

export const resetStepParam = 'step';

/** The location state of the entry the page's button opens the wizard at: the entry behind it is the page (reset-history.ts). */
export const openedState = { resetOpened: true } as const;

const slugs: Record<ResetStep, string> = {
  identify: 'phone',
  emailCode: 'email-code',
  smsCode: 'sms-code',
  newPassword: 'new-password',
  done: 'done',
};

/** The step a query names: null for none; a step name it does not know reads as null too. */
export function stepFromSearch(search: string): ResetStep | null {
  const slug = new URLSearchParams(search).get(resetStepParam);
  const found = (Object.keys(slugs) as ResetStep[]).find((step) => slugs[step] === slug);
  return found ?? null;
}

export function hasStep(search: string): boolean {
  return new URLSearchParams(search).has(resetStepParam);
}

/** `search` with the step set (or taken out, for null), other parameters kept. */
export function searchWithStep(search: string, step: ResetStep | null): string {
  const params = new URLSearchParams(search);
  if (step === null) params.delete(resetStepParam);
  else params.set(resetStepParam, slugs[step]);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * For a host route's shouldRevalidate: a new step, or a form of the wizard, is the wizard's data, which
 * the host's loader reads (reset-route-action.ts), so its loader runs for it.
 */
export function resetChanged({ currentUrl, nextUrl, formData }: { currentUrl: URL; nextUrl: URL; formData?: FormData }): boolean {
  return isResetCall(formData) || new URLSearchParams(currentUrl.search).get(resetStepParam) !== new URLSearchParams(nextUrl.search).get(resetStepParam);
}

/** A form the wizard posted (its intents: reset-journey.ts). */
export function isResetCall(form: FormData | undefined): boolean {
  const intent = form?.get('intent');
  return typeof intent === 'string' && intent.startsWith('reset-');
}
