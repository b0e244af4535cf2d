import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorCode } from '../../src/contract/api';

/** The backend's error body (SPEC §3): error-code, error-message and links. */
export function apiError(c: Context, status: ContentfulStatusCode, code: ApiErrorCode, message: string) {
  return c.json({ 'error-code': code, 'error-message': message, link: [] }, status);
}
