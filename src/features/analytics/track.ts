/**
 * What screens call to record an event. The analytics code itself (redaction, queue, the script) is
 * not in any first load (issue #8): it comes with startAnalytics, after the page is up, and gets the
 * events recorded before it came, with the page each happened on.
 */
import type { MouseEvent } from 'react';
import { queueUntilLoaded } from '../lazy';
import { analyticsHandOverMs, type TrackInput } from './names';
export { analyticsActions, analyticsCategories, analyticsHandOverMs } from './names';

const load = () => import('./analytics');

// Bounded as the real queue is; analytics must never cost the page.
const analytics = queueUntilLoaded(
  100,
  () =>
    load().then((module) => {
      module.startAnalytics();
      return module;
    }),
  (module) => module.track,
);

let tracked = false;

export function track(input: TrackInput): void {
  tracked = true;
  analytics.call(input, `${window.location.origin}${window.location.pathname}${window.location.search}`);
  // The page may leave soon after (an eID login starts): the code comes now, not once the page is up.
  startAnalytics();
}

/** Brings in the analytics code (which loads the script when the page is idle). Safe to call twice. */
export function startAnalytics(): void {
  void analytics.load();
}

/**
 * Before the page leaves for another document (docs/decisions/016): resolves once what this page
 * tracked is handed to the analytics script, or after analyticsHandOverMs at the most (what
 * is not handed over then is kept for our next page). At once when nothing was tracked.
 */
export function analyticsHandedOver(): Promise<void> {
  if (!tracked) return Promise.resolve();
  return new Promise<void>((done) => {
    setTimeout(done, analyticsHandOverMs);
    analytics
      .load()
      .then(load)
      .then((module) => module.handOver())
      .then(done, done);
  });
}

/**
 * A link out of the app that records its click: a plain click is followed once the event is handed
 * over (a click that opens a new tab, or one something else has handled, is left to the browser).
 */
export function trackLinkClick(input: TrackInput) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    track(input);
    const link = event.currentTarget;
    if (event.defaultPrevented || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || link.target) return;
    event.preventDefault();
    void analyticsHandedOver().then(() => window.location.assign(link.href));
  };
}
