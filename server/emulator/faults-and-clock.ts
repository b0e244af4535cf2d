/**
 * Switches for trying the front end against a misbehaving backend, and a clock that can be moved:
 *
 * - POST /dev/api/faults {"path": "/post/api", "mode": "error"} makes that endpoint fail for this
 *   browser: "slow" (answers after delayMs, default 3000), "error" (500 with an error body),
 *   "malformed" (200 with a cut-off JSON body) or "drop" (closes the connection without an answer).
 *   Optional: "method" (default any), "times" (default until cleared), "delayMs". A path ending in
 *   "*" matches every path that starts with the rest. DELETE /dev/api/faults clears them.
 * - POST /dev/api/clock {"advanceMinutes": 31} moves this browser's clock forward (sessions expire
 *   after 30 minutes without activity); DELETE /dev/api/clock puts it back.
 *
 * Both apply only to the browser that set them (a cookie names its scope), so parallel tests and
 * other people using the same emulator are not affected. Nothing here is persisted, and at most
 * `maxScopes` browsers are remembered: the one unused the longest is forgotten first.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { apiError } from '../http/api-error';
import { jsonObject } from './request-guards';

export const scopeCookieName = 'innlogging-dev-scope';
export const faultModes = ['slow', 'error', 'malformed', 'drop'] as const;
export type FaultMode = (typeof faultModes)[number];

export interface Fault {
  path: string;
  method: string | null;
  mode: FaultMode;
  delayMs: number;
  /** How many more requests it applies to; null until cleared. */
  remaining: number | null;
}

interface Scope {
  faults: Fault[];
  clockOffsetMs: number;
}

const maxFaultsPerScope = 50;
const maxDelayMs = 120_000;

function matches(fault: Fault, method: string, path: string): boolean {
  if (fault.method && fault.method !== method) return false;
  return fault.path.endsWith('*') ? path.startsWith(fault.path.slice(0, -1)) : path === fault.path;
}

function readFault(body: Record<string, unknown> | null): Fault | string {
  if (!body) return 'Body must be a JSON object';
  const { path, method, mode, delayMs, times } = body;
  if (typeof path !== 'string' || !path.startsWith('/') || path.length > 300) return 'path must be a path starting with /';
  if (path.startsWith('/dev/api/faults') || path.startsWith('/dev/api/clock')) return 'The switches themselves cannot fail';
  if (!faultModes.includes(mode as FaultMode)) return `mode must be one of ${faultModes.join(', ')}`;
  if (method !== undefined && (typeof method !== 'string' || !/^[A-Z]{3,7}$/.test(method))) return 'method must be an HTTP method';
  if (delayMs !== undefined && (typeof delayMs !== 'number' || !Number.isInteger(delayMs) || delayMs < 0 || delayMs > maxDelayMs)) {
    return `delayMs must be a whole number of milliseconds up to ${maxDelayMs}`;
  }
  if (times !== undefined && (typeof times !== 'number' || !Number.isInteger(times) || times < 1 || times > 1000)) return 'times must be 1–1000';
  return {
    path,
    method: (method as string | undefined) ?? null,
    mode: mode as FaultMode,
    delayMs: (delayMs as number | undefined) ?? 3000,
    remaining: (times as number | undefined) ?? null,
  };
}

export function createFaultsAndClock(maxScopes = 1000) {
  // A Map keeps insertion order: a scope used again is moved to the end, so the first is the least recently used.
  const scopes = new Map<string, Scope>();

  const scopeOf = (c: Context): Scope | undefined => {
    const id = getCookie(c, scopeCookieName);
    const scope = id ? scopes.get(id) : undefined;
    if (id && scope) {
      scopes.delete(id);
      scopes.set(id, scope);
    }
    return scope;
  };

  const scopeFor = (c: Context): Scope => {
    const existing = scopeOf(c);
    if (existing) return existing;
    const id = randomBytes(12).toString('base64url');
    const scope: Scope = { faults: [], clockOffsetMs: 0 };
    scopes.set(id, scope);
    while (scopes.size > maxScopes) scopes.delete(scopes.keys().next().value as string);
    setCookie(c, scopeCookieName, id, { path: '/', httpOnly: true, sameSite: 'Lax' });
    return scope;
  };

  /** The time as this request's browser sees it. */
  const now = (c: Context): number => Date.now() + (scopeOf(c)?.clockOffsetMs ?? 0);

  const faults: MiddlewareHandler = async (c, next) => {
    const scope = scopeOf(c);
    const fault = scope?.faults.find((candidate) => matches(candidate, c.req.method, c.req.path));
    if (!scope || !fault) return next();
    if (fault.remaining !== null) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) scope.faults = scope.faults.filter((candidate) => candidate !== fault);
    }
    switch (fault.mode) {
      case 'slow':
        await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
        return next();
      case 'error':
        return apiError(c, 500, 'INTERNAL_ERROR', `Fault injected at ${fault.path}`);
      case 'malformed':
        return c.body('{"link": [{"rel": "https://www.digipost.no/post/relations/', 200, { 'Content-Type': 'application/vnd.digipost-v2+json' });
      case 'drop': {
        const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
        if (incoming) {
          incoming.socket.destroy();
          // The connection is gone; nothing will be written.
          return new Promise<Response>(() => {});
        }
        return c.body(null, 502);
      }
    }
  };

  // Mounted at /dev/api.
  const routes = new Hono();
  routes.get('/faults', (c) => c.json({ faults: scopeOf(c)?.faults ?? [] }));
  routes.post('/faults', async (c) => {
    const fault = readFault(await jsonObject(c));
    if (typeof fault === 'string') return apiError(c, 400, 'VALIDATION_FAILED', fault);
    const scope = scopeFor(c);
    if (scope.faults.length >= maxFaultsPerScope) return apiError(c, 400, 'VALIDATION_FAILED', 'Too many faults; clear them first');
    scope.faults.unshift(fault);
    return c.json({ faults: scope.faults }, 201);
  });
  routes.delete('/faults', (c) => {
    const scope = scopeOf(c);
    if (scope) scope.faults = [];
    return c.body(null, 204);
  });
  routes.get('/clock', (c) => c.json({ now: new Date(now(c)).toISOString(), offsetMs: scopeOf(c)?.clockOffsetMs ?? 0 }));
  routes.post('/clock', async (c) => {
    const body = await jsonObject(c);
    const minutes = body?.advanceMinutes;
    if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes <= 0 || minutes > 60 * 24 * 365) {
      return apiError(c, 400, 'VALIDATION_FAILED', 'advanceMinutes must be a positive number of minutes');
    }
    const scope = scopeFor(c);
    scope.clockOffsetMs += Math.round(minutes * 60_000);
    return c.json({ now: new Date(now(c)).toISOString(), offsetMs: scope.clockOffsetMs });
  });
  routes.delete('/clock', (c) => {
    const scope = scopeOf(c);
    if (scope) scope.clockOffsetMs = 0;
    return c.body(null, 204);
  });

  return { now, faults, routes, scopeCount: () => scopes.size };
}

export type FaultsAndClock = ReturnType<typeof createFaultsAndClock>;
