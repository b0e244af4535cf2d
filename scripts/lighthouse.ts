/**
 * Lighthouse 12 against a running server, offline, with Debian's chromium: the default mobile
 * configuration (simulated Slow 4G and 4x CPU slowdown), performance only. A page is measured as
 * served, and as its script-free twin (scripts/twin-proxy.ts): the floor the page itself (HTML,
 * styles, fonts) sets.
 *
 * Lighthouse stops recording once the page has been quiet for a moment, a second or two after its load
 * event here. A page's run waits 10 s after the load event instead, so its network records hold every
 * script the page fetches within 10 s of the navigation (scripts/fetched-scripts.ts); some 8 s more a
 * run. The twin has no scripts: its runs stay short.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { scriptsFetchedWithin, scriptWindowMs, type NetworkRecord } from './fetched-scripts';
import { chromiumFlags, chromiumPath } from './lib.mjs';

/** One Lighthouse run; `error` set (and the figures NaN) when the page painted nothing (NO_FCP, NO_LCP…). */
export interface LighthouseRun {
  url: string;
  twin: boolean;
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** What the page fetched by the time of its (unthrottled, observed) LCP: Lantern's LCP graph draws from these. */
  requestsBeforeLcp: string[];
  /** The scripts the page fetched within 10 s of the navigation's start, by URL (scripts/fetched-scripts.ts). */
  scripts: string[];
  /** The largest contentful paint's element as Lighthouse names it (its selector and text snippet). */
  lcpElement?: string;
  error?: string;
}

async function runOnce(port: number, url: string, twin: boolean): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    // The not-found screen answers 404 on purpose.
    ignoreStatusCode: true,
    onlyCategories: ['performance'],
    // Every run a first visit: Lighthouse clears the cache, but by default not the origin's cookies and
    // local storage, where the page remembers that Posten Sans is cached (src/app/boot/fonts.ts).
    clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'local_storage', 'indexeddb', 'cookies'],
    ...(twin ? {} : { pauseAfterLoadMs: scriptWindowMs }),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const observed = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0];
  const observedLcp = observed?.observedLargestContentfulPaint;
  const requests =
    (lhr.audits['network-requests']?.details as { items?: (NetworkRecord & { networkEndTime?: number; finished?: boolean })[] } | undefined)?.items ?? [];
  const requestsBeforeLcp =
    observedLcp === undefined
      ? []
      : requests
          .filter((request) => !request.url.startsWith('data:') && (request.networkEndTime ?? Number.POSITIVE_INFINITY) <= observedLcp)
          .map((request) => new URL(request.url).pathname.replace(/^.*\//, '') || '/');
  const lcpElement = JSON.stringify(lhr.audits['largest-contentful-paint-element']?.details ?? {}).match(/"selector":"([^"]*)".*?"snippet":"([^"]*)"/);
  return {
    url,
    twin,
    ...(lcpElement ? { lcpElement: `${lcpElement[1]} ${lcpElement[2].slice(0, 120)}` } : {}),
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    requestsBeforeLcp,
    scripts: scriptsFetchedWithin(requests),
    ...(lhr.runtimeError ? { error: lhr.runtimeError.code ?? lhr.runtimeError.message } : {}),
  };
}

/** One chromium for a whole bench; Lighthouse resets its cache and storage before every run. */
export async function launchLighthouse() {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath() ?? undefined, chromeFlags: chromiumFlags });
  return {
    /**
     * Lighthouse now and then fails to record a trace here (NO_NAVSTART, or an exception): up to two
     * more tries; a page that paints nothing is not retried (NO_FCP, NO_LCP).
     */
    run: async (url: string, twin: boolean) => {
      for (let attempt = 1; ; attempt += 1) {
        const result = await runOnce(chrome.port, url, twin).catch((error: Error) => ({ error: error.message }) as LighthouseRun);
        if (attempt === 3 || (result.error !== 'NO_NAVSTART' && result.performance !== undefined)) return result;
      }
    },
    close: () => chrome.kill(),
  };
}

/** The median of the finite values (the mean of the middle two of an even count); NaN when there are none. */
export function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = sorted.length / 2;
  return Number.isInteger(middle) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[Math.floor(middle)];
}
