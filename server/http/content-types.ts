/**
 * The emulator's JSON endpoints take JSON bodies only: a request with a body under /post/api,
 * /post/log or /dev/api is answered 415 UNSUPPORTED_MEDIA_TYPE unless its Content-Type is
 * application/json or the API's vendor type (docs/decisions/002), parameters such as charset allowed.
 * A body is what HTTP says it is: Content-Length above 0 or a Transfer-Encoding. Requests without
 * one (an approve, an email verification, a logout with nothing to say) need no Content-Type.
 * The app's OAuth token endpoint is no JSON endpoint: it takes the form encoding RFC 6749 asks for
 * and answers anything else with RFC 6749's own error body (oauth.ts). The simulated
 * identity providers' pages (/dev/broker, /dev/idporten …) take their own HTML forms, and the Sentry
 * stand-in (/dev/sentry/api/…) the SDK's envelopes: neither is a JSON endpoint.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { isApiPath, isLogPath } from '../api-paths';
import { apiError } from './api-error';

export const jsonMediaTypes: readonly string[] = ['application/json', 'application/vnd.digipost-v2+json'];
/** Whether the path belongs to a JSON endpoint of the emulator (not the OAuth token endpoint). */
export function isJsonEndpoint(path: string): boolean {
  if (path === '/post/api/oauth/token') return false;
  return isApiPath(path) || isLogPath(path) || path.startsWith('/dev/api/');
}

/** The media type of a Content-Type header, lower case, without parameters; '' when there is none. */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/** Whether the request carries a body (RFC 9112 §6.3): a Transfer-Encoding, or a Content-Length above 0. */
export function hasBody(headers: { header: (name: string) => string | undefined }): boolean {
  if (headers.header('transfer-encoding') !== undefined) return true;
  const length = headers.header('content-length');
  if (length === undefined) return false;
  return !/^\s*0*\s*$/.test(length);
}

/** The 415 answer for a body of another media type on a JSON endpoint; undefined for everything else. */
export function refuseNonJsonBody(c: Context): Response | undefined {
  if (!isJsonEndpoint(c.req.path) || !hasBody(c.req)) return undefined;
  if (jsonMediaTypes.includes(mediaTypeOf(c.req.header('content-type')))) return undefined;
  return apiError(c, 415, 'UNSUPPORTED_MEDIA_TYPE', `Content-Type must be ${jsonMediaTypes.join(' or ')}`);
}

/** 415 for a body of another media type on a JSON endpoint; everything else passes. */
export function requireJsonBodies(): MiddlewareHandler {
  return async (c, next) => refuseNonJsonBody(c) ?? next();
}
