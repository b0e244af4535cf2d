/**
 * What a dev stand-in keeps of what it is sent (analytics events, error reports): each item's JSON and
 * when it came, read back by tests and by people checking a demo, and cleared. Their tables are capped
 * by the purge (index.ts).
 */
import type { Context } from 'hono';
import type { Db } from './db';

interface ItemRow {
  id: number;
  body: string;
  received_at: number;
}

/** `read`: the order `rows` lists them in (by arrival), and how many at most (all when not given). */
export function storedItems(db: Db, table: 'analytics_events' | 'error_reports', read: { order: 'ASC' | 'DESC'; max?: number }) {
  const insert = db.prepare(`INSERT INTO ${table} (body, received_at) VALUES (?, ?)`);
  // LIMIT -1: no limit.
  const select = db.prepare<[number], ItemRow>(`SELECT * FROM ${table} ORDER BY id ${read.order} LIMIT ?`);
  const clear = db.prepare(`DELETE FROM ${table}`);
  return {
    /** Keeps the items (JSON text), all received now. */
    add(bodies: string[]) {
      const now = Date.now();
      db.transaction(() => {
        for (const body of bodies) insert.run(body, now);
      })();
    },
    rows: () => select.all(read.max ?? -1),
    /** The DELETE route's handler: forgets them all. */
    clear: (c: Context) => {
      clear.run();
      return c.body(null, 204);
    },
  };
}
