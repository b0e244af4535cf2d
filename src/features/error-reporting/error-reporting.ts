/**
 * Error reporting (SPEC §8, §9). Errors the browser's global handler sees are reported with message,
 * file, line and column to the log endpoint (/post/log/web) when shouldReport (api/errors.ts) says so,
 * and — only in production on the product's public site with a DSN — to Sentry too. Network failures (the person's connection, not our
 * bug) are never reported. Everything reported is scrubbed of passwords, national ID numbers,
 * one-time codes and tokens first.
 *
 * The Sentry SDK is loaded lazily after the page has loaded, so it is never part of the first-load
 * chunk; errors that happen before it is ready are queued (at most 20) and captured once it is.
 */
import type { BrowserOptions, ErrorEvent as SentryErrorEvent } from '@sentry/browser';
import { postLog } from '../../api/log';
import { markReported, shouldReport } from '../../api/errors';
import { runtimeConfig, type RuntimeConfig } from '../../config/runtime';

/** SPEC §9. */
export const sentryRelease = '106';
export const sentryTracesSampleRate = 0;
/** How many errors are kept while the SDK loads. */
export const maxQueuedErrors = 20;

/** Network-failure messages, English and Norwegian (browsers word them differently), as phrases. */
const networkFailurePhrases = [
  'failed to fetch',
  'networkerror when attempting to fetch resource',
  'network connection was lost',
  'network request failed',
  'load failed',
  'cancelled',
  'canceled',
  'avbrutt',
  'offline',
  'frakoblet',
  'nettverksforbindelsen ble brutt',
  'kunne ikke hente',
];

function phrasePattern(phrase: string): RegExp {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu');
}

/** The same patterns Sentry's ignoreErrors gets. */
export const networkFailurePatterns: RegExp[] = networkFailurePhrases.map(phrasePattern);

export function isNetworkFailure(message: string | null | undefined): boolean {
  if (!message) return false;
  return networkFailurePatterns.some((pattern) => pattern.test(message));
}

const scrubRules: [RegExp, string][] = [
  // Passwords: JSON fields and query/form parameters named …password… / …passord….
  [/("[\w-]*(?:password|passord)[\w-]*"\s*:\s*)"(?:[^"\\]|\\.)*"/gi, '$1"[redacted]"'],
  [/((?:^|[?&;\s])[\w-]*(?:password|passord)[\w-]*=)[^&#\s"']*/gi, '$1[redacted]'],
  // Secrets in the mobile paths (the screens' secretParams, screens/manifest.ts; a test keeps them in step).
  [/((?:mobileLogin|mobileSuccessWithIDportenLogout|mobileSuccess|mobileRedirect|mobileLogout)\/)[^/?#\s"']+/gi, '$1[token]'],
  // Query values of token, code, state, kode.
  [/((?:^|[?&;\s])(?:[\w-]*token|code|state|kode)=)[^&#\s"']*/gi, '$1[redacted]'],
  // Six-digit one-time codes in code-like fields ("code": "123456", kode: 123456, otp=123456).
  [/(\b[\w-]*(?:code|kode|otp)[\w-]*"?\s*[:=]\s*"?)\d{6}(?!\d)/gi, '$1[code]'],
  // National ID numbers: 11 digits, spaces allowed between them.
  [/(?<!\d)\d(?: ?\d){10}(?!\d)/g, '[national-id]'],
];

/** Removes personal data and secrets from a text, leaving placeholders. */
export function scrub(text: string): string {
  return scrubRules.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);
}

/** Scrubs every string in a JSON-like value (a new value; the input is left alone). */
export function scrubDeep<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return scrub(value) as T;
  if (depth > 12 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item: unknown) => scrubDeep(item, depth + 1)) as T;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) result[key] = scrubDeep(item, depth + 1);
  return result as T;
}

/** Sentry only in production, only on the product's public site, and only with a DSN (SPEC §9). */
export function shouldUseSentry(config: Pick<RuntimeConfig, 'environment' | 'publicHost' | 'sentryDsn'>, hostname: string): boolean {
  return config.environment === 'production' && hostname === config.publicHost && Boolean(config.sentryDsn);
}

function eventMessages(event: SentryErrorEvent): string[] {
  const messages: string[] = [];
  if (event.message) messages.push(event.message);
  if (event.logentry?.message) messages.push(event.logentry.message);
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) messages.push(exception.value);
  }
  return messages;
}

