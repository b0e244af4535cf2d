/**
 * Lighthouse 12 against a running server, offline, with Debian's chromium: the default mobile
 * configuration (simulated Slow 4G and 4x CPU slowdown), performance, accessibility and best practices.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from './lib.mjs';

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits of the three categories that did not pass, for reading when a score drops. */
  failing: string[];
  /**
   * True when the only best-practices audit that failed is errors-in-console, and the only line it
   * counts is the browser's own log of this page's 404 status (the not-found screen answers 404 on
   * purpose). Any other console error or failed audit makes this false.
   */
  bestPracticesLostOnlyToOwn404: boolean;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function runOnce(port: number, url: string): Promise<LighthouseFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    // The not-found screen answers 404 on purpose.
    ignoreStatusCode: true,
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const categoryAudits = new Set(
    ['performance', 'accessibility', 'best-practices'].flatMap(
      (id) => lhr.categories[id]?.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id) ?? [],
    ),
  );
  const failing = Object.values(lhr.audits)
    .filter((audit) => categoryAudits.has(audit.id) && audit.score !== null && audit.score < 0.9)
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  const bestPracticesFailing = (lhr.categories['best-practices']?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  const consoleItems =
    (lhr.audits['errors-in-console']?.details as { items?: { source?: string; description?: string; sourceLocation?: { url?: string } }[] } | undefined)
      ?.items ?? [];
  const bestPracticesLostOnlyToOwn404 =
    bestPracticesFailing.length === 1 &&
    bestPracticesFailing[0] === 'errors-in-console' &&
    consoleItems.length === 1 &&
    consoleItems[0].source === 'network' &&
    consoleItems[0].sourceLocation?.url === lhr.finalDisplayedUrl &&
    /status of 404\b/.test(consoleItems[0].description ?? '');
  return {
    bestPracticesLostOnlyToOwn404,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    failing,
  };
}

/** Runs each URL `runs` times and keeps the run with the median performance score. */
export async function measureWithLighthouse(urls: string[], runs = 3): Promise<LighthouseFigures[]> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath() ?? undefined, chromeFlags: chromiumFlags });
  try {
    const figures: LighthouseFigures[] = [];
    for (const url of urls) {
      const results: LighthouseFigures[] = [];
      for (let run = 0; run < runs; run += 1) {
        // Lighthouse now and then fails to record a trace here (NO_NAVSTART); one more try, then fail.
        results.push(await runOnce(chrome.port, url).catch(() => runOnce(chrome.port, url)));
      }
      const middle = median(results.map((result) => result.performance));
      figures.push(results.find((result) => result.performance === middle) as LighthouseFigures);
    }
    return figures;
  } finally {
    chrome.kill();
  }
}
