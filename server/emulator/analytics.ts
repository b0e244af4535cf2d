/**
 * A stand-in for the analytics service. GET /dev/analytics/analytics.js is a plain script defining
 * window.DigipostAnalytics.track(event). The events tracked in one go (one task) are POSTed together,
 * as a JSON array, in one keepalive request started before the task ends: a page that hands its events
 * over and then leaves (an eID login, docs/decisions/016) still gets them sent, which a chain of one
 * request per event, each waiting for the one before, would not. POST /dev/api/analytics takes one
 * event or a batch of at most 50. The events are stored; GET /dev/api/analytics reads them back in the
 * order received and DELETE clears them, for people checking a demo and for tests.
 */
import { Hono } from 'hono';
import type { Db } from './db';
import { apiError } from '../http/api-error';
import { jsonOr400, limitBody } from './request-guards';
import { storedItems } from './dev-items';

/** The most events one POST may carry. */
export const analyticsBatchLimit = 50;

const script = `(function () {
  'use strict';
  if (window.DigipostAnalytics) return;
  var batch = null;
  function post(events) {
    fetch('/dev/api/analytics', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(events),
      credentials: 'same-origin',
      keepalive: true
    }).catch(function () { /* analytics must never break the page */ });
  }
  window.DigipostAnalytics = {
    track: function (event) {
      try {
        var body = JSON.parse(JSON.stringify(event));
        if (!batch) {
          batch = [];
          // Sent at the end of this task, all in one request, in the order they were tracked.
          Promise.resolve().then(function () {
            var events = batch;
            batch = null;
            for (var index = 0; index < events.length; index += ${analyticsBatchLimit}) post(events.slice(index, index + ${analyticsBatchLimit}));
          });
        }
        batch.push(body);
      } catch (error) { /* ignore events that cannot be sent */ }
    }
  };
})();
`;

function isEvent(value: unknown): boolean {
  const event = value as Record<string, unknown> | null;
  return (
    !!event &&
    typeof event === 'object' &&
    !Array.isArray(event) &&
    typeof event.category === 'string' &&
    typeof event.action === 'string' &&
    typeof event.label === 'string'
  );
}

/** Mounted at /dev. */
export function analyticsRoutes(db: Db) {
  const events = storedItems(db, 'analytics_events', { order: 'ASC' });
  const routes = new Hono();

  routes.get('/analytics/analytics.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    return c.body(script);
  });

  routes.post('/api/analytics', limitBody(64 * 1024, 'Analytics events'), async (c) => {
    const body = await jsonOr400(c);
    if (body instanceof Response) return body;
    const batch = Array.isArray(body) ? body : [body];
    if (batch.length === 0 || batch.length > analyticsBatchLimit || !batch.every(isEvent)) {
      return apiError(c, 400, 'VALIDATION_FAILED', `Expected {category, action, label} or a list of 1 to ${analyticsBatchLimit} of them`);
    }
    events.add(batch.map((event) => JSON.stringify(event)));
    return c.body(null, 204);
  });

  routes.get('/api/analytics', (c) =>
    c.json(
      events.rows().map((row) => ({
        ...(JSON.parse(row.body) as Record<string, unknown>),
        receivedAt: new Date(row.received_at).toISOString(),
      })),
    ),
  );

  routes.delete('/api/analytics', events.clear);
  return routes;
}
