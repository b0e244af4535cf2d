/**
 * The one place that talks HTTP to the backend's API (SPEC §7): the headers (headers.ts), cookies,
 * session renewal and the conversion of every failure into AppError. Failures are reported to the
 * log (log.ts) as shouldReport (errors.ts) decides; a throttled answer (429) never is
 * (docs/decisions/009-throttling-messages.md).
 */
import { limits } from '../config/limits';
import * as v from 'valibot';
import { apiErrorBodySchema } from '../contract/answers';
import { describeIssues } from '../contract/issues';
import { AppError } from './errors';
import { apiHeaders, csrfTokenAgeMs, getCsrfToken } from './headers';
import { reportError } from './log';
import { parseRetryAfter } from './retry-after';

let renewSession: (() => Promise<unknown>) | undefined;

/**
 * How to get a fresh session and CSRF token (the session module fetches the root document again).
 * With it, a page left open for hours still works: an old token is renewed before a state-changing
 * call, and a call the backend refuses with CSRF_TOKEN_INVALID is renewed and sent once more.
 */
export function setSessionRenewer(renewer: (() => Promise<unknown>) | undefined) {
  renewSession = renewer;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Do not report a failure of this call to the log endpoint. */
  nolog?: boolean;
  /** Answers with these statuses are told to the person, not faults: not reported (other failures are). */
  quietStatuses?: readonly number[];
  /** Do not follow redirects: the caller reads the Location header (identity-provider flows). */
  manualRedirect?: boolean;
  signal?: AbortSignal;
  /** request(): answer the JSON whole once the schema accepts it, fields it does not name included. */
  whole?: boolean;
}

/**
 * An answer the API gave, its body read to the end. Every answer is read (or, one that is not used,
 * cancelled): a body left unread holds its connection, and in Chromium the request never finishes
 * (the page never reaches network idle).
 */
export interface Answer {
  ok: boolean;
  status: number;
  headers: Headers;
  text: string;
}

/** Sends a request and returns the answer, read, when it is OK (or a redirect); throws AppError otherwise. */
export async function send(url: string, options: RequestOptions = {}): Promise<Answer> {
  const hasBody = options.body !== undefined;
  const stateChanging = (options.method ?? 'GET') !== 'GET';
  const attempt = async () => {
    try {
      return await fetch(url, {
        method: options.method ?? 'GET',
        headers: apiHeaders(hasBody),
        body: hasBody ? JSON.stringify(options.body) : undefined,
        credentials: 'same-origin',
        redirect: options.manualRedirect ? 'manual' : 'follow',
        signal: options.signal,
      });
    } catch (cause) {
      // Network failures are the person's connection, not our bug: never reported.
      throw new AppError(cause instanceof Error ? cause.message : 'Network error', { statusCode: 0, nolog: true, noUsableAnswer: true });
    }
  };
  if (stateChanging && renewSession && getCsrfToken() && csrfTokenAgeMs() > limits.sessionRenewAfterMs) {
    await renewSession();
  }
  let response = await attempt();
  if (stateChanging && renewSession && response.status === 403) {
    const refusal = await errorFromResponse(response.clone(), true);
    if (refusal.apiError === 'CSRF_TOKEN_INVALID') {
      // The refusal is read (its clone); the answer itself is not needed any more.
      await response.body?.cancel();
      await renewSession();
      response = await attempt();
    }
  }
  if (response.ok || response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    return { ok: response.ok, status: response.status, headers: response.headers, text: await response.text() };
  }
  const error = await errorFromResponse(response, (options.nolog ?? false) || (options.quietStatuses ?? []).includes(response.status));
  void reportError(error, { url, method: options.method ?? 'GET' });
  throw error;
}

/**
 * Sends a request and parses its JSON answer by the contract's schema (src/contract/answers.ts): an
 * answer that is not JSON, or lacks a field the app uses, is no usable answer (reported like any fault).
 */
export async function request<S extends v.GenericSchema>(url: string, schema: S, options: RequestOptions = {}): Promise<v.InferOutput<S>> {
  const { status, text } = await send(url, options);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const result = v.safeParse(schema, json);
  if (result.success) return options.whole ? json : result.output;
  const error = new AppError(json === undefined ? `Malformed JSON from ${url}` : `Unexpected answer from ${url}: ${describeIssues(result.issues)}`, {
    statusCode: status,
    nolog: options.nolog,
    noUsableAnswer: true,
  });
  void reportError(error, { url });
  throw error;
}

/**
 * Turns a failed response into AppError, from a JSON error body or a plain-text one. A 429 is the
 * backend doing its job (limiting attempts), so it is never reported, and carries its Retry-After.
 */
export async function errorFromResponse(response: Response, nolog = false): Promise<AppError> {
  const text = await response.text().catch(() => '');
  let body: v.InferOutput<typeof apiErrorBodySchema> | undefined;
  try {
    const parsed = v.safeParse(apiErrorBodySchema, JSON.parse(text));
    body = parsed.success ? parsed.output : undefined;
  } catch {
    body = undefined;
  }
  const apiError = body?.['error-code'];
  const apiErrorMessage = body ? body['error-message'] : text.trim() || undefined;
  const message = `HTTP ${response.status}${apiError ? ` ${apiError}` : ''}${apiErrorMessage ? `: ${apiErrorMessage}` : ''}`;
  const throttled = response.status === 429;
  return new AppError(message, {
    statusCode: response.status,
    nolog: nolog || throttled,
    retryAfterSeconds: throttled ? parseRetryAfter(response.headers.get('Retry-After')) : undefined,
    apiError,
    apiErrorMessage,
    link: body?.link ?? [],
  });
}
