import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '../../i18n/en';
import { I18nProvider } from '../../i18n/i18n-context';
import { type CommonPasswordCheck, loadCommonPasswordCheck, loadedCommonPasswordCheck } from './load-common-passwords';
import { withFakeTimers } from '../../test-support/fake-timers';
import { StrengthMeter } from './strength-meter';

/**
 * The list loader as it is, unless a test takes it over (`listOnItsWay`): then the list is pending until
 * the test lets it arrive, or fail, and nothing has loaded before.
 */
const list = vi.hoisted(() => ({ takenOver: null as Promise<CommonPasswordCheck> | null }));
vi.mock('./load-common-passwords', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./load-common-passwords')>();
  return {
    ...actual,
    loadCommonPasswordCheck: () => list.takenOver ?? actual.loadCommonPasswordCheck(),
    loadedCommonPasswordCheck: () => (list.takenOver ? undefined : actual.loadedCommonPasswordCheck()),
  };
});

function renderMeter(password: string, id?: string) {
  const view = render(
    <I18nProvider language="en" texts={en}>
      <StrengthMeter password={password} id={id} />
    </I18nProvider>,
  );
  const rerender = (next: string) =>
    view.rerender(
      <I18nProvider language="en" texts={en}>
        <StrengthMeter password={next} id={id} />
      </I18nProvider>,
    );
  const liveRegion = () => view.container.querySelector('[aria-live="polite"]') as HTMLElement;
  return { ...view, rerender, liveRegion };
}

/** The visible label (the live region has the same text, maybe later). */
const shownLabel = (text: string) => screen.getByText(text, { selector: '.strength-meter__label' });

const checkingText = 'Checking against common passwords …';
/**
 * The spinner's line as a person meets it, or null. Its room is always there, unseen and hidden from
 * assistive technology (aria-hidden) until it is shown, so the hidden one does not count.
 */
const shownChecking = () => screen.queryByText(checkingText, { ignore: '[aria-hidden="true"] *, script, style' });
const shownWarning = () => screen.queryByText(en['password.too_common']);

// Runs first, before anything has loaded the list.
describe('the common-password list', () => {
  // The list's module made once before these tests (the test build makes it from the source lists, which
  // takes seconds on a busy machine): what the tests wait for is the app loading it, not that build.
  beforeAll(async () => {
    await import('virtual:common-passwords');
  }, 120_000);

  it('is loaded lazily: scored without it at first, with it once loaded', async () => {
    expect(loadedCommonPasswordCheck()).toBeUndefined();
    const { liveRegion } = renderMeter('Passord123!');
    // 11 characters of all four classes: entropy 73, "Very good" — until the list says it is common.
    expect(shownLabel('Strength: Very good')).toBeVisible();
    expect(await screen.findByText('Strength: Not strong enough', { selector: '.strength-meter__label' })).toBeVisible();
    expect(loadedCommonPasswordCheck()).toBeTypeOf('function');
    // The correction is announced too (within the 700 ms throttle).
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Strength: Not strong enough'));
  });
});

