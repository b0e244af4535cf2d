/** The backend emulator: the SPEC §7 contract, backed by SQLite, one module per API area. */
import { Hono } from 'hono';
import { openDatabase, type Db } from './db';
import { areaRoutes } from './areas';
import { devToolRoutes } from './dev-tools';
import { errorReportRoutes } from './error-reports';
import { createEmailVerifications, emailVerificationRoutes } from './email-verification';
import { createOutbox, outboxRoutes } from './outbox';
import { passwordResetRoutes } from './password-reset';
import { oauthRoutes } from './oauth';
import { privateLoginRoutes } from './login-private';
import { brokerLoginRoutes } from './login-broker';
import type { Network } from '../networks';
import { parseNetworks } from '../networks';
import { defaultAdminNetworks } from '../config';
import { logoutRoutes } from './logout';
import { createPersonStore } from './persons';
import { rootRoutes } from './root';
import { demoPersons, seed } from './seed';
import { createSessionStore } from './sessions';
import { createDevControls } from './dev-controls';
import { statuspageRoutes } from './statuspage';
import { webLogRoutes } from './web-log';
import { chatbotRoutes } from './chatbot';
import { analyticsRoutes } from './analytics';

export interface Emulator {
  app: Hono;
  db: Db;
  close: () => void;
}

export interface EmulatorOptions {
  print?: (line: string) => void;
  /** Where GET /post/api/admin/access answers 200 (ADMIN_NETWORKS). */
  adminNetworks?: Network[];
}

export function createEmulator(dataDir: string, options: EmulatorOptions = {}): Emulator {
  const db = openDatabase(dataDir);
  const print = options.print ?? ((line: string) => console.log(line));
  seed(db);
  const controls = createDevControls();
  const sessions = createSessionStore(db, controls.now);
  const persons = createPersonStore(db);
  const outbox = createOutbox(db, print);
  const verifications = createEmailVerifications(db, persons, outbox);
  verifications.seed(demoPersons[0].nationalId);
  const app = new Hono();
  app.use('*', controls.faults);
  app.route('/', controls.routes);
  app.route('/', rootRoutes(sessions));
  app.route('/', privateLoginRoutes(db, sessions, persons));
  app.route('/', brokerLoginRoutes(db, sessions, persons, options.adminNetworks ?? parseNetworks(defaultAdminNetworks)));
  app.route('/', logoutRoutes(sessions));
  app.route('/', areaRoutes(sessions, persons));
  app.route('/', passwordResetRoutes(db, sessions, persons, outbox));
  app.route('/', emailVerificationRoutes(verifications, sessions));
  app.route('/', outboxRoutes(outbox));
  app.route('/', oauthRoutes(db, sessions));
  app.route('/', devToolRoutes(sessions, persons));
  app.route('/', webLogRoutes(db, print));
  app.route('/', chatbotRoutes());
  app.route('/', analyticsRoutes(db));
  app.route('/', statuspageRoutes(db));
  app.route('/', errorReportRoutes(db));
  return { app, db, close: () => db.close() };
}
