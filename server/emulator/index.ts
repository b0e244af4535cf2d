/** The backend emulator: the SPEC §7 contract, backed by SQLite, one module per API area. */
import { Hono } from 'hono';
import { openDatabase, type Db } from './db';
import { areaRoutes } from './areas';
import { demoAccountRoutes } from './demo-accounts';
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
import { createFaultsAndClock } from './faults-and-clock';
import { statuspageRoutes } from './statuspage';
import { webLogRoutes } from './web-log';
import { chatbotRoutes } from './chatbot';
import { analyticsRoutes } from './analytics';
import { requireJsonBodies } from './content-types';
import { emulatorStyleRoutes } from './html';
import { createAttemptLimits } from './attempt-limits';
import { defaultLimits, type Limits } from './limits';
import { clientView, type TrustProxy } from '../client-address';

export interface Emulator {
  app: Hono;
  db: Db;
  close: () => void;
}

export interface EmulatorOptions {
  print?: (line: string) => void;
  /** Where GET /post/api/admin/access answers 200 (ADMIN_NETWORKS). */
  adminNetworks?: Network[];
  /** Attempt limits, lifetimes and caps (LIMIT_… variables); the defaults otherwise. */
  limits?: Limits;
  /** Whether, and from where, a proxy's X-Forwarded-For and X-Forwarded-Proto count (TRUST_PROXY). */
  trustProxy?: TrustProxy;
}

/** How often ended sessions and stale counters are purged, besides the purges on write. */
const purgeIntervalMs = 60_000;

export function createEmulator(dataDir: string, options: EmulatorOptions = {}): Emulator {
  const db = openDatabase(dataDir);
  const print = options.print ?? ((line: string) => console.log(line));
  const limits = options.limits ?? defaultLimits;
  const client = clientView(options.trustProxy ?? false);
  const controls = createFaultsAndClock(limits.maxDevScopes);
  const clock = controls.now;
  const sessions = createSessionStore(db, { clock, limits, isHttps: client.isHttps });
  const persons = createPersonStore(db);
  const outbox = createOutbox(db, print);
  const verifications = createEmailVerifications(db, persons, outbox);
  const attempts = createAttemptLimits(db, limits);
  // Two servers may start on one fresh DATA_DIR at once: the second waits, then finds it seeded.
  db.transaction(() => {
    seed(db);
    verifications.seed(demoPersons[0].nationalId);
  }).immediate();
  const purge = () => {
    sessions.purge();
    attempts.purge(Date.now());
  };
  purge();
  const purgeTimer = setInterval(purge, purgeIntervalMs);
  purgeTimer.unref();
  const app = new Hono();
  app.use('*', controls.faults);
  // JSON endpoints take JSON bodies only (415 otherwise), before any route reads one.
  app.use('*', requireJsonBodies());
  app.route('/', controls.routes);
  app.route('/', rootRoutes(sessions));
  app.route('/', privateLoginRoutes(db, sessions, persons, { attempts, limits, client }));
  app.route('/', brokerLoginRoutes(db, sessions, persons, options.adminNetworks ?? parseNetworks(defaultAdminNetworks), client.address));
  app.route('/', logoutRoutes(sessions));
  app.route('/', areaRoutes(sessions, persons));
  app.route('/', passwordResetRoutes({ db, sessions, persons, outbox, attempts, limits, clock, client }));
  app.route('/', emailVerificationRoutes(verifications, sessions));
  app.route('/', outboxRoutes(outbox));
  app.route('/', oauthRoutes(db, sessions));
  app.route('/', demoAccountRoutes(sessions, persons, attempts));
  app.route('/', webLogRoutes(db, print));
  app.route('/', chatbotRoutes());
  app.route('/', analyticsRoutes(db));
  app.route('/', statuspageRoutes(db));
  app.route('/', errorReportRoutes(db));
  app.route('/', emulatorStyleRoutes());
  return {
    app,
    db,
    close: () => {
      clearInterval(purgeTimer);
      db.close();
    },
  };
}
