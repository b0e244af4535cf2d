/** The product's error type (SPEC §3): what every failed call and every thrown flow error becomes. */
import type { Link } from '../contract/answers';

export interface AppErrorDetails {
  statusCode?: number;
  nolog?: boolean;
  /** The backend's error code (SPEC §3 "error-code"), e.g. NOT_AUTHORIZED. */
  apiError?: string;
  /** The backend's own message ("error-message"). */
  apiErrorMessage?: string;
  link?: Link[];
  /** A call that got no usable answer: the connection failed or the body was not what was promised. */
  noUsableAnswer?: boolean;
  /** A throttled answer's Retry-After, in seconds; undefined when it gave none we can read. */
  retryAfterSeconds?: number;
}

export class AppError extends Error {
  readonly statusCode: number;
  readonly nolog: boolean;
  readonly apiError?: string;
  readonly apiErrorMessage?: string;
  readonly link: Link[];
  readonly noUsableAnswer: boolean;
  readonly retryAfterSeconds?: number;

  constructor(message: string, details: AppErrorDetails = {}) {
    super(message);
    this.name = 'AppError';
    this.statusCode = details.statusCode ?? 500;
    this.nolog = details.nolog ?? false;
    this.apiError = details.apiError;
    this.apiErrorMessage = details.apiErrorMessage;
    this.link = details.link ?? [];
    this.noUsableAnswer = details.noUsableAnswer ?? false;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }

  /** An error that came from the API (an HTTP answer), as opposed to one the front end raised. */
  get isApiError(): boolean {
    return this.apiError !== undefined || this.apiErrorMessage !== undefined;
  }

  /** HTTP 429: the backend limits attempts (whatever its error code) and says how long to wait. */
  get isThrottled(): boolean {
    return this.statusCode === 429;
  }

  /** A failed call (an error answer, no answer, or a garbled one): trying again may well work. */
  get isCallFailure(): boolean {
    return this.isApiError || this.noUsableAnswer;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

const reported = new WeakSet<object>();

/**
 * Whether an error goes to the log endpoint (SPEC §8): the one rule for every site that reports, the
 * API client, the web and mobile error screens (all through reportError) and the global handler.
 * Every error is reported once (the first site that sees it), except an AppError marked nolog: a
 * lost connection, a throttled answer (429), an answer the caller tells the person about (its quiet
 * statuses) or a call it keeps quiet. The global handler also leaves out errors the browser words as
 * network failures (error-reporting.ts: that list stays out of the first load).
 */
export function shouldReport(error: unknown): boolean {
  return !(isAppError(error) && error.nolog) && !reported.has(error as object);
}

/** Notes that an error has been reported, so that no later site reports it again. */
export function markReported(error: unknown): void {
  if (typeof error === 'object' && error !== null) reported.add(error);
}
