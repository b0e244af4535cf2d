import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeSettings } from '../../config/test-runtime-settings';
import {
  analyticsActions,
  analyticsCategories,
  analyticsQueueLimit,
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
