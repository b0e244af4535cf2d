import { act, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { useLoaderData } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test-support/render-routes';
import { useRecheckSessionOnReturn } from './use-recheck-on-return';

/** Set by an effect after the hook's own: once true, the hook listens (effects run in order). */
let listening = false;

function Screen() {
  useRecheckSessionOnReturn();
  useEffect(() => {
    listening = true;
    return () => {
      listening = false;
    };
  }, []);
  const { run } = useLoaderData<{ run: number }>();
  return <p>loader run {run}</p>;
}

/** The first render drawn and its effects run: drawn alone is not enough, effects may come later on a busy machine. */
async function listeningAfterFirstRun() {
  await screen.findByText('loader run 1');
  await waitFor(() => expect(listening).toBe(true));
}

/** A screen whose loader counts its runs; each run waits for `release()` so a check can be held under way. */
function renderCounting() {
  let runs = 0;
  let release: () => void = () => {};
  const loader = async () => {
    runs += 1;
    const run = runs;
    if (run > 1) await new Promise<void>((resolve) => (release = resolve));
    return { run };
  };
  renderRoutes([{ path: '/', loader, Component: Screen }], '/');
  return { runs: () => runs, release: () => release() };
}

const returnToTab = () =>
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
  });

describe('useRecheckSessionOnReturn', () => {
  it('runs the loader again on a return, once for focus and visibility together', async () => {
    const page = renderCounting();
    await listeningAfterFirstRun();
    returnToTab();
    expect(page.runs()).toBe(2);
    // A second return while the check is under way joins it.
    returnToTab();
    expect(page.runs()).toBe(2);
    page.release();
    await screen.findByText('loader run 2');
  });

  it('checks a return right after the last check too (no quiet time after one)', async () => {
    const page = renderCounting();
    await listeningAfterFirstRun();
    // Straight after the first render: a sign-out in another tab may already have happened.
    returnToTab();
    page.release();
    await screen.findByText('loader run 2');
    returnToTab();
    await waitFor(() => expect(page.runs()).toBe(3));
    page.release();
    await screen.findByText('loader run 3');
  });

  it('does nothing for a tab that is hidden', async () => {
    const page = renderCounting();
    await listeningAfterFirstRun();
    // An own property over the prototype's getter, deleted again afterwards.
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    try {
      returnToTab();
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
    expect(page.runs()).toBe(1);
  });
});
