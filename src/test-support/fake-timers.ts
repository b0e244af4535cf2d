import { afterEach, beforeEach, expect, vi } from 'vitest';

/** Fake timers for each test of the describe block it is called in, real ones again after each. */
export function withFakeTimers() {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });
}

/** With fake timers: `promise` is still pending 1 ms before `ms` have passed, and settled when they have. */
export async function expectSettledAfter(promise: Promise<unknown>, ms: number) {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(ms - 1);
  expect(done).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(done).toBe(true);
}
