/**
 * A stand-in for the analytics service. GET /dev/analytics/analytics.js is a plain script defining
 * window.DigipostAnalytics.track(event), which POSTs each event as JSON to /dev/api/analytics (in
 * order, keepalive). The events are stored; GET /dev/api/analytics reads them back in the order
 * received and DELETE clears them, for people checking a demo and for tests.
 */
import { Hono } from 'hono';
import type { Db } from './db';
import { apiError } from './api-error';
import { jsonBodyOr400, limitBody } from './request-guards';

const script = `(function () {
  'use strict';
  if (window.DigipostAnalytics) return;
  var chain = Promise.resolve();
  function post(event) {
    return fetch('/dev/api/analytics', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(event),
      credentials: 'same-origin',
      keepalive: true
    }).catch(function () { /* analytics must never break the page */ });
  }
  window.DigipostAnalytics = {
    track: function (event) {
      try {
        var body = JSON.parse(JSON.stringify(event));
        // One at a time, so they arrive in the order they were tracked.
        chain = chain.then(function () { return post(body); });
      } catch (error) { /* ignore events that cannot be sent */ }
    }
  };
})();
`;

interface EventRow {
  id: number;
  body: string;
  received_at: number;
}

/** Mounted at /dev. */
export function analyticsRoutes(db: Db) {
  const insert = db.prepare('INSERT INTO analytics_events (body, received_at) VALUES (?, ?)');
  const all = db.prepare<[], EventRow>('SELECT * FROM analytics_events ORDER BY id ASC');
  const clear = db.prepare('DELETE FROM analytics_events');
  const routes = new Hono();

  routes.get('/analytics/analytics.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    return c.body(script);
  });

  routes.post('/api/analytics', limitBody(16 * 1024, 'Analytics event'), async (c) => {
    const parsed = await jsonBodyOr400(c);
    if (parsed instanceof Response) return parsed;
    const body = parsed.body;
    const event = body as Record<string, unknown> | null;
    if (
      !event ||
      typeof event !== 'object' ||
      Array.isArray(event) ||
      typeof event.category !== 'string' ||
      typeof event.action !== 'string' ||
      typeof event.label !== 'string'
    ) {
      return apiError(c, 400, 'VALIDATION_FAILED', 'Expected {category, action, label}');
    }
    insert.run(JSON.stringify(event), Date.now());
    return c.body(null, 204);
  });

  routes.get('/api/analytics', (c) =>
    c.json(
      all.all().map((row) => ({
        ...(JSON.parse(row.body) as Record<string, unknown>),
        receivedAt: new Date(row.received_at).toISOString(),
      })),
    ),
  );

  routes.delete('/api/analytics', (c) => {
    clear.run();
    return c.body(null, 204);
  });
  return routes;
}
