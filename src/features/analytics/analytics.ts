/**
 * Site analytics (SPEC §1, §7, §9). Events carry category, action and label (plus the page address),
 * with personal data stripped. They queue until the analytics script has loaded, are flushed in order
 * after limits.analyticsFlushDelayMs, and go straight through after that. If the script never loads,
 * the queue just stays bounded and nothing else happens.
 */
import { limits } from '../../config/limits';
import { runtimeConfig } from '../../config/runtime';
import { redact, redactUrl } from './redact';

export { analyticsActions, analyticsCategories, type AnalyticsAction, type AnalyticsCategory, type TrackInput } from './names';
import type { TrackInput } from './names';

/** What is handed to the analytics script: the input, redacted, with the page it happened on. */
export interface AnalyticsEvent extends TrackInput {
  url: string;
}

export interface DigipostAnalyticsApi {
  track: (event: AnalyticsEvent) => void;
}

declare global {
  interface Window {
    DigipostAnalytics?: DigipostAnalyticsApi;
  }
}

/** At most this many events wait for the script; older ones are dropped. */
export const analyticsQueueLimit = 100;

type Status = 'idle' | 'scheduled' | 'loading' | 'flush-pending' | 'ready' | 'failed';

let status: Status = 'idle';
let queue: AnalyticsEvent[] = [];

function quiet(): boolean {
  const config = runtimeConfig();
  return config.environment === 'production' && window.location.hostname === config.publicHost;
}

function send(event: AnalyticsEvent) {
  try {
    window.DigipostAnalytics?.track(event);
  } catch {
    // Analytics must never break the page.
  }
}

function flush() {
  const waiting = queue;
  queue = [];
  status = window.DigipostAnalytics ? 'ready' : 'failed';
  if (status === 'ready') waiting.forEach(send);
}

/**
 * Records an event: logged to the console off the production host, sent when the script is there.
 * `at` is the page it happened on (the current one when left out).
 */
export function track(input: TrackInput, at = `${window.location.origin}${window.location.pathname}${window.location.search}`): void {
  let event: AnalyticsEvent;
  try {
    event = {
      category: input.category,
      action: input.action,
      label: redact(input.label),
      url: redactUrl(at),
    };
    if (!quiet()) console.info('[analytics]', event);
  } catch {
    return;
  }
  if (status === 'ready') {
    send(event);
    return;
  }
  if (status === 'failed') return;
  queue.push(event);
  if (queue.length > analyticsQueueLimit) queue.splice(0, queue.length - analyticsQueueLimit);
}

function loadScript() {
  if (status !== 'scheduled') return;
  status = 'loading';
  try {
    const script = document.createElement('script');
    script.src = runtimeConfig().analyticsUrl;
    script.async = true;
    script.onload = () => {
      status = 'flush-pending';
      setTimeout(flush, limits.analyticsFlushDelayMs);
    };
    script.onerror = () => {
      status = 'failed';
      queue = [];
    };
    document.head.appendChild(script);
  } catch {
    status = 'failed';
    queue = [];
  }
}

/** Loads the analytics script lazily, once the page is idle after its first paint. Safe to call twice. */
export function startAnalytics(): void {
  if (status !== 'idle') return;
  if (!runtimeConfig().analyticsUrl) {
    status = 'failed';
    return;
  }
  status = 'scheduled';
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(loadScript, { timeout: 2000 });
  } else {
    setTimeout(loadScript, 1);
  }
}

/** For tests: back to a fresh page. */
export function resetAnalytics(): void {
  status = 'idle';
  queue = [];
}

/** For tests: the events waiting for the script. */
export function queuedAnalyticsEvents(): readonly AnalyticsEvent[] {
  return queue;
}
