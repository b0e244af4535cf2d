/**
 * Site analytics (SPEC §1, §7, §9). Events carry category, action and label (plus the page address),
 * with personal data stripped. They queue until the analytics script has loaded, are flushed in order
 * after limits.analyticsFlushDelayMs, and go straight through after that. If the script never loads,
 * the queue just stays bounded and nothing else happens.
 *
 * A page that leaves for another document (an eID login, the mobile app's flow, a link out) must not
 * lose what it tracked (docs/decisions/016): it calls handOver() first, which loads the script at once
 * and hands it every waiting event, waiting at most analyticsHandOverMs (track.ts). What is still waiting
 * when the page goes (pagehide) is kept, redacted and bounded, in sessionStorage and flushed by our
 * next page; an event is in one place at a time, so it is sent once.
 */
import { limits } from '../../config/limits';
import { runtimeConfig } from '../../config/runtime';
import { redact, redactUrl } from './redact';
export { analyticsActions, analyticsCategories, type AnalyticsAction, type AnalyticsCategory, type TrackInput } from './names';
import { analyticsHandOverMs, type TrackInput } from './names';

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

/** At most this many events are kept for our next page (sessionStorage); older ones are dropped. */
export const analyticsKeptEvents = 50;

/** Where a page that left keeps the events it could not hand over, for our next page. */
export const keptEventsKey = 'innlogging.analytics.pending';

type Status = 'idle' | 'scheduled' | 'loading' | 'flush-pending' | 'ready' | 'failed';

let status: Status = 'idle';
let queue: AnalyticsEvent[] = [];
/** A page on its way out: the script's events go at once, not after the flush delay. */
let leaving = false;
/** handOver() calls waiting for the script. */
let handOverWaiting: (() => void)[] = [];
/**
 * When the first hand-over of this leaving gives up: a page leaves once, so a second caller on the way
 * out (a second way out met in the same departure) waits only for what is left, not a time of its own.
 */
let handOverEnds: number | null = null;

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
  handedOver();
}

function handedOver() {
  const waiting = handOverWaiting;
  handOverWaiting = [];
  for (const resolve of waiting) resolve();
}

function enqueue(events: AnalyticsEvent[], at: 'start' | 'end') {
  queue = at === 'start' ? [...events, ...queue] : [...queue, ...events];
  if (queue.length > analyticsQueueLimit) queue.splice(0, queue.length - analyticsQueueLimit);
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
  enqueue([event], 'end');
  // An event is waiting, and its page may be about to leave: the script now, not when the page is idle.
  loadScript();
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
      if (leaving) flush();
      else setTimeout(flush, limits.analyticsFlushDelayMs);
    };
    script.onerror = () => {
      status = 'failed';
      queue = [];
      handedOver();
    };
    document.head.appendChild(script);
  } catch {
    status = 'failed';
    queue = [];
  }
}

/**
 * Before the page leaves for another document: loads the script now if it is not there yet and hands
 * it every waiting event, skipping the flush delay. Resolves when they are handed over, or after
 * `within` ms at the most (then pagehide keeps them for our next page).
 */
export function handOver(within = analyticsHandOverMs): Promise<void> {
  leaving = true;
  if (status === 'scheduled') loadScript();
  if (status === 'flush-pending') flush();
  if (status !== 'loading' || queue.length === 0) return Promise.resolve();
  handOverEnds ??= Date.now() + Math.max(0, within);
  const left = handOverEnds - Date.now();
  if (left <= 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    handOverWaiting.push(resolve);
    setTimeout(resolve, left);
  });
}

function isEvent(value: unknown): value is AnalyticsEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Record<string, unknown>;
  return ['category', 'action', 'label', 'url'].every((key) => typeof event[key] === 'string');
}

/** The page is going (or into the back-forward cache): what is still waiting is kept for our next page. */
function keepForNextPage() {
  if (queue.length === 0) return;
  try {
    const kept = [...takeKept(), ...queue].slice(-analyticsKeptEvents);
    window.sessionStorage.setItem(keptEventsKey, JSON.stringify(kept));
    queue = [];
  } catch {
    // No storage (private mode, full, refused): they go with the page.
  }
}

/** The events a page of ours kept, taken out of storage (so they are sent once), redacted again. */
function takeKept(): AnalyticsEvent[] {
  try {
    const text = window.sessionStorage.getItem(keptEventsKey);
    if (text === null) return [];
    window.sessionStorage.removeItem(keptEventsKey);
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(isEvent)
      .slice(-analyticsKeptEvents)
      .map((event) => ({ category: event.category, action: event.action, label: redact(event.label), url: redactUrl(event.url) }) as AnalyticsEvent);
  } catch {
    return [];
  }
}

/** Back from the back-forward cache: the events kept on leaving are this page's again. */
function takeBackKept(event: PageTransitionEvent) {
  if (!event.persisted) return;
  enqueue(takeKept(), 'start');
  leaving = false;
  handOverEnds = null;
  if (status === 'ready') flush();
}

/**
 * Loads the analytics script lazily, once the page is idle after its first paint, or at the first
 * event, whichever comes first. Safe to call twice.
 */
export function startAnalytics(): void {
  if (status !== 'idle') return;
  if (!runtimeConfig().analyticsUrl) {
    status = 'failed';
    // Nowhere to send them: what an earlier page kept goes too.
    takeKept();
    return;
  }
  status = 'scheduled';
  // What an earlier page of ours could not hand over goes first.
  enqueue(takeKept(), 'start');
  window.addEventListener('pagehide', keepForNextPage);
  window.addEventListener('pageshow', takeBackKept);
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
  leaving = false;
  handOverEnds = null;
  handedOver();
  window.removeEventListener('pagehide', keepForNextPage);
  window.removeEventListener('pageshow', takeBackKept);
}

/** For tests: the events waiting for the script. */
export function queuedAnalyticsEvents(): readonly AnalyticsEvent[] {
  return queue;
}
