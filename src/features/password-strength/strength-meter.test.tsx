import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '../../i18n/en';
import { I18nProvider } from '../../i18n/i18n-context';
import { loadCommonPasswordCheck, loadedCommonPasswordCheck } from './load-common-passwords';
import { StrengthMeter } from './strength-meter';

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

// Runs first, before anything has loaded the list.
describe('the common-password list', () => {
  it('is loaded lazily: scored without it at first, with it once loaded', async () => {
    expect(loadedCommonPasswordCheck()).toBeUndefined();
    const { liveRegion } = renderMeter('Passord123!');
    // 11 characters of all four classes: entropy 73, "Very good" — until the list says it is common.
    expect(shownLabel('Strength: Very good')).toBeVisible();
    expect(await screen.findByText('Strength: Not strong enough', { selector: '.strength-meter__label' }, { timeout: 4000 })).toBeVisible();
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

  it('uses the loaded common-password list', () => {
    renderMeter('Digipost2024');
    expect(shownLabel('Strength: Not strong enough')).toBeVisible();
  });

  it('has the given id on the described element, and a decorative bar of four segments', () => {
    const { container } = renderMeter('abc', 'new-password-strength');
    const described = container.querySelector('#new-password-strength') as HTMLElement;
    expect(described).toHaveTextContent('Use at least 8 characters – we recommend 9 or more');
    expect(described).toHaveTextContent('Strength: Not strong enough');
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
