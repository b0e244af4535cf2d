/** The backend emulator: the SPEC §7 contract, backed by SQLite, one module per API area. */
import { Hono } from 'hono';
import { openDatabase, type Db } from './db';
import { rootRoutes } from './root';
import { createSessionStore } from './sessions';
import { webLogRoutes } from './web-log';

export interface Emulator {
  app: Hono;
  db: Db;
  close: () => void;
}

export function createEmulator(dataDir: string, options: { print?: (line: string) => void } = {}): Emulator {
  const db = openDatabase(dataDir);
  const sessions = createSessionStore(db);
  const app = new Hono();
  app.route('/', rootRoutes(sessions));
  app.route('/', webLogRoutes(db, options.print));
  return { app, db, close: () => db.close() };
}
