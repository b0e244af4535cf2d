/** What every state-changing API call checks: a JSON body within limits, and the session's CSRF token. */
import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { describeIssues } from '../../src/contract/issues';
import { apiError } from '../http/api-error';
import { limitBody } from '../http/body-limit';
import type { Session, SessionStore } from './sessions';
import { sameSitePath } from '../../src/security/redirect-targets';

export { limitBody } from '../http/body-limit';

export const apiBodyLimit = limitBody(16 * 1024);

/** The fields of a form post, or a 400 answer when the body is not a readable form. */
export async function formBodyOr400(c: Context): Promise<Record<string, string | File> | Response> {
  try {
    return (await c.req.parseBody()) as Record<string, string | File>;
  } catch {
    return c.text('The form could not be read', 400);
  }
}

/** 403 unless X-CSRF-TOKEN matches the caller's session. The session is left on the context. */
export function requireCsrf(sessions: SessionStore): MiddlewareHandler<{ Variables: { session: Session } }> {
  return async (c, next) => {
    const session = sessions.current(c);
    const token = c.req.header('X-CSRF-TOKEN');
    if (!session || !token || token !== session.csrfToken) {
      return apiError(c, 403, 'CSRF_TOKEN_INVALID', 'Missing or wrong CSRF token');
    }
    c.set('session', session);
    await next();
  };
}

/**
 * The body as JSON, or undefined when it is not JSON (no JSON text reads as undefined, so a caller can
 * tell; a schema refuses it). The one place the emulator reads a JSON body.
 */
export async function readJson(c: Context): Promise<unknown> {
  try {
    return (await c.req.json()) as unknown;
  } catch {
    return undefined;
  }
}

/** The body as JSON, or a 400 VALIDATION_FAILED answer when it is not JSON. */
export async function jsonOr400(c: Context): Promise<unknown> {
  const body = await readJson(c);
  return body === undefined ? apiError(c, 400, 'VALIDATION_FAILED', 'Body must be JSON') : body;
}

/**
 * The body parsed by its SPEC §3 schema (src/contract/requests.ts), or the one 400 answer every bad body
 * of the SPEC API gets: VALIDATION_FAILED, naming each field that is wrong.
 */
export function parsedOr400<S extends v.GenericSchema>(c: Context, schema: S, body: unknown): v.InferOutput<S> | Response {
  const result = v.safeParse(schema, body);
  return result.success ? result.output : apiError(c, 400, 'VALIDATION_FAILED', describeIssues(result.issues));
}

/** The body read and parsed by its schema, or the 400 answer (parsedOr400). */
export async function bodyOr400<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S> | Response> {
  return parsedOr400(c, schema, await readJson(c));
}

/** The JSON object in the body, or null when the body is not a JSON object. */
export async function jsonObject(c: Context): Promise<Record<string, unknown> | null> {
  const body = await readJson(c);
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

/** A path on this site that is safe to redirect to, in the form to emit (shared with the browser). */
export { sameSitePath } from '../../src/security/redirect-targets';

/**
 * A stored return address, checked again where it is used (it was when it was stored): one that fails
 * the rule becomes the login page.
 */
export function onSite(path: string): string {
  return sameSitePath(path) ?? '/innlogging/';
}

/** Appends query parameters to a stored same-site return address that may already have a query (see onSite). */
export function withQuery(path: string, params: Record<string, string>): string {
  const url = new URL(onSite(path), 'http://same.site.invalid');
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}`;
}
