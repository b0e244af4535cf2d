/**
 * A stand-in for the external status page (statuspage.io API v2, SPEC §7): the three lists the
 * front end reads, under /dev/statuspage/api/v2/. Which list an item is in follows from its own
 * status, as on the real service. PUT /dev/api/statuspage replaces all items (for demos and tests),
 * GET /dev/api/statuspage reads them back.
 */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { Db } from './db';
import { apiError } from '../http/api-error';
import { jsonOr400, limitBody } from './request-guards';

type Kind = 'scheduled_maintenance' | 'incident';
type Item = Record<string, unknown> & { id: string };

interface ItemRow {
  id: string;
  kind: Kind;
  body: string;
}

const upcomingStatuses = new Set(['scheduled']);
const activeStatuses = new Set(['in_progress', 'verifying']);
const finishedIncidentStatuses = new Set(['resolved', 'postmortem']);

const page = {
  id: 'emulator',
  name: 'Status page (emulator)',
  url: 'https://status.digipost.no',
  time_zone: 'Europe/Oslo',
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown): boolean {
  return value === undefined || value === null || typeof value === 'string';
}

function isItem(value: unknown): value is Item {
  if (!isObject(value)) return false;
  if (typeof value.id !== 'string' || !/^[\w-]{1,64}$/.test(value.id)) return false;
  if (typeof value.name !== 'string' || typeof value.status !== 'string') return false;
  if (![value.shortlink, value.impact, value.scheduled_for, value.scheduled_until].every(optionalString)) return false;
  for (const time of [value.scheduled_for, value.scheduled_until]) {
    if (typeof time === 'string' && Number.isNaN(Date.parse(time))) return false;
  }
  if (value.components === undefined) return true;
  return (
    Array.isArray(value.components) &&
    value.components.every((component) => isObject(component) && typeof component.id === 'string' && typeof component.status === 'string')
  );
}

/** The items of a PUT body, or null when it is malformed (or an id repeats). */
export function readStatusBody(body: unknown): { scheduled_maintenances: Item[]; incidents: Item[] } | null {
  if (!isObject(body)) return null;
  const maintenances = body.scheduled_maintenances ?? [];
  const incidents = body.incidents ?? [];
  if (!Array.isArray(maintenances) || !Array.isArray(incidents)) return null;
  if (!maintenances.every(isItem) || !incidents.every(isItem)) return null;
  const ids = [...maintenances, ...incidents].map((item) => item.id);
  if (new Set(ids).size !== ids.length) return null;
  return { scheduled_maintenances: maintenances, incidents };
}

/** Mounted at /dev. */
export function statuspageRoutes(db: Db) {
  const all = db.prepare<[], ItemRow>('SELECT id, kind, body FROM statuspage_items ORDER BY rowid');
  const insert = db.prepare('INSERT INTO statuspage_items (id, kind, body) VALUES (?, ?, ?)');
  const replace = db.transaction((items: { kind: Kind; item: Item }[]) => {
    db.prepare('DELETE FROM statuspage_items').run();
    for (const { kind, item } of items) insert.run(item.id, kind, JSON.stringify(item));
  });

  function items(kind: Kind, keep: (item: Item) => boolean): Item[] {
    return all
      .all()
      .filter((row) => row.kind === kind)
      .map((row) => JSON.parse(row.body) as Item)
      .filter(keep);
  }

  const routes = new Hono();

  // A real status page is another origin: its API is open to any page.
  routes.use('/statuspage/api/v2/*', cors({ origin: '*', allowMethods: ['GET'] }));

  routes.get('/statuspage/api/v2/scheduled-maintenances/upcoming.json', (c) =>
    c.json({ page, scheduled_maintenances: items('scheduled_maintenance', (item) => upcomingStatuses.has(String(item.status))) }),
  );
  routes.get('/statuspage/api/v2/scheduled-maintenances/active.json', (c) =>
    c.json({ page, scheduled_maintenances: items('scheduled_maintenance', (item) => activeStatuses.has(String(item.status))) }),
  );
  routes.get('/statuspage/api/v2/incidents/unresolved.json', (c) =>
    c.json({ page, incidents: items('incident', (item) => !finishedIncidentStatuses.has(String(item.status))) }),
  );

  routes.get('/api/statuspage', (c) =>
    c.json({
      scheduled_maintenances: items('scheduled_maintenance', () => true),
      incidents: items('incident', () => true),
    }),
  );

  routes.put('/api/statuspage', limitBody(256 * 1024, 'Status items'), async (c) => {
    const body = await jsonOr400(c);
    if (body instanceof Response) return body;
    const parsed = readStatusBody(body);
    if (!parsed) {
      return apiError(
        c,
        400,
        'VALIDATION_FAILED',
        'Expected {scheduled_maintenances: Item[], incidents: Item[]}; each item with a unique id, a name and a status',
      );
    }
    replace([
      ...parsed.scheduled_maintenances.map((item) => ({ kind: 'scheduled_maintenance' as const, item })),
      ...parsed.incidents.map((item) => ({ kind: 'incident' as const, item })),
    ]);
    return c.json(parsed);
  });
  return routes;
}
