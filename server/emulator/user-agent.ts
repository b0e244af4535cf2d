/**
 * The browser and system a request came from, as the "this was not me" page and the passkey emails
 * name them (issue #45): only names from the lists below, never text of the User-Agent header itself,
 * which anyone can write. Unknown is null, and the page then says nothing of it.
 */

/** Tried in order: the first that matches names it (Edge and Opera say Chrome too, Chrome says Safari). */
const browsers: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Microsoft Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: readonly [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export interface DeviceNames {
  browser: string | null;
  system: string | null;
}

const first = (list: readonly [RegExp, string][], userAgent: string) => list.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;

export function deviceNames(userAgent: string | undefined): DeviceNames {
  // A header this long is no browser's: nothing is read from it.
  if (!userAgent || userAgent.length > 1024) return { browser: null, system: null };
  return { browser: first(browsers, userAgent), system: first(systems, userAgent) };
}
