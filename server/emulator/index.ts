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
import { createLoginRequests } from './login-requests';
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
import { requireJsonBodies } from '../http/content-types';
import { emulatorStyleRoutes } from './html';
import { createAttemptLimits } from './attempt-limits';
import { defaultLimits, type Limits } from './limits';
import { clientView, type TrustProxy } from '../client-address';
import { cappedTable } from './bounded-growth';
import { createPasskeyStore } from './passkey-store';
import { passkeyRoutes } from './passkeys';
import { createPasskeyUndo } from './passkey-undo';
import type { Person } from './persons';
import { appUrl } from '../../src/config/paths';
import { pathOf } from '../../src/screens/screens';
import { createDeviceCookies } from './device-cookies';
import { createPasskeyMail, passkeyMailFlushIntervalMs } from './passkey-mail';
import type { PasskeySettings } from '../config';

/**
 * The relying party when none is given: localhost, and the origin the front end has in development
 * (Vite on :3000, and the in-process tests' pages). The server passes its own (server/main.ts).
 */
export const defaultPasskeySettings: PasskeySettings = { rpId: 'localhost', origins: ['http://localhost:3000'] };

export interface Emulator {
  app: Hono;
  db: Db;
  /** Forgets ended sessions and requests and counters nobody can be held to (also on a timer). */
  purge: () => void;
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
  /**
   * Real time, for the attempt limits and their locks (Date.now). Tests pass a clock they move, so a
   * lock is seen to pass without waiting for it on the wall. Not a browser's dev clock, which may never
   * shorten a lock.
   */
  now?: () => number;
  /**
   * The WebAuthn relying party (PASSKEY_RP_ID, PASSKEY_ORIGINS): fixed, or read at each call (the
   * server's default origin is its own, known once it listens). defaultPasskeySettings otherwise.
   */
  passkeys?: PasskeySettings | (() => PasskeySettings);
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
  const now = options.now ?? Date.now;
  // A private person's sign-in of any kind (password, passkey, eID) makes this browser a device of
  // theirs (issue #46): its wrong passwords then count on it alone.
  const devices = createDeviceCookies(db, { clock, isHttps: client.isHttps });
  const sessions = createSessionStore(db, {
    clock,
    limits,
    isHttps: client.isHttps,
    afterSignIn: (c, signIn) => {
      if (signIn.role === 'PRIVAT' && signIn.personId) devices.issue(c, signIn.personId);
    },
  });
  const persons = createPersonStore(db);
  const outbox = createOutbox(db, print);
  const verifications = createEmailVerifications(db, persons, outbox);
  const attempts = createAttemptLimits(db, limits);
  const passkeys = createPasskeyStore(db);
  const passkeySettings = options.passkeys ?? defaultPasskeySettings;
  // Two servers may start on one fresh DATA_DIR at once: the second waits, then finds it seeded.
  db.transaction(() => {
    seed(db);
    verifications.seed(demoPersons[0].nationalId);
  }).immediate();
  const oauth = oauthRoutes(db, sessions, { isHttps: client.isHttps });
  const passkeySettingsNow = typeof passkeySettings === 'function' ? passkeySettings : () => passkeySettings;
  // An added passkey's "this was not me" link, made as its email goes: on this site (the relying
  // party's first origin), in the person's language (passkey-undo.ts).
  const undoLink = (passkeyId: string, person: Person) =>
    `${passkeySettingsNow().origins[0]}${appUrl(person.language, pathOf('passkeyNotMe'))}?token=${passkeyUndo.issue(passkeyId, person.nationalId)}`;
  const passkeyMail = createPasskeyMail({ db, outbox, persons, now, undoLink });
  const passkeyUndo = createPasskeyUndo({
    db,
    store: passkeys,
    sessions,
    endAppApprovalsOf: oauth.endApprovalsOf,
    clock,
    now,
    limitKey: client.limitKey,
    // Each passkey the link removed is a change like any other: told with the person's others (passkey-mail.ts).
    undone: (nationalId, removed) => {
      const person = persons.find(nationalId);
      if (person) for (const passkey of removed) passkeyMail.changed(person, { kind: 'removed', passkey });
    },
  });
  // Windows that ended while the emulator was stopped are sent now (their links made by passkeyUndo); the others as they end.
  passkeyMail.flush();
  const passkeyMailTimer = setInterval(passkeyMail.flush, passkeyMailFlushIntervalMs);
  passkeyMailTimer.unref();
  // What anyone may add without signing in, bounded (bounded-growth.ts): sign-ins under way
  // (login-requests.ts), log entries (web-log.ts), and the dev stand-ins' stored items.
  const loginRequests = createLoginRequests(db, { limits, limitKey: client.limitKey, now });
  const devItems = ['error_reports', 'analytics_events', 'oauth_authorizations'].map((table) =>
    cappedTable(db, table, table === 'oauth_authorizations' ? 'created_at' : 'id', limits.maxLoginRequests),
  );
  const webLog = webLogRoutes(db, { print, limits, limitKey: client.limitKey, now });
  const purge = () => {
    sessions.purge();
    attempts.purge(now());
    oauth.purge();
    loginRequests.purge();
    passkeys.purge();
    passkeyUndo.purge();
    webLog.trim();
    for (const table of devItems) table.trim();
  };
  purge();
  const purgeTimer = setInterval(purge, purgeIntervalMs);
  purgeTimer.unref();
  const app = new Hono();
  app.use('*', controls.faults);
  // JSON endpoints take JSON bodies only (415 otherwise), before any route reads one.
  app.use('*', requireJsonBodies());
  // Each group at its own prefix, its file naming paths under it; the contract's (SPEC §7) under
  // /post/api and /post/log, the development pages and controls under /dev. Order as before: a
  // group's routes are tried in the order it names them.
  app.route('/dev/api', controls.routes);
  app.route('/post/api', rootRoutes(sessions));
  const privateLogin = privateLoginRoutes(db, sessions, persons, { attempts, limits, client, now, loginRequests, devices });
  app.route('/post/api/private/login', privateLogin.api);
  app.route('/dev', privateLogin.dev);
  const brokerLogin = brokerLoginRoutes(db, sessions, persons, options.adminNetworks ?? parseNetworks(defaultAdminNetworks), client.address, loginRequests);
  app.route('/post/api', brokerLogin.api);
  app.route('/dev', brokerLogin.dev);
  const logout = logoutRoutes(sessions);
  app.route('/post/api/logout', logout.api);
  app.route('/dev', logout.dev);
  // The other sites' pages (/postkasse/, /virksomhetsadmin/, /admin/, /registrering/…) and their
  // /dev/area-logout: no one prefix, so at the root.
  app.route('/', areaRoutes(sessions, persons));
  app.route(
    '/post/api/private/password-reset',
    passwordResetRoutes({
      db,
      sessions,
      persons,
      outbox,
      attempts,
      limits,
      clock,
      now,
      client,
      endAppApprovalsOf: oauth.endApprovalsOf,
      trustDevice: devices.issue,
      removePasswordRootedPasskeys: passkeys.removePasswordRooted,
      passkeysOf: passkeys.of,
    }),
  );
  app.route('/post/api/private/passkeys/not-me', passkeyUndo.routes);
  app.route(
    '/post/api/private/passkeys',
    passkeyRoutes({
      endAppApprovalsOf: oauth.endApprovalsOf,
      db,
      store: passkeys,
      sessions,
      persons,
      mail: passkeyMail,
      attempts,
      limits,
      client,
      clock,
      now,
      settings: passkeySettingsNow,
    }),
  );
  const emailVerification = emailVerificationRoutes(verifications, sessions);
  app.route('/post/api/private/emailVerification', emailVerification.api);
  app.route('/dev', emailVerification.dev);
  app.route('/dev', outboxRoutes(outbox, { beforeRead: passkeyMail.flush }));
  app.route('/post/api/oauth', oauth.api);
  app.route('/dev', oauth.dev);
  // With the slash: its index page is /dev/ itself.
  app.route('/dev/', demoAccountRoutes(sessions, persons, attempts));
  app.route('/post/log', webLog.api);
  app.route('/dev', webLog.dev);
  app.route('/dev', chatbotRoutes());
  app.route('/dev', analyticsRoutes(db));
  app.route('/dev', statuspageRoutes(db));
  app.route('/dev', errorReportRoutes(db));
  app.route('/dev', emulatorStyleRoutes());
  return {
    app,
    db,
    purge,
    close: () => {
      clearInterval(purgeTimer);
      clearInterval(passkeyMailTimer);
      db.close();
    },
  };
}
