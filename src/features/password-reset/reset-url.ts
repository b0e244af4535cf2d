/**
 * The reset wizard's step in the URL of the page that hosts it (decision 017): `?step=phone`,
 * `email-code`, `sms-code`, `new-password` or `done`, one history entry per step. Small and without
 * the wizard, for the host page's first load: the host opens the wizard by adding the step and shows
 * it while the URL has one; the wizard (lazy) does the rest. Its calls: reset-route-action.ts.
 */
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ResetStep } from './reset-machine';

export const resetStepParam = 'step';

const slugs: Record<ResetStep, string> = {
  identify: 'phone',
  emailCode: 'email-code',
  smsCode: 'sms-code',
  newPassword: 'new-password',
  done: 'done',
};

/** Kept in the history entry of each step: how many wizard entries lie behind it, and the step just before. */
export interface ResetHistoryState {
  resetDepth: number;
  resetFrom?: ResetStep;
}

export function resetHistoryState(state: unknown): ResetHistoryState {
  const depth = (state as Partial<ResetHistoryState> | null)?.resetDepth;
  const from = (state as Partial<ResetHistoryState> | null)?.resetFrom;
  return { resetDepth: typeof depth === 'number' && depth > 0 ? depth : 0, ...(from ? { resetFrom: from } : {}) };
}

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

/** For a host route's shouldRevalidate: a move between steps (or opening or closing the wizard) is not new data. */
export function onlyTheStepChanged({ currentUrl, nextUrl, formMethod }: { currentUrl: URL; nextUrl: URL; formMethod?: string }): boolean {
  return (
    formMethod === undefined &&
    currentUrl.pathname === nextUrl.pathname &&
    searchWithStep(currentUrl.search, null) === searchWithStep(nextUrl.search, null) &&
    currentUrl.search !== nextUrl.search
  );
}

/**
 * For a page that hosts the wizard: `open` while the URL names a step (so a reload or Forward opens
 * it again), `loaded` once it has been wanted (the lazy chunk then stays), and `openWizard` for the
 * page's button: a new history entry at step 1.
 */
export function useResetWizardHost() {
  const location = useLocation();
  const navigate = useNavigate();
  const open = hasStep(location.search);
  const [loaded, setLoaded] = useState(false);
  // After hydration, not during it: the prerendered page has no wizard.
  useEffect(() => {
    if (open) setLoaded(true);
  }, [open]);
  const openWizard = () => {
    setLoaded(true);
    navigate({ search: searchWithStep(location.search, 'identify') }, { state: { resetDepth: 1 } satisfies ResetHistoryState });
  };
  return { open, loaded, openWizard };
}
