/**
 * The front end's log (POST /post/log/web, SPEC §7, §9): errors and notes for the backend's log.
 * Never throws: logging must not break a page.
 */
import { logMessageMaxLength } from '../contract/limits';
import type { LogEntry } from '../contract/requests';
import { AppError, markReported, shouldReport } from './errors';
import { apiHeaders } from './headers';

export const logEndpoint = '/post/log/web';
export const sourceApplication = 'innlogging';

export type Severity = 'ERROR' | 'WARN' | 'INFO';

/** Posts a log entry to the backend's log endpoint, its message cut to the length the backend takes. */
export async function postLog(severity: Severity, message: string, extras: Record<string, unknown> = {}) {
  const cut = message.length > logMessageMaxLength ? `${message.slice(0, logMessageMaxLength - 1)}…` : message;
  try {
    await fetch(logEndpoint, {
      method: 'POST',
      headers: apiHeaders(true),
      body: JSON.stringify({ severity, message: cut, sourceApplication, extras } satisfies LogEntry),
      credentials: 'same-origin',
    });
  } catch {
    // Nowhere left to report to.
  }
}

/** Reports an error to the log, with the page it happened on, if shouldReport (errors.ts) says so; then never again. */
export function reportError(error: unknown, extras: Record<string, unknown> = {}) {
  if (!shouldReport(error)) return Promise.resolve();
  markReported(error);
  const message = error instanceof Error ? error.message : String(error);
  const details = error instanceof AppError ? { statusCode: error.statusCode, apiError: error.apiError, apiErrorMessage: error.apiErrorMessage } : {};
  return postLog('ERROR', message, { ...details, ...extras, page: window.location.pathname });
}
