/**
 * What only the dialog needs of the history, in one place (decision 017). The router owns the rest:
 * the step is the URL's, the loader answers a step the reset does not allow, the action moves on.
 *
 * - **The wizard's entries.** Closing the dialog leaves all of them at once, back to the page it was
 *   opened from; the wizard's Back is the history's Back when the entry behind is the step before.
 *   The router navigates one entry, never "back to where the dialog opened", so each entry's step is
 *   noted here by its place in the tab's history (React Router's browser history keeps that index in
 *   `history.state.idx`). Without it (a memory router, storage refused) both move in place.
 * - **Leaving after step 5's sign-in**, once step 5 is in the history, so Back from the mailbox finds
 *   a step address the loader closes: the router cannot redirect after an entry it pushed itself.
 * - **The back/forward cache.** Back from the mailbox to the page as the browser kept it shows step 5
 *   of a reset that is over; only `pageshow` with `persisted` says so, and the loader, asked again,
 *   closes it.
 * - **Arrival.** The router moves focus nowhere and leaves the title alone: on each new entry and each
 *   answer the title names the step, and focus goes where a person should start reading.
 */
import { type RefObject, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { externalPaths } from '../../config/paths';
import { leaveFor } from '../session';
import { previousStep, type ResetAnswer, type ResetStep } from './reset-journey';
import { forgetResent, type ResetScreen, writeStoredReset } from './reset-storage';
import { type openedState, searchWithStep } from './reset-url';

/** The wizard's entries of this tab: by history index, a step, or the page the dialog was opened from. */
const entriesKey = 'innlogging.reset-entries';
type Entries = Record<number, ResetStep | 'host'>;

function entryIndex(): number | null {
  const index = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof index === 'number' ? index : null;
}

/** The entries noted on this page (another page's, in the same tab, are not this one's). */
function readEntries(): Entries {
  try {
    const kept = JSON.parse(window.sessionStorage.getItem(entriesKey) ?? 'null') as { path?: unknown; entries?: Entries } | null;
    return kept?.path === window.location.pathname && kept.entries && typeof kept.entries === 'object' ? kept.entries : {};
  } catch {
    return {};
  }
}

function writeEntries(entries: Entries | null): void {
  try {
    if (entries === null) window.sessionStorage.removeItem(entriesKey);
    else window.sessionStorage.setItem(entriesKey, JSON.stringify({ path: window.location.pathname, entries }));
  } catch {
    // Storage refused: the dialog's moves stay in place.
  }
}

/** Notes the step this entry shows (the wizard's arrival); `opened`: the entry behind is the page. */
function noteEntry(step: ResetStep, opened: boolean): void {
  const index = entryIndex();
  if (index === null) return;
  const entries = readEntries();
  entries[index] = step;
  if (opened) entries[index - 1] = 'host';
  writeEntries(entries);
}

/**
 * How many entries back, among the wizard's entries behind `index`, the nearest one showing `wanted`
 * is (`host`: the page the dialog was opened from); null when none is.
 */
function entryBack(index: number, wanted: ResetStep | 'host'): number | null {
  const entries = readEntries();
  for (let at = index - 1; at >= 0 && entries[at] !== undefined; at -= 1) {
    if (entries[at] === wanted) return index - at;
    if (entries[at] === 'host') return null;
  }
  return null;
}

/** How many entries back the page the dialog was opened from is; null when it is not behind them. */
function entriesToPage(): number | null {
  const index = entryIndex();
  return index === null ? null : entryBack(index, 'host');
}

export function useResetHistory(screen: ResetScreen | null, busy: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const left = useRef(false);

  /** Back by `delta` entries, or to `step` in place (null: the page without the wizard). */
  function go(target: { delta: number } | { step: ResetStep | null }) {
    if ('delta' in target) void navigate(target.delta);
    else void navigate({ search: searchWithStep(location.search, target.step) }, { replace: true });
  }

  const signingIn = screen?.step === 'done' && screen.signIn?.status === 'signingIn';
  useEffect(() => {
    if (screen?.step !== 'done') return;
    if (signingIn && !left.current) {
      left.current = true;
      // Signed in with the new password, and step 5 is in the history: the reset is over, on to the mailbox.
      writeStoredReset(null);
      writeEntries(null);
      void leaveFor(externalPaths.privateMailbox);
    }
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) void revalidate();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [screen?.step, signingIn, revalidate]);

  return {
    /** The person closes the wizard (cross, Escape, backdrop): the reset is abandoned, and its entries left. */
    close() {
      if (busy) return;
      const back = entriesToPage();
      writeStoredReset(null);
      writeEntries(null);
      go(back !== null ? { delta: -back } : { step: null });
    },
    /**
     * The wizard's Back: back in the history to the step before when it is among the wizard's entries
     * behind (also past a step the reset no longer allows, such as step 3 behind new codes), else that
     * step in place.
     */
    back() {
      if (busy || !screen) return;
      const previous = previousStep(screen.step);
      const index = entryIndex();
      const behind = index === null ? null : entryBack(index, previous);
      go(behind !== null ? { delta: -behind } : { step: previous });
    },
  };
}

interface Arrival {
  /** The step shown; null while the wizard is closed. */
  step: ResetStep | null;
  /** The page title's part for the step, "Feil: " first while it shows an error. */
  title: string;
  answer: ResetAnswer | undefined;
  focus: {
    heading: RefObject<HTMLHeadingElement | null>;
    warning: RefObject<HTMLDivElement | null>;
    ended: RefObject<HTMLDivElement | null>;
    resent: RefObject<HTMLDivElement | null>;
  };
}

/**
 * On arrival at a step (a move, Back, Forward, a reload) and at each answer: the page title names the
 * step (before the page's own, put back when the wizard closes); focus goes to the step's heading, so
 * it is read out, or to what the answer brought (a warning, the ended reset; the error summary takes
 * it itself); new codes sent at the person's asking start at the notice that says so (a notice put in
 * at the same moment as focus moves is often not announced). The entry's step is noted for close and Back.
 */
export function useArrival({ step, title, answer, focus }: Arrival) {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new entry, or a new answer, is the trigger
  useEffect(() => {
    if (step === null) return;
    noteEntry(step, (location.state as typeof openedState | null)?.resetOpened === true);
    const base = document.title;
    document.title = base ? `${title} – ${base}` : title;
    const summaryHasIt = (answer?.fieldErrors.length ?? 0) > 0;
    (focus.warning.current ?? focus.ended.current ?? (summaryHasIt ? null : (focus.resent.current ?? focus.heading.current)))?.focus();
    // The notice of new codes is said once: not again at this step's next arrival (Back, Forward, a reload).
    if (focus.resent.current) forgetResent();
    return () => {
      document.title = base;
    };
  }, [location.key, answer, step, title]);
}
