/**
 * POST /post/log/web: stores and prints what the front end reports. GET /dev/api/logs reads it back
 * (newest first), for people debugging a demo and for tests. It takes entries without a session, so
 * each is at most logEntryMaxBytes, one address makes at most limits.logEntriesPerMinute, and the
 * table keeps the newest limits.maxLogEntries (bounded-growth.ts).
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { Db } from './db';
import { apiError } from '../http/api-error';
import { logEntryMaxBytes } from '../../src/contract/limits';
import { logEntrySchema } from '../../src/contract/requests';
import { cappedTable, createRate, limitRate } from './bounded-growth';
import type { Limits } from './limits';
import { bodyOr400, limitBody } from './request-guards';

interface LogRow {
  id: number;
  severity: string;
  message: string;
  source_application: string;
  extras: string;
  received_at: number;
}

/** The host (with port, if any) of an origin such as http://localhost:3000; null when it is none ("null"). */
function hostOf(origin: string): { host: string; hostname: string } | null {
  try {
    const url = new URL(origin);
    return url.host ? { host: url.host.toLowerCase(), hostname: url.hostname.toLowerCase() } : null;
  } catch {
    return null;
  }
}

/**
 * The log takes no CSRF token (the front end reports errors before it may have a session), so it
 * refuses what a browser sends it from another site: 403 when Sec-Fetch-Site says cross-site, or when
 * an Origin is present and is not this server's own: its host and port are neither the Host the
 * request was sent to nor the X-Forwarded-Host a proxy in front adds (which no page can set without a
 * CORS preflight; a proxy that leaves the port out, as nginx's $host does, is matched on the host
 * name). Its JSON-only body (server/http/content-types.ts) does the rest: a page on another site
 * cannot send JSON here without a preflight, which this server never grants.
 */
function sameOriginOnly(): MiddlewareHandler {
  return async (c, next) => {
    const refuse = () => apiError(c, 403, 'CROSS_SITE_REQUEST', 'Reports are taken from this site only');
    if (c.req.header('sec-fetch-site')?.trim().toLowerCase() === 'cross-site') return refuse();
    const origin = c.req.header('origin');
    if (origin === undefined) return next();
    const from = hostOf(origin.trim());
    if (!from) return refuse();
    const own = new URL(c.req.url).host.toLowerCase();
    const forwarded = c.req.header('x-forwarded-host')?.split(',')[0]?.trim().toLowerCase();
    const viaProxy = forwarded !== undefined && forwarded !== '' && (forwarded === from.host || (!forwarded.includes(':') && forwarded === from.hostname));
    return from.host === own || viaProxy ? next() : refuse();
  };
}

export interface WebLogOptions {
  print?: (line: string) => void;
  limits: Pick<Limits, 'logEntriesPerMinute' | 'maxLogEntries'>;
  /** The client's address as the per-address limits count it (client-address.ts limitKey). */
  limitKey: (c: Context) => string | undefined;
  now?: () => number;
}

/** `api` is mounted at /post/log, `dev` at /dev; `trim` keeps the table at its cap (the purge timer). */
export function webLogRoutes(db: Db, { print = (line) => console.log(line), limits, limitKey, now = Date.now }: WebLogOptions) {
  const insert = db.prepare('INSERT INTO web_log (severity, message, source_application, extras, received_at) VALUES (?, ?, ?, ?, ?)');
  const latest = db.prepare<[], LogRow>('SELECT * FROM web_log ORDER BY id DESC LIMIT 200');
  const capped = cappedTable(db, 'web_log', 'id', limits.maxLogEntries);
  const rate = createRate({ perMinute: limits.logEntriesPerMinute, now });
  const api = new Hono();
  const dev = new Hono();

  api.post('/web', sameOriginOnly(), limitRate(rate, limitKey), limitBody(logEntryMaxBytes, 'Log entry'), async (c) => {
    const entry = await bodyOr400(c, logEntrySchema);
    if (entry instanceof Response) return entry;
    const extras = JSON.stringify(entry.extras);
    insert.run(entry.severity, entry.message, entry.sourceApplication, extras, Date.now());
    capped.wrote();
    // Each field as JSON: a line break or a terminal escape in what anyone sent stays inside its quotes,
    // so no entry can print a line that looks like the server's own.
    print(`[web-log] ${entry.severity} ${JSON.stringify(entry.sourceApplication)}: ${JSON.stringify(entry.message)} ${extras}`);
    return c.body(null, 204);
  });

  dev.get('/api/logs', (c) =>
    c.json(
      latest.all().map((row) => ({
        severity: row.severity,
        message: row.message,
        sourceApplication: row.source_application,
        extras: JSON.parse(row.extras) as unknown,
        receivedAt: new Date(row.received_at).toISOString(),
      })),
    ),
  );
  return { api, dev, trim: capped.trim };
}
