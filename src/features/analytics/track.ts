/**
 * What screens call to record an event. The analytics code itself (redaction, queue, the script) is
 * not in any first load (issue #8): it comes with startAnalytics, after the page is up, and gets the
 * events recorded before it came, with the page each happened on.
 */
import { queueUntilLoaded } from '../lazy/queue-until-loaded';
import type { TrackInput } from './names';

export { analyticsActions, analyticsCategories } from './names';

// Bounded as the real queue is; analytics must never cost the page.
const analytics = queueUntilLoaded(
  100,
  () =>
    import('./analytics').then((module) => {
      module.startAnalytics();
      return module;
    }),
  (module) => module.track,
);

export function track(input: TrackInput): void {
  analytics.call(input, `${window.location.origin}${window.location.pathname}${window.location.search}`);
}

/** Brings in the analytics code (which loads the script when the page is idle). Safe to call twice. */
export function startAnalytics(): void {
  void analytics.load();
}
