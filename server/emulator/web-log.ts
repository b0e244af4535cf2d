/**
 * POST /post/log/web: stores and prints what the front end reports. GET /dev/api/logs reads it back
 * (newest first), for people debugging a demo and for tests.
 */
import { Hono } from 'hono';
import type { Db } from './db';
import { apiError } from './api-error';
import { jsonBodyOr400, limitBody } from './request-guards';

const severities = new Set(['ERROR', 'WARN', 'INFO', 'DEBUG']);

interface LogRow {
  id: number;
  severity: string;
  message: string;
  source_application: string;
  extras: string;
  received_at: number;
}

export function webLogRoutes(db: Db, print: (line: string) => void = (line) => console.log(line)) {
  const insert = db.prepare(
    'INSERT INTO web_log (severity, message, source_application, extras, received_at) VALUES (?, ?, ?, ?, ?)',
  );
  const latest = db.prepare<[], LogRow>('SELECT * FROM web_log ORDER BY id DESC LIMIT 200');
  const routes = new Hono();

  routes.post(
    '/post/log/web',
    limitBody(32 * 1024, 'Log entry'),
    async (c) => {
      const parsed = await jsonBodyOr400(c);
      if (parsed instanceof Response) return parsed;
      const body = parsed.body;
      const entry = body as Record<string, unknown> | null;
      if (
        !entry ||
        typeof entry !== 'object' ||
        typeof entry.severity !== 'string' ||
        !severities.has(entry.severity) ||
        typeof entry.message !== 'string' ||
        typeof entry.sourceApplication !== 'string' ||
        (entry.extras !== undefined && (typeof entry.extras !== 'object' || entry.extras === null))
      ) {
        return apiError(c, 400, 'VALIDATION_FAILED', 'Expected {severity, message, sourceApplication, extras}');
      }
      const extras = JSON.stringify(entry.extras ?? {});
      insert.run(entry.severity, entry.message, entry.sourceApplication, extras, Date.now());
      print(`[web-log] ${entry.severity} ${entry.sourceApplication}: ${entry.message} ${extras}`);
      return c.body(null, 204);
    },
  );

  routes.get('/dev/api/logs', (c) =>
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
  return routes;
}
