/**
 * A local stand-in for Sentry's ingest: the browser SDK posts envelopes (text/plain, newline-separated
 * JSON: an envelope header, then item header + item payload pairs) to
 * POST /dev/sentry/api/:projectId/envelope/ when the DSN is http://public@<host>/dev/sentry/<projectId>.
 * Each event item is stored; GET /dev/api/error-reports lists them (newest first), DELETE clears.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { closeAfterAnswer } from '../http/close-connection';
import type { Db } from './db';
import { apiError } from '../http/api-error';
import { storedItems } from './dev-items';

const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Expose-Headers': 'X-Sentry-Rate-Limits, Retry-After',
};

interface EnvelopeItem {
  header: Record<string, unknown>;
  payload: string;
}

/** A line that must hold a JSON object (not null, not an array, not a number). */
function jsonRecord(line: string, what: string): Record<string, unknown> {
  const value: unknown = JSON.parse(line);
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error(`${what} is not a JSON object`);
  return value as Record<string, unknown>;
}

/** Splits an envelope into its header and items; throws on a malformed one. */
export function parseEnvelope(bytes: Uint8Array): { header: Record<string, unknown>; items: EnvelopeItem[] } {
  const decoder = new TextDecoder();
  let position = 0;
  const readLine = (): string | undefined => {
    if (position >= bytes.length) return undefined;
    let end = bytes.indexOf(0x0a, position);
    if (end === -1) end = bytes.length;
    const line = decoder.decode(bytes.subarray(position, end));
    position = end + 1;
    return line;
  };
  const headerLine = readLine();
  if (headerLine === undefined) throw new Error('empty envelope');
  const header = jsonRecord(headerLine, 'envelope header');
  const items: EnvelopeItem[] = [];
  for (;;) {
    const itemHeaderLine = readLine();
    if (itemHeaderLine === undefined) break;
    if (itemHeaderLine.trim() === '') continue;
    const itemHeader = jsonRecord(itemHeaderLine, 'item header');
    let payload: string;
    if (typeof itemHeader.length === 'number') {
      if (!Number.isInteger(itemHeader.length) || itemHeader.length < 0) throw new Error('bad item length');
      payload = decoder.decode(bytes.subarray(position, position + itemHeader.length));
      position += itemHeader.length;
      if (bytes[position] === 0x0a) position += 1;
    } else {
      payload = readLine() ?? '';
    }
    items.push({ header: itemHeader, payload });
  }
  return { header, items };
}

/** Mounted at /dev. */
export function errorReportRoutes(db: Db) {
  const reports = storedItems(db, 'error_reports', { order: 'DESC', max: 200 });
  const routes = new Hono();

  const preflight = (c: Context) => c.body(null, 204, corsHeaders);
  routes.options('/sentry/api/:projectId/envelope', preflight);
  routes.options('/sentry/api/:projectId/envelope/', preflight);

  const receive = async (c: Context) => {
    if (!/^\d+$/.test(c.req.param('projectId') ?? '')) return apiError(c, 404, 'NOT_FOUND', 'Unknown project');
    let envelope: ReturnType<typeof parseEnvelope>;
    try {
      envelope = parseEnvelope(new Uint8Array(await c.req.arrayBuffer()));
    } catch {
      return c.json({ detail: 'malformed envelope' }, 400, corsHeaders);
    }
    const events: string[] = [];
    for (const item of envelope.items) {
      if (item.header.type !== 'event') continue;
      try {
        const event = JSON.parse(item.payload) as unknown;
        if (event && typeof event === 'object') events.push(JSON.stringify(event));
      } catch {
        return c.json({ detail: 'malformed event item' }, 400, corsHeaders);
      }
    }
    reports.add(events);
    const eventId = typeof envelope.header.event_id === 'string' ? envelope.header.event_id : undefined;
    return c.json(eventId ? { id: eventId } : {}, 200, corsHeaders);
  };
  const limit = bodyLimit({
    maxSize: 1024 * 1024,
    onError: (c) => {
      closeAfterAnswer(c);
      return c.json({ detail: 'envelope too large' }, 413, corsHeaders);
    },
  });
  routes.post('/sentry/api/:projectId/envelope', limit, receive);
  routes.post('/sentry/api/:projectId/envelope/', limit, receive);

  routes.get('/api/error-reports', (c) => c.json(reports.rows().map((row) => JSON.parse(row.body) as unknown)));
  routes.delete('/api/error-reports', reports.clear);
  return routes;
}
