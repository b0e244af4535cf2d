import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorCode } from '../../src/contract/api';

/** The backend's error body (SPEC §3): error-code, error-message and links. */
export function apiError(c: Context, status: ContentfulStatusCode, code: ApiErrorCode, message: string) {
  return c.json({ 'error-code': code, 'error-message': message, link: [] }, status);
}

/** Retry-After in whole seconds, never 0 (a client would retry at once). */
export function retryAfterSeconds(ms: number): string {
  return String(Math.max(1, Math.ceil(ms / 1000)));
}