/** Scrubs an event's strings; null (drop) for a network failure. */
export function scrubEvent(event: SentryErrorEvent): SentryErrorEvent | null {
  if (eventMessages(event).some(isNetworkFailure)) return null;
  const scrubbed: SentryErrorEvent = { ...event };
  if (event.message !== undefined) scrubbed.message = scrub(event.message);
  if (event.logentry) scrubbed.logentry = scrubDeep(event.logentry);
  if (event.exception?.values) {
    scrubbed.exception = {
      ...event.exception,
      values: event.exception.values.map((exception) => ({
        ...exception,
        ...(exception.value !== undefined ? { value: scrub(exception.value) } : {}),
      })),
    };
  }
  if (event.request) scrubbed.request = scrubDeep(event.request);
  if (event.breadcrumbs) scrubbed.breadcrumbs = scrubDeep(event.breadcrumbs);
  if (event.extra) scrubbed.extra = scrubDeep(event.extra);
  if (event.tags) scrubbed.tags = scrubDeep(event.tags);
  if (event.transaction !== undefined) scrubbed.transaction = scrub(event.transaction);
  return scrubbed;
}

/** The options Sentry.init gets. */
export function sentryOptions(config: Pick<RuntimeConfig, 'environment' | 'sentryDsn'>): BrowserOptions {
  return {
    dsn: config.sentryDsn,
    release: sentryRelease,
    environment: config.environment,
    tracesSampleRate: sentryTracesSampleRate,
    sendDefaultPii: false,
    ignoreErrors: networkFailurePatterns,
    beforeSend: (event) => scrubEvent(event),
  };
}

/** What is used of the SDK: only these are kept in its lazily loaded chunk. */
interface Sdk {
  captureException: (error: unknown) => string;
}

interface Queued {
  error: unknown;
  message: string;
}

let sdk: Sdk | undefined;
let queue: Queued[] = [];
let installed: (() => void) | undefined;

function enqueue(item: Queued) {
  if (queue.length < maxQueuedErrors) queue.push(item);
}

function capture(target: Sdk, item: Queued) {
  if (item.error instanceof Error) target.captureException(item.error);
  else target.captureException(new Error(item.message));
}

/**
 * Loads the SDK and starts it with `config` (the path production takes when shouldUseSentry says so;
 * also usable from a dev console with a config of one's own). Queued errors are captured once ready.
 */
export async function startSentry(config: Pick<RuntimeConfig, 'environment' | 'sentryDsn'>): Promise<void> {
  if (sdk) return;
  // Destructured straight away so the bundler keeps only what is used of the SDK.
  const { init, captureException } = await import('@sentry/browser');
  if (sdk) return;
  init(sentryOptions(config));
  const loaded: Sdk = { captureException };
  sdk = loaded;
  const pending = queue;
  queue = [];
  for (const item of pending) capture(loaded, item);
}

function messageOf(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  if (typeof reason === 'string') return reason;
  try {
    return JSON.stringify(reason) ?? String(reason);
  } catch {
    return String(reason);
  }
}

function report(message: string, error: unknown, location: { file?: string; line?: number; column?: number }) {
  // Network failures by their wording: the browser's own errors carry no AppError to say so.
  if (isNetworkFailure(message) || !shouldReport(error)) return;
  markReported(error);
  const extras: Record<string, unknown> = {};
  if (location.file !== undefined) extras.file = scrub(location.file);
  if (location.line !== undefined) extras.line = location.line;
  if (location.column !== undefined) extras.column = location.column;
  void postLog('ERROR', scrub(message), extras);
  // Once the SDK is running it sees these errors through its own global handlers.
  if (!sdk) enqueue({ error, message });
}

/** Reports an 'error' or 'unhandledrejection' event (also one seen before this module was loaded). */
export function reportEvent(event: ErrorEvent | PromiseRejectionEvent) {
  if ('reason' in event) {
    report(messageOf(event.reason), event.reason, {});
    return;
  }
  report(event.message || messageOf(event.error), event.error, { file: event.filename, line: event.lineno, column: event.colno });
}

export interface ErrorReportingOptions {
  window?: Window;
  config?: RuntimeConfig;
}

/**
 * Installs the global 'error' and 'unhandledrejection' handlers and, where shouldUseSentry says so,
 * loads Sentry after the page has loaded. Returns a function that removes the handlers again.
 */
export function installErrorReporting(options: ErrorReportingOptions = {}): () => void {
  if (installed) return installed;
  const win = options.window ?? window;
  const config = options.config ?? runtimeConfig(win.document);
  const useSentry = shouldUseSentry(config, win.location.hostname);

  const onError = (event: ErrorEvent) => reportEvent(event);
  const onRejection = (event: PromiseRejectionEvent) => reportEvent(event);
  const load = () => {
    void startSentry(config).catch(() => {
      // The SDK could not load (offline, blocked): the log endpoint still gets every report.
      queue = [];
    });
  };

  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  if (useSentry) {
    if (win.document.readyState === 'complete') win.setTimeout(load, 0);
    else win.addEventListener('load', load, { once: true });
  }

  installed = () => {
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
    win.removeEventListener('load', load);
    queue = [];
    installed = undefined;
  };
  return installed;
}
