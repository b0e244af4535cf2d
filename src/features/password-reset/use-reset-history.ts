/**
 * The reset wizard in the history of the page that hosts it (decision 017): what the router does not
 * do by itself, so it is here, in one place.
 *
 * - The step is in the URL, but the machine decides where the reset may be: a step the URL names
 *   that the reset does not allow is replaced by the one it is at, and a step the machine moved to
 *   (an answer, start again, new codes) becomes a new history entry. The router has no notion of
 *   "this entry may not be shown now".
 * - Closing the dialog leaves all of the wizard's entries at once (`history.go(-n)`, n counted in
 *   each entry's state): the router navigates one entry, or to a new one, never "back n".
 * - Back from the mailbox to the page the browser kept (back/forward cache) shows step 5 of a reset
 *   that is over: only `pageshow` with `persisted` says so; no router event fires.
 * - After step 5's sign-in the page is left once step 5 is in the history (so Back from the mailbox
 *   finds a step that closes itself): the router cannot redirect after an entry it pushed itself.
 *   The way out is session/leave.ts's (analytics handed over first), or the hosting app's own path.
 */
import { type Dispatch, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { externalPaths } from '../../config/paths';
import { leaveFor } from '../session';
import { writeStoredReset } from './reset-storage';
import { canChoose, previousStep, type ResetEvent, type ResetState, type ResetStep } from './reset-machine';
import { hasStep, resetHistoryState, searchWithStep, stepFromSearch, type ResetHistoryState } from './reset-url';

export interface ResetHistoryOptions {
  open: boolean;
  onClose: () => void;
  /** An app path to go to after step 5's sign-in, in place of the page; the mailbox otherwise. */
  afterSignIn?: string;
}

export function useResetHistory(state: ResetState, dispatch: Dispatch<ResetEvent>, { open, onClose, afterSignIn }: ResetHistoryOptions) {
  const location = useLocation();
  const navigate = useNavigate();
  /** The step the URL and the machine last agreed on; null until a step has been shown. */
  const syncedStep = useRef<ResetStep | null>(null);
  /** The person closed the wizard: the entry it was closed at, while its entries are being left. */
  const closing = useRef<string | null>(null);
  /** Step 5 signed in and the page is being left for `afterSignIn`: the URL no longer follows the machine. */
  const leaving = useRef(false);
  /** The sign-in the page was left for (once for each). */
  const leftFor = useRef<ResetState['signIn']>(null);
  const urlStep = stepFromSearch(location.search);
  const urlHasStep = hasStep(location.search);
  const entry = resetHistoryState(location.state);
  const busy = state.call !== null;

  // The step in the URL and the machine's step kept together.
  useEffect(() => {
    // On the way out (a replace to the app's approval, still loading): a step=done entry pushed now
    // would interrupt it, and Back from the approval would lead to a reset that is over.
    if (leaving.current) return;
    if (closing.current !== null) {
      if (urlHasStep) {
        // Left the wizard's entries and still at one with a step (the wizard opened at a step's address): out of it too.
        if (location.key !== closing.current) navigate({ search: searchWithStep(location.search, null) }, { replace: true });
        return;
      }
      closing.current = null;
    }
    if (!urlHasStep) {
      if (!open) return;
      if (syncedStep.current !== null) {
        // Back from the first step: the dialog closes; the reset is kept, for Forward.
        syncedStep.current = null;
        onClose();
      } else {
        // Opened by a page that did not put the step in the URL: it goes there now, as a new entry.
        navigate({ search: searchWithStep(location.search, state.step) }, { state: { resetDepth: 1 } satisfies ResetHistoryState });
      }
      return;
    }
    if (!open) return;
    if (urlStep === state.step) {
      syncedStep.current = state.step;
      return;
    }
    if (syncedStep.current === null && urlStep === 'done') {
      // The address of a reset that is over (Back from the mailbox): the page without the wizard.
      navigate({ search: searchWithStep(location.search, null) }, { replace: true });
      onClose();
      return;
    }
    if (syncedStep.current !== null && urlStep === syncedStep.current) {
      // The machine moved (an answer, start again, new codes): a new entry.
      const next: ResetHistoryState = { resetDepth: entry.resetDepth + 1, resetFrom: syncedStep.current };
      navigate({ search: searchWithStep(location.search, state.step) }, { state: next });
      return;
    }
    // The URL moved (Back, Forward, a step's address): the machine follows where the reset allows it,
    // else the URL comes back to the step it is at, in place.
    if (urlStep !== null && canChoose(state, urlStep)) dispatch({ type: 'STEP_CHOSEN', step: urlStep });
    else navigate({ search: searchWithStep(location.search, state.step) }, { replace: true, state: { resetDepth: entry.resetDepth } });
  }, [open, urlHasStep, urlStep, state, location.key, location.search, entry.resetDepth, navigate, onClose, dispatch]);

  // Back from the mailbox to this page as the browser kept it (no new load): the reset is over, so
  // the page without the wizard, not step 5's "Logging you in …" with no way on.
  useEffect(() => {
    if (state.step !== 'done') return;
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      syncedStep.current = null;
      closing.current = location.key;
      dispatch({ type: 'ABANDONED' });
      navigate({ search: searchWithStep(location.search, null) }, { replace: true });
      onClose();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [state.step, location.key, location.search, navigate, onClose, dispatch]);

  // Signed in with the new password, and step 5 is in the history: on to the mailbox, or to the page's app path.
  useEffect(() => {
    if (state.signIn?.status !== 'signingIn' || urlStep !== 'done' || leftFor.current === state.signIn) return;
    leftFor.current = state.signIn;
    if (afterSignIn === undefined) {
      void leaveFor(externalPaths.privateMailbox);
      return;
    }
    leaving.current = true;
    void navigate(afterSignIn, { replace: true });
  }, [state.signIn, urlStep, afterSignIn, navigate]);

  /** The person closes the wizard (cross, Escape, backdrop): the reset is abandoned, and its entries left. */
  function close() {
    if (busy) return;
    closing.current = location.key;
    syncedStep.current = null;
    writeStoredReset(null);
    dispatch({ type: 'ABANDONED' });
    if (entry.resetDepth > 0) navigate(-entry.resetDepth);
    else navigate({ search: searchWithStep(location.search, null) }, { replace: true });
    onClose();
  }

  /** The wizard's Back: the history's Back when the entry behind is the step before, else that step in place. */
  function back() {
    if (busy) return;
    const previous = previousStep(state.step);
    if (entry.resetFrom === previous) navigate(-1);
    else navigate({ search: searchWithStep(location.search, previous) }, { replace: true, state: { resetDepth: entry.resetDepth } });
  }

  return { close, back };
}