describe('StrengthMeter', () => {
  beforeEach(async () => {
    await loadCommonPasswordCheck();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the guidance, and no label for an empty password', () => {
    const { container, liveRegion } = renderMeter('');
    expect(
      screen.getByText('Use at least 8 characters – we recommend 9 or more. Several words put together are both strong and easy to remember.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Strength:/)).not.toBeInTheDocument();
    expect(container.querySelectorAll('[data-filled]')).toHaveLength(0);
    expect(liveRegion()).toHaveTextContent('');
  });

  it("says 'Not strong enough' for 'abc', with one red segment", () => {
    const { container } = renderMeter('abc');
    expect(shownLabel('Strength: Not strong enough')).toBeVisible();
    expect(container.querySelector('.strength-meter')).toHaveAttribute('data-score', '0');
    expect(container.querySelectorAll('[data-filled]')).toHaveLength(1);
  });

  it("says 'Super safe' for a long mixed password, with all four segments", () => {
    const { container } = renderMeter('Sommerfugl-42');
    expect(shownLabel('Strength: Super safe')).toBeVisible();
    expect(container.querySelector('.strength-meter')).toHaveAttribute('data-score', '3');
    expect(container.querySelectorAll('[data-filled]')).toHaveLength(4);
  });

  it("says 'Good' and 'Very good' in between", () => {
    const { rerender } = renderMeter('skjbqzrn');
    expect(shownLabel('Strength: Good')).toBeVisible();
    rerender('skjbqzrnwvx');
    expect(shownLabel('Strength: Very good')).toBeVisible();
  });

  it('uses the loaded common-password list, and says "too common" visibly', () => {
    const { rerender } = renderMeter('Digipost2024');
    expect(shownLabel('Strength: Not strong enough')).toBeVisible();
    expect(shownWarning()).toBeVisible();
    rerender('Passord123!');
    expect(shownWarning()).toBeVisible();
    // No longer common: the warning goes.
    rerender('Passord123!-Blåbær');
    expect(shownLabel('Strength: Super safe')).toBeVisible();
    expect(shownWarning()).not.toBeInTheDocument();
    expect(shownChecking()).not.toBeInTheDocument();
  });

  it('has the given id on the described element, and a decorative bar of four segments', () => {
    const { container } = renderMeter('abc', 'new-password-strength');
    const described = container.querySelector('#new-password-strength') as HTMLElement;
    expect(described).toHaveTextContent('Use at least 8 characters – we recommend 9 or more');
    expect(described).toHaveTextContent('Strength: Not strong enough');
    // The spinner's line keeps its room, hidden (the list has loaded), so no description says it.
    expect(screen.getByText(checkingText).parentElement).toHaveAttribute('aria-hidden', 'true');
    expect(shownChecking()).not.toBeInTheDocument();
    const bar = described.querySelector('.strength-meter__bar') as HTMLElement;
    expect(bar).toHaveAttribute('aria-hidden', 'true');
    expect(bar.children).toHaveLength(4);
    // The live region is outside it, so a description does not say the label twice.
    expect(described.querySelector('[aria-live]')).toBeNull();
  });

  it('announces the label politely, at most every 700 ms while typing; the visible label is immediate', () => {
    vi.useFakeTimers();
    const { rerender, liveRegion, unmount } = renderMeter('abc');
    expect(liveRegion()).toHaveAttribute('aria-live', 'polite');
    expect(liveRegion()).toHaveTextContent('Strength: Not strong enough');

    rerender('skjbqzrn');
    expect(shownLabel('Strength: Good')).toBeVisible();
    expect(liveRegion()).toHaveTextContent('Strength: Not strong enough');

    act(() => vi.advanceTimersByTime(300));
    rerender('Sommerfugl-42');
    expect(shownLabel('Strength: Super safe')).toBeVisible();
    expect(liveRegion()).toHaveTextContent('Strength: Not strong enough');

    act(() => vi.advanceTimersByTime(399));
    expect(liveRegion()).toHaveTextContent('Strength: Not strong enough');
    act(() => vi.advanceTimersByTime(1));
    // Skips 'Good': only the latest label is announced.
    expect(liveRegion()).toHaveTextContent('Strength: Super safe');

    // Quiet for a while: the next change is announced at once.
    act(() => vi.advanceTimersByTime(700));
    rerender('abc');
    expect(liveRegion()).toHaveTextContent('Strength: Not strong enough');
    unmount();
  });
});

describe('StrengthMeter while the list is on its way, or cannot come', () => {
  const knownCommon = 'Passord123!';
  // A stand-in for the list, so these tests do not depend on what the real one holds.
  const stubList: CommonPasswordCheck = (password) => password.startsWith(knownCommon);

  /** The list pending until the test says: `arrive()` or `fail()`. */
  function listOnItsWay() {
    let arrive: (check: CommonPasswordCheck) => void = () => {};
    let fail: (error: unknown) => void = () => {};
    list.takenOver = new Promise<CommonPasswordCheck>((resolve, reject) => {
      arrive = resolve;
      fail = reject;
    });
    return {
      arrive: () => act(async () => arrive(stubList)),
      fail: () => act(async () => fail(new TypeError('Failed to fetch dynamically imported module'))),
    };
  }

  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  withFakeTimers();

  afterEach(() => {
    list.takenOver = null;
  });

  it('shows no spinner for the first 1000 ms, then a spinner saying what it checks; meanwhile it scores without the list', () => {
    listOnItsWay();
    const { container, liveRegion } = renderMeter(knownCommon, 'strength');
    expect(shownChecking()).not.toBeInTheDocument();
    advance(999);
    expect(shownChecking()).not.toBeInTheDocument();
    advance(1);
    const checking = shownChecking() as HTMLElement;
    expect(checking).toBeInTheDocument();
    expect(checking.parentElement?.querySelector('.hds-spinner')).toHaveAttribute('aria-hidden', 'true');
    // Part of the field's description, but never announced: it is in no live region.
    expect(container.querySelector('#strength')).toHaveTextContent(checkingText);
    expect(checking.closest('[aria-live]')).toBeNull();
    expect(liveRegion()).not.toHaveTextContent(checkingText);
    expect(shownLabel('Strength: Very good')).toBeVisible();
    expect(shownWarning()).not.toBeInTheDocument();
  });

  it('when the list arrives: the warning for what is already typed at once, visibly and announced; the spinner goes', async () => {
    const { arrive } = listOnItsWay();
    const { rerender, liveRegion } = renderMeter('Pass');
    advance(1000);
    // Typing goes on while the list is on its way.
    rerender(knownCommon);
    expect(shownChecking()).toBeInTheDocument();

    await arrive();
    expect(shownChecking()).not.toBeInTheDocument();
    expect(shownLabel('Strength: Not strong enough')).toBeVisible();
    expect(shownWarning()).toBeVisible();
    advance(700);
    expect(liveRegion()).toHaveTextContent(`Strength: Not strong enough. ${en['password.too_common']}`);

    // No longer common: the warning goes, from the page and from what is announced.
    rerender('Sommerfugl-42');
    expect(shownWarning()).not.toBeInTheDocument();
    advance(700);
    expect(liveRegion()).toHaveTextContent('Strength: Super safe');
    expect(liveRegion()).not.toHaveTextContent(en['password.too_common']);
  });

  it('when the list arrives: no warning for a strong password', async () => {
    const { arrive } = listOnItsWay();
    const { liveRegion } = renderMeter('Sommerfugl-42');
    advance(1000);
    await arrive();
    expect(shownChecking()).not.toBeInTheDocument();
    expect(shownWarning()).not.toBeInTheDocument();
    expect(shownLabel('Strength: Super safe')).toBeVisible();
    advance(700);
    expect(liveRegion()).toHaveTextContent(/^Strength: Super safe$/);
  });

  it('announces the warning once: more keys that keep the same verdict change nothing in the live region', async () => {
    const { arrive } = listOnItsWay();
    const { rerender, liveRegion } = renderMeter(knownCommon);
    await arrive();
    advance(700);
    expect(liveRegion()).toHaveTextContent(en['password.too_common']);
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(liveRegion(), { childList: true, subtree: true, characterData: true });
    for (const more of ['1', '12', '123']) {
      rerender(`${knownCommon}${more}`);
      advance(700);
    }
    await act(async () => {});
    observer.disconnect();
    expect(changes).toEqual([]);
  });

  it('a list that cannot be loaded: the spinner stops, no warning, the meter goes on without it, nothing logged', async () => {
    const { fail } = listOnItsWay();
    const { rerender } = renderMeter(knownCommon);
    advance(1000);
    expect(shownChecking()).toBeInTheDocument();
    await fail();
    expect(shownChecking()).not.toBeInTheDocument();
    advance(10_000);
    expect(shownChecking()).not.toBeInTheDocument();
    expect(shownWarning()).not.toBeInTheDocument();
    expect(shownLabel('Strength: Very good')).toBeVisible();
    rerender('abc');
    expect(shownLabel('Strength: Not strong enough')).toBeVisible();
  });

  it('a list that fails before the delay: never a spinner', async () => {
    const { fail } = listOnItsWay();
    renderMeter(knownCommon);
    advance(500);
    await fail();
    advance(5000);
    expect(shownChecking()).not.toBeInTheDocument();
  });
});
