import type { Page } from '@playwright/test';

/**
 * Records every layout shift of each page load from before its first paint (the page's own shifts,
 * input or not). Answers a reader of the current page's shifts.
 */
export async function recordLayoutShifts(page: Page): Promise<() => Promise<number[]>> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
}
