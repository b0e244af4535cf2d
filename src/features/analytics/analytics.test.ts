import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeSettings } from '../../config/test-runtime-settings';
import { limits } from '../../config/limits';
import { expectSettledAfter } from '../../test-support/fake-timers';
import { analyticsHandOverMs } from './track';
import {
  analyticsActions,
  analyticsCategories,
  analyticsKeptEvents,
  analyticsQueueLimit,
  handOver,
  keptEventsKey,
  queuedAnalyticsEvents,
  resetAnalytics,
  startAnalytics,
  track,
  type AnalyticsEvent,
} from './analytics';

const click = (label: string) => track({ category: analyticsCategories.loginPrivateUser, action: analyticsActions.buttonClick, label });

function analyticsScript(): HTMLScriptElement | null {
  return document.head.querySelector('script[src="/dev/analytics/analytics.js"]');
}

let sent: AnalyticsEvent[];

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('requestIdleCallback', undefined);
  setRuntimeSettings(null);
  resetAnalytics();
  sent = [];
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterEach(() => {
  analyticsScript()?.remove();
  delete window.DigipostAnalytics;
  resetAnalytics();
  window.sessionStorage.clear();
  setRuntimeSettings(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Starts analytics and lets the scheduled loader add its script element. */
function start() {
  startAnalytics();
  vi.advanceTimersByTime(5);
  const script = analyticsScript();
  expect(script).not.toBeNull();
  return script as HTMLScriptElement;
}

function scriptLoads(script: HTMLScriptElement) {
  window.DigipostAnalytics = { track: (event) => sent.push(event) };
  script.dispatchEvent(new Event('load'));
}

describe('analytics', () => {
  it('does not load the script before startAnalytics, and loads it lazily once', () => {
    click('eid');
    expect(analyticsScript()).toBeNull();
    startAnalytics();
    expect(analyticsScript()).toBeNull();
    vi.advanceTimersByTime(5);
    startAnalytics();
    expect(document.head.querySelectorAll('script[src="/dev/analytics/analytics.js"]')).toHaveLength(1);
  });

  it('queues events until the script has loaded, then flushes them in order after 500 ms', () => {
    const script = start();
    click('first');
    click('second');
    expect(queuedAnalyticsEvents()).toHaveLength(2);
    scriptLoads(script);
    click('third');
    vi.advanceTimersByTime(499);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent.map((event) => event.label)).toEqual(['first', 'second', 'third']);
    expect(sent[0]).toMatchObject({ category: 'login-private-user', action: 'button click' });
    click('fourth');
    expect(sent.map((event) => event.label)).toEqual(['first', 'second', 'third', 'fourth']);
    expect(queuedAnalyticsEvents()).toHaveLength(0);
  });

  it('keeps at most 100 events, dropping the oldest', () => {
    const script = start();
    for (let index = 0; index < analyticsQueueLimit + 5; index += 1) click(`event ${index}`);
    expect(queuedAnalyticsEvents()).toHaveLength(analyticsQueueLimit);
    scriptLoads(script);
    vi.advanceTimersByTime(500);
    expect(sent).toHaveLength(analyticsQueueLimit);
    expect(sent[0].label).toBe('event 5');
    expect(sent.at(-1)?.label).toBe(`event ${analyticsQueueLimit + 4}`);
  });

  it('carries no personal data in labels or the page address', () => {
    window.history.replaceState(null, '', '/innlogging/mobileLogin/secret-token/password?code=abc');
    const script = start();
    click('01817010055 kari@example.no 91234567');
    scriptLoads(script);
    vi.advanceTimersByTime(500);
    expect(sent[0].label).toBe('[national-id] [email] [phone]');
    expect(sent[0].url).toBe(`${window.location.origin}/innlogging/mobileLogin/[token]/password?code=[token]`);
    window.history.replaceState(null, '', '/');
  });

  it('keeps working when the script fails to load', () => {
    const script = start();
    click('before');
    script.dispatchEvent(new Event('error'));
    expect(() => click('after')).not.toThrow();
    vi.advanceTimersByTime(1000);
    expect(queuedAnalyticsEvents()).toHaveLength(0);
  });

  it('keeps working when the script loads but defines nothing, or its track throws', () => {
    const script = start();
    click('one');
    script.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(500);
    expect(() => click('two')).not.toThrow();
    resetAnalytics();
    analyticsScript()?.remove();
    const again = start();
    window.DigipostAnalytics = {
      track: () => {
        throw new Error('broken');
      },
    };
    again.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(500);
    expect(() => click('three')).not.toThrow();
  });

  it('logs every event with console.info off the production host, never with error or warn', () => {
    const warn = vi.spyOn(console, 'warn');
    click('logged');
    expect(console.info).toHaveBeenCalledWith('[analytics]', expect.objectContaining({ label: 'logged' }));
    expect(warn).not.toHaveBeenCalled();
    expect(console.error).not.toHaveBeenCalled();
  });

  it('logs on the public host outside production, and in production elsewhere', () => {
    setRuntimeSettings({ environment: 'test', publicHost: window.location.hostname });
    click('test env');
    setRuntimeSettings({ environment: 'production', publicHost: 'www.digipost.no' });
    click('other host');
    expect(console.info).toHaveBeenCalledTimes(2);
  });

  it('stays quiet on the production public host', () => {
    setRuntimeSettings({ environment: 'production', publicHost: window.location.hostname });
    click('quiet');
    expect(console.info).not.toHaveBeenCalled();
    expect(queuedAnalyticsEvents()).toHaveLength(1);
  });

  it('loads no script and keeps no queue when there is no analytics (an empty analyticsUrl)', () => {
    setRuntimeSettings({ analyticsUrl: '' });
    startAnalytics();
    vi.advanceTimersByTime(5000);
    click('nowhere to send');
    expect(document.head.querySelectorAll('script')).toHaveLength(document.head.querySelectorAll('script[type="application/json"]').length);
    expect(queuedAnalyticsEvents()).toHaveLength(0);
    expect(console.error).not.toHaveBeenCalled();
  });
});

/** The page goes (to another document, or into the back-forward cache). */
function pageHides() {
  window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
}

function kept(): AnalyticsEvent[] | null {
  const text = window.sessionStorage.getItem(keptEventsKey);
  return text === null ? null : (JSON.parse(text) as AnalyticsEvent[]);
}

/** The next page of ours: a fresh module state, the same tab's sessionStorage. */
function nextPage() {
  analyticsScript()?.remove();
  delete window.DigipostAnalytics;
  resetAnalytics();
}

describe('handing events over before the page leaves', () => {
  it('loads the script at the first event, not when the page is idle', () => {
    startAnalytics();
    expect(analyticsScript()).toBeNull();
    click('eid login');
    expect(analyticsScript()).not.toBeNull();
  });

  it('hands the waiting events over as soon as the script has loaded, without the flush delay', async () => {
    startAnalytics();
    click('eid login');
    let done = false;
    void handOver().then(() => {
      done = true;
    });
    const script = analyticsScript();
    expect(script).not.toBeNull();
    await vi.advanceTimersByTimeAsync(50);
    expect(done).toBe(false);
    scriptLoads(script as HTMLScriptElement);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((event) => event.label)).toEqual(['eid login']);
    expect(done).toBe(true);
    expect(queuedAnalyticsEvents()).toHaveLength(0);
  });

  it('hands over at once what waits for the flush delay', async () => {
    const script = start();
    click('accordion');
    scriptLoads(script);
    vi.advanceTimersByTime(100);
    click('register');
    await handOver();
    expect(sent.map((event) => event.label)).toEqual(['accordion', 'register']);
  });

  it('resolves at once when there is nothing to hand over, or no script to hand it to', async () => {
    const script = start();
    await expect(handOver()).resolves.toBeUndefined();
    click('lost cause');
    script.dispatchEvent(new Event('error'));
    await expect(handOver()).resolves.toBeUndefined();
  });

  it(`waits ${analyticsHandOverMs} ms at the most; what was not handed over is kept for the next page when this one goes`, async () => {
    startAnalytics();
    click('eid login');
    await expectSettledAfter(handOver(), analyticsHandOverMs);
    expect(kept()).toBeNull();
    pageHides();
    expect(kept()).toEqual([expect.objectContaining({ category: 'login-private-user', action: 'button click', label: 'eid login' })]);
    expect(queuedAnalyticsEvents()).toHaveLength(0);
  });

  it(`a page leaves once: a second hand-over on the way out (a logout, then the leaving) waits only what is left of the first's ${analyticsHandOverMs} ms (review of #18)`, async () => {
    startAnalytics();
    click('logout');
    let first = false;
    void handOver().then(() => {
      first = true;
    });
    await vi.advanceTimersByTimeAsync(200);
    expect(first).toBe(false);
    // While the first waits: only until the same moment.
    let second = false;
    void handOver().then(() => {
      second = true;
    });
    await vi.advanceTimersByTimeAsync(analyticsHandOverMs - 200);
    expect([first, second]).toEqual([true, true]);
    // After it gave up: at once (what waits is kept for the next page when this one goes).
    let third = false;
    void handOver().then(() => {
      third = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(third).toBe(true);
  });

  it('the next page of ours sends the kept events first, once, and forgets them', async () => {
    startAnalytics();
    click('eid login');
    pageHides();
    nextPage();

    const script = start();
    expect(kept()).toBeNull();
    click('on the next page');
    scriptLoads(script);
    vi.advanceTimersByTime(limits.analyticsFlushDelayMs);
    expect(sent.map((event) => event.label)).toEqual(['eid login', 'on the next page']);

    // And the page after that has nothing of them left.
    pageHides();
    nextPage();
    const third = start();
    scriptLoads(third);
    vi.advanceTimersByTime(limits.analyticsFlushDelayMs);
    expect(sent.map((event) => event.label)).toEqual(['eid login', 'on the next page']);
  });

  it('sends an event once when the script comes after the hand-over gave up but before the page went', async () => {
    startAnalytics();
    click('late script');
    const handedOver = handOver();
    await vi.advanceTimersByTimeAsync(analyticsHandOverMs);
    await handedOver;
    // The browser is still fetching the next document: the script arrives, and it gets them at once.
    scriptLoads(analyticsScript() as HTMLScriptElement);
    expect(sent.map((event) => event.label)).toEqual(['late script']);
    pageHides();
    expect(kept()).toBeNull();
    nextPage();
    const script = start();
    scriptLoads(script);
    vi.advanceTimersByTime(limits.analyticsFlushDelayMs);
    expect(sent.map((event) => event.label)).toEqual(['late script']);
  });

  it(`keeps at most ${analyticsKeptEvents} events, the newest, with what an earlier page kept`, () => {
    startAnalytics();
    for (let index = 0; index < 30; index += 1) click(`first page ${index}`);
    pageHides();
    nextPage();
    // The next page goes before its script has come.
    startAnalytics();
    for (let index = 0; index < 30; index += 1) click(`second page ${index}`);
    pageHides();
    const stored = kept() ?? [];
    expect(stored).toHaveLength(analyticsKeptEvents);
    expect(stored[0].label).toBe('first page 10');
    expect(stored.at(-1)?.label).toBe('second page 29');
  });

  it('keeps them redacted, and redacts again what it reads back', () => {
    window.history.replaceState(null, '', '/innlogging/mobileLogin/secret-token/idporten4?code=abc');
    startAnalytics();
    click('01817010055');
    pageHides();
    window.history.replaceState(null, '', '/');
    const text = window.sessionStorage.getItem(keptEventsKey) ?? '';
    expect(text).not.toContain('secret-token');
    expect(text).not.toContain('01817010055');
    expect(text).not.toContain('abc');
    expect(kept()?.[0]).toMatchObject({ label: '[national-id]', url: `${window.location.origin}/innlogging/mobileLogin/[token]/idporten4?code=[token]` });

    // What is read back is checked and redacted again, whoever wrote it.
    window.sessionStorage.setItem(
      keptEventsKey,
      JSON.stringify([{ category: 'c', action: 'a', label: 'kari@example.no', url: '/x?token=t' }, { label: 'not an event' }, 'junk']),
    );
    nextPage();
    const script = start();
    scriptLoads(script);
    vi.advanceTimersByTime(limits.analyticsFlushDelayMs);
    expect(sent).toEqual([{ category: 'c', action: 'a', label: '[email]', url: '/x?token=[token]' }]);
  });

  it('survives storage that is not JSON, and storage that refuses', () => {
    window.sessionStorage.setItem(keptEventsKey, '{not json');
    expect(() => startAnalytics()).not.toThrow();
    expect(kept()).toBeNull();
    click('no room');
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => pageHides()).not.toThrow();
    setItem.mockRestore();
  });

  it('takes its kept events back when the page comes back from the back-forward cache', () => {
    const script = start();
    click('before leaving');
    pageHides();
    expect(kept()).toHaveLength(1);
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(kept()).toBeNull();
    scriptLoads(script);
    vi.advanceTimersByTime(limits.analyticsFlushDelayMs);
    expect(sent.map((event) => event.label)).toEqual(['before leaving']);
  });

  it('keeps nothing, and drops what an earlier page kept, without analytics (an empty analyticsUrl)', () => {
    window.sessionStorage.setItem(keptEventsKey, JSON.stringify([{ category: 'c', action: 'a', label: 'l', url: '/' }]));
    setRuntimeSettings({ analyticsUrl: '' });
    startAnalytics();
    expect(kept()).toBeNull();
    click('nowhere');
    pageHides();
    expect(kept()).toBeNull();
  });
});
