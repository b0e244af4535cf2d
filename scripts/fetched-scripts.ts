/**
 * The JavaScript a page fetched by itself in a Lighthouse run, for the bench's "JS ≤ 10 s" column
 * (scripts/bench.ts, issue #52): every script request of Lighthouse's network records (resource type
 * Script, or a path ending in .js or .mjs: a prefetch is of type Other) that the page started within
 * 10 s of the navigation's start, with no input. Lighthouse's times are from the first request's
 * start (the document's), and "started" is the renderer's start of the request (rendererStartTime), so
 * a prefetch counts from when the page asked for it. Each URL counts once; failed requests not at all.
 */

/** The fields of a Lighthouse network record (audit network-requests) read here. */
export interface NetworkRecord {
  url: string;
  resourceType?: string;
  rendererStartTime?: number;
  statusCode?: number;
}

/** How long after the navigation's start a fetch still counts. */
export const scriptWindowMs = 10_000;

/** The URLs of the scripts the page fetched within `windowMs`, each once, in the order of the records. */
export function scriptsFetchedWithin(records: NetworkRecord[], windowMs = scriptWindowMs): string[] {
  const urls = new Set<string>();
  for (const record of records) {
    if (!/^https?:/.test(record.url)) continue;
    const isScript = record.resourceType === 'Script' || /\.m?js$/.test(new URL(record.url).pathname);
    const started = record.rendererStartTime !== undefined && record.rendererStartTime <= windowMs;
    const fetched = record.statusCode !== undefined && record.statusCode >= 200 && record.statusCode < 400;
    if (isScript && started && fetched) urls.add(record.url);
  }
  return [...urls];
}

/** How many scripts, and their bytes as `bytesOf` weighs each. */
export function scriptFigures(urls: string[], bytesOf: (url: string) => number): { count: number; bytes: number } {
  return { count: urls.length, bytes: urls.reduce((sum, url) => sum + bytesOf(url), 0) };
}
