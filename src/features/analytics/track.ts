/**
 * What screens call to record an event. The analytics code itself (redaction, queue, the script) is
 * not in any first load (issue #8): it comes with startAnalytics, after the page is up, and gets the
 * events recorded before it came, with the page each happened on.
 */
import type { TrackInput } from './names';

export { analyticsActions, analyticsCategories } from './names';

type Analytics = typeof import('./analytics');

let loaded: Analytics | undefined;
let early: { input: TrackInput; at: string }[] = [];

export function track(input: TrackInput): void {
  if (loaded) {
    loaded.track(input);
    return;
  }
  // Bounded as the real queue is; analytics must never cost the page.
  if (early.length < 100) early.push({ input, at: `${window.location.origin}${window.location.pathname}${window.location.search}` });
}

/** Brings in the analytics code (which loads the script when the page is idle). Safe to call twice. */
export function startAnalytics(): void {
  if (loaded) return;
  void import('./analytics')
    .then((module) => {
      if (loaded) return;
      loaded = module;
      module.startAnalytics();
      const waiting = early;
      early = [];
      for (const { input, at } of waiting) module.track(input, at);
    })
    .catch(() => {
      early = [];
    });
}
