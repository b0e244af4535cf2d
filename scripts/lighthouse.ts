/**
 * Lighthouse 12 against a running server, offline, with Debian's chromium: the default mobile
 * configuration (simulated Slow 4G and 4x CPU slowdown), performance only. A page is measured as
 * served, and as its script-free twin: the same URL with every script request blocked (Lighthouse's
 * `blockedUrlPatterns`), which is the floor the page itself (HTML, styles, fonts) sets.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
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
  error?: string;
}

/** Every script request fails: the page as its HTML, styles and fonts alone draw it. */
export const blockedForTwin = ['*.js'];

async function runOnce(port: number, url: string, twin: boolean): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    // The not-found screen answers 404 on purpose.
    ignoreStatusCode: true,
    onlyCategories: ['performance'],
    ...(twin ? { blockedUrlPatterns: blockedForTwin } : {}),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const observed = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0];
  const observedLcp = observed?.observedLargestContentfulPaint;
  const requests =
    (lhr.audits['network-requests']?.details as { items?: { url: string; networkEndTime?: number; finished?: boolean; statusCode?: number }[] } | undefined)
      ?.items ?? [];
  const requestsBeforeLcp =
    observedLcp === undefined
      ? []
      : requests
          .filter((request) => !request.url.startsWith('data:') && (request.networkEndTime ?? Number.POSITIVE_INFINITY) <= observedLcp)
          .map((request) => new URL(request.url).pathname.replace(/^.*\//, '') || '/');
  return {
    url,
    twin,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    requestsBeforeLcp,
    ...(lhr.runtimeError ? { error: lhr.runtimeError.code ?? lhr.runtimeError.message } : {}),
  };
}

/** One chromium for a whole bench; Lighthouse resets its cache and storage before every run. */
export async function launchLighthouse() {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath() ?? undefined, chromeFlags: chromiumFlags });
  return {
    /** Lighthouse now and then fails to record a trace here (NO_NAVSTART); one more try, then fail. */
    run: (url: string, twin: boolean) => runOnce(chrome.port, url, twin).catch(() => runOnce(chrome.port, url, twin)),
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
