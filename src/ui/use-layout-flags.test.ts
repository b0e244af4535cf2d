import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { withFakeTimers } from '../test-support/fake-timers';
import { layoutFlagsFor, throttle, useLayoutFlags } from './use-layout-flags';

describe('layoutFlagsFor', () => {
  it.each([
    [375, { desktop: false, tabletLandscapeOrWider: false, tabletPortraitOrWider: false, phone: true }],
    [599, { desktop: false, tabletLandscapeOrWider: false, tabletPortraitOrWider: false, phone: true }],
    [600, { desktop: false, tabletLandscapeOrWider: false, tabletPortraitOrWider: true, phone: false }],
    [899, { desktop: false, tabletLandscapeOrWider: false, tabletPortraitOrWider: true, phone: false }],
    [900, { desktop: false, tabletLandscapeOrWider: true, tabletPortraitOrWider: true, phone: false }],
    [1199, { desktop: false, tabletLandscapeOrWider: true, tabletPortraitOrWider: true, phone: false }],
    [1200, { desktop: true, tabletLandscapeOrWider: true, tabletPortraitOrWider: true, phone: false }],
  ])('at %i px', (width, flags) => {
    expect(layoutFlagsFor(width)).toEqual(flags);
  });
});

describe('throttle', () => {
  withFakeTimers();

  it('runs the first call at once and the last call of a burst once the wait is over', () => {
    const calls: string[] = [];
    let current = 'first';
    const throttled = throttle(() => calls.push(current), 150);

    throttled.run();
    expect(calls).toEqual(['first']);

    current = 'second';
    throttled.run();
    vi.advanceTimersByTime(50);
    current = 'third';
    throttled.run();
    vi.advanceTimersByTime(50);
    current = 'last';
    throttled.run();
    expect(calls).toEqual(['first']);

    vi.advanceTimersByTime(49);
    expect(calls).toEqual(['first']);

    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['first', 'last']);

    vi.advanceTimersByTime(1000);
    expect(calls).toEqual(['first', 'last']);
  });

  it('runs at most once per wait under continuous calls', () => {
    const start = Date.now();
    const runs: number[] = [];
    const throttled = throttle(() => runs.push(Date.now() - start), 150);

    // A call every 10 ms from 0 to 590 ms.
    for (let elapsed = 0; elapsed < 600; elapsed += 10) {
      throttled.run();
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(1000);

    expect(runs).toEqual([0, 150, 300, 450, 600]);
  });

  it('runs at once again after a quiet period', () => {
    const action = vi.fn();
    const throttled = throttle(action, 150);

    throttled.run();
    vi.advanceTimersByTime(150);
    throttled.run();

    expect(action).toHaveBeenCalledTimes(2);
  });

  it('drops a pending call on cancel', () => {
    const action = vi.fn();
    const throttled = throttle(action, 150);

    throttled.run();
    throttled.run();
    throttled.cancel();
    vi.advanceTimersByTime(1000);

    expect(action).toHaveBeenCalledTimes(1);
  });
});

describe('useLayoutFlags', () => {
  const originalWidth = window.innerWidth;

  function resizeTo(width: number) {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  }

  withFakeTimers();

  beforeEach(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
  });

  afterEach(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: originalWidth });
  });

  it('starts with the flags of the window width', () => {
    const { result } = renderHook(() => useLayoutFlags());
    expect(result.current).toEqual(layoutFlagsFor(1280));
    expect(result.current.desktop).toBe(true);
  });

  it('updates on resize, at most once per 150 ms', () => {
    const { result } = renderHook(() => useLayoutFlags());

    act(() => resizeTo(375));
    expect(result.current.phone).toBe(true);
    expect(result.current.desktop).toBe(false);

    act(() => resizeTo(950));
    expect(result.current.phone).toBe(true);

    act(() => {
      vi.advanceTimersByTime(149);
    });
    expect(result.current.phone).toBe(true);

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toEqual(layoutFlagsFor(950));
    expect(result.current.tabletLandscapeOrWider).toBe(true);
    expect(result.current.desktop).toBe(false);
  });

  it('takes the width at the end of a burst of resizes', () => {
    const { result } = renderHook(() => useLayoutFlags());

    act(() => resizeTo(1300));
    act(() => resizeTo(700));
    act(() => resizeTo(500));
    act(() => {
      vi.advanceTimersByTime(150);
    });

    expect(result.current).toEqual(layoutFlagsFor(500));
  });

  it('keeps the same object when no flag changes', () => {
    const { result } = renderHook(() => useLayoutFlags());
    const before = result.current;

    act(() => resizeTo(1400));

    expect(result.current).toBe(before);
  });

  it('stops listening when unmounted', () => {
    const remove = vi.spyOn(window, 'removeEventListener');
    const { unmount } = renderHook(() => useLayoutFlags());
    act(() => resizeTo(375));
    act(() => resizeTo(700));

    unmount();

    expect(remove).toHaveBeenCalledWith('resize', expect.any(Function));
    expect(vi.getTimerCount()).toBe(0);
  });
});
