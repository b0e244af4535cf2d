/**
 * The emulator's database: SQLite in DATA_DIR, created and migrated on start. The whole schema lives
 * here; each migration runs once, in order, and is recorded in schema_migrations.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

export type Db = Database.Database;

const migrations: string[] = [
  `CREATE TABLE sessions (
     id TEXT PRIMARY KEY,
     csrf_token TEXT NOT NULL,
     role TEXT,
     person_id TEXT,
     authentication_level INTEGER,
     created_at INTEGER NOT NULL,
     last_seen_at INTEGER NOT NULL
   );
   CREATE TABLE web_log (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     severity TEXT NOT NULL,
     message TEXT NOT NULL,
     source_application TEXT NOT NULL,
     extras TEXT NOT NULL,
     received_at INTEGER NOT NULL
   );`,
  `CREATE TABLE persons (
     national_id TEXT PRIMARY KEY,
     full_name TEXT NOT NULL,
     email TEXT,
     phone TEXT,
     password_hash TEXT,
     is_user INTEGER NOT NULL,
     suspended INTEGER NOT NULL DEFAULT 0,
     strong_auth_required INTEGER NOT NULL DEFAULT 0,
     code_reset_blocked INTEGER NOT NULL DEFAULT 0,
     kind TEXT NOT NULL DEFAULT 'PRIVATE'
   );
   ALTER TABLE sessions ADD COLUMN auth_method TEXT;
   CREATE TABLE login_requests (
     id TEXT PRIMARY KEY,
     kind TEXT NOT NULL,
     level INTEGER,
     role TEXT,
     return_url TEXT NOT NULL,
     return_url_error TEXT NOT NULL,
     language TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     used INTEGER NOT NULL DEFAULT 0
   );`,
  `CREATE TABLE password_resets (
     id TEXT PRIMARY KEY,
     national_id TEXT NOT NULL REFERENCES persons(national_id),
     email_code TEXT NOT NULL,
     sms_code TEXT NOT NULL,
     email_code_ok INTEGER NOT NULL DEFAULT 0,
     sms_code_ok INTEGER NOT NULL DEFAULT 0,
     wrong_attempts INTEGER NOT NULL DEFAULT 0,
     invalidated INTEGER NOT NULL DEFAULT 0,
     completed INTEGER NOT NULL DEFAULT 0,
     created_at INTEGER NOT NULL
   );
   CREATE INDEX password_resets_person ON password_resets (national_id, created_at);
   CREATE TABLE outbox (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     channel TEXT NOT NULL,
     recipient TEXT NOT NULL,
     code TEXT,
     link TEXT,
     purpose TEXT NOT NULL,
     created_at INTEGER NOT NULL
   );
   CREATE TABLE email_verifications (
     token TEXT PRIMARY KEY,
     national_id TEXT NOT NULL REFERENCES persons(national_id),
     email TEXT NOT NULL,
     expires_at INTEGER NOT NULL,
     verified_at INTEGER
   );
   ALTER TABLE sessions ADD COLUMN password_reset_id TEXT;`,
  `ALTER TABLE persons ADD COLUMN business_access INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE persons ADD COLUMN admin INTEGER NOT NULL DEFAULT 0;`,
  `CREATE TABLE oauth_authorizations (
     token TEXT PRIMARY KEY,
     client TEXT NOT NULL,
     redirect_uri TEXT NOT NULL,
     state TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     code TEXT UNIQUE,
     code_issued_at INTEGER,
     code_used INTEGER NOT NULL DEFAULT 0,
     person_id TEXT,
     session_id TEXT
   );`,
  `CREATE TABLE error_reports (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     body TEXT NOT NULL,
     received_at INTEGER NOT NULL
   );`,
  `CREATE TABLE statuspage_items (
     id TEXT PRIMARY KEY,
     kind TEXT NOT NULL,
     body TEXT NOT NULL
   );`,
  `CREATE TABLE analytics_events (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     body TEXT NOT NULL,
     received_at INTEGER NOT NULL
   );`,
  `CREATE TABLE attempt_limits (
     scope TEXT NOT NULL,
     key TEXT NOT NULL,
     failures INTEGER NOT NULL,
     last_failure_at INTEGER NOT NULL,
     locked_until INTEGER NOT NULL DEFAULT 0,
     PRIMARY KEY (scope, key)
   ) WITHOUT ROWID;
   CREATE TABLE limit_events (
     scope TEXT NOT NULL,
     key TEXT NOT NULL,
     at INTEGER NOT NULL
   );
   CREATE INDEX limit_events_key ON limit_events (scope, key, at);
   CREATE INDEX limit_events_at ON limit_events (at);
   CREATE TABLE secrets (
     name TEXT PRIMARY KEY,
     value TEXT NOT NULL
   );
   ALTER TABLE sessions ADD COLUMN touched_at INTEGER NOT NULL DEFAULT 0;
   CREATE INDEX sessions_anonymous_touched ON sessions (touched_at) WHERE role IS NULL;
   CREATE INDEX sessions_signed_in_touched ON sessions (touched_at) WHERE role IS NOT NULL;
   CREATE INDEX sessions_person ON sessions (person_id) WHERE person_id IS NOT NULL;`,
  // The app's login as RFC 7636 and docs/decisions/019 have it: the PKCE challenge, the browser it is
  // bound to (a hash of its binding cookie), the session that was asked "is this you?"; the app
  // authorization a login was made for (on the session, and on an eID login request under way).
  `ALTER TABLE oauth_authorizations ADD COLUMN code_challenge TEXT;
   ALTER TABLE oauth_authorizations ADD COLUMN browser_hash TEXT;
   ALTER TABLE oauth_authorizations ADD COLUMN consent_session_id TEXT;
   CREATE INDEX oauth_authorizations_created ON oauth_authorizations (created_at);
   ALTER TABLE sessions ADD COLUMN app_authorization TEXT;
   ALTER TABLE login_requests ADD COLUMN app_authorization TEXT;
   ALTER TABLE login_requests ADD COLUMN started_session_id TEXT;`,
  // The tables anyone may add to, trimmed to their caps by age (bounded-growth.ts, issue #34).
  `CREATE INDEX login_requests_created ON login_requests (created_at);`,
  // Passkeys (issue #36, docs/decisions/025): each person's WebAuthn user handle (random, never the
  // national ID: it is stored on the person's devices and handed to any site that asks for it), their
  // credentials, and the challenges handed out, each bound to one session and used once. The outbox's
  // emails that say something rather than carry a code or link (passkey added, removed; reset done).
  `CREATE TABLE passkey_users (
     national_id TEXT PRIMARY KEY REFERENCES persons(national_id),
     user_handle TEXT NOT NULL UNIQUE
   );
   CREATE TABLE passkeys (
     id TEXT PRIMARY KEY,
     national_id TEXT NOT NULL REFERENCES persons(national_id),
     credential_id TEXT NOT NULL UNIQUE,
     public_key BLOB NOT NULL,
     counter INTEGER NOT NULL,
     transports TEXT NOT NULL,
     aaguid TEXT NOT NULL,
     provider TEXT,
     backup_eligible INTEGER NOT NULL,
     backup_state INTEGER NOT NULL,
     created_at INTEGER NOT NULL,
     last_used_at INTEGER
   );
   CREATE INDEX passkeys_person ON passkeys (national_id, created_at);
   CREATE TABLE passkey_challenges (
     challenge TEXT PRIMARY KEY,
     session_id TEXT NOT NULL,
     purpose TEXT NOT NULL,
     created_at INTEGER NOT NULL
   );
   CREATE INDEX passkey_challenges_session ON passkey_challenges (session_id);
   ALTER TABLE outbox ADD COLUMN subject TEXT;
   ALTER TABLE outbox ADD COLUMN message TEXT;`,
  // Recovery (issue #44, docs/decisions/025): each passkey's root, how the session that added it was
  // signed in ('eid', or 'password' for everything else: the rows from before too), and the passkey
  // that signed that session in, if one did; each session's passkey, if it was signed in with one, so
  // that removing the passkey ends it. The person's language, for the emails they are sent.
  `ALTER TABLE passkeys ADD COLUMN root TEXT NOT NULL DEFAULT 'password';
   ALTER TABLE passkeys ADD COLUMN added_with TEXT;
   CREATE INDEX passkeys_added_with ON passkeys (added_with) WHERE added_with IS NOT NULL;
   ALTER TABLE sessions ADD COLUMN passkey_id TEXT;
   CREATE INDEX sessions_passkey ON sessions (passkey_id) WHERE passkey_id IS NOT NULL;
   ALTER TABLE persons ADD COLUMN language TEXT NOT NULL DEFAULT 'nb';`,
  // "This was not me" (issue #45): one link per added passkey, mailed to the person, its token kept
  // only as a hash; the browser and system the passkey was added from, as fixed names (user-agent.ts).
  `CREATE TABLE passkey_undo_tokens (
     token_hash TEXT PRIMARY KEY,
     passkey_id TEXT NOT NULL,
     national_id TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     used_at INTEGER
   );
   CREATE INDEX passkey_undo_tokens_created ON passkey_undo_tokens (created_at);
   ALTER TABLE passkeys ADD COLUMN added_browser TEXT;
   ALTER TABLE passkeys ADD COLUMN added_system TEXT;`,
  // Passkey emails coalesced per person (issue #45, passkey-mail.ts): each person's open window, when
  // it ends, and the changes kept for its digest, in the order they were made. Kept here, not in
  // memory, so a restart neither loses a change nor tells one twice.
  `CREATE TABLE passkey_mail_windows (
     national_id TEXT PRIMARY KEY REFERENCES persons(national_id),
     ends_at INTEGER NOT NULL
   );
   CREATE INDEX passkey_mail_windows_ends ON passkey_mail_windows (ends_at);
   CREATE TABLE passkey_mail_pending (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     national_id TEXT NOT NULL REFERENCES persons(national_id),
     kind TEXT NOT NULL,
     provider TEXT,
     created_at INTEGER NOT NULL,
     root TEXT NOT NULL,
     link TEXT
   );
   CREATE INDEX passkey_mail_pending_person ON passkey_mail_pending (national_id, id);`,
  // An outside review of #45: an added passkey's "this was not me" link is made when its email is sent,
  // so a change waiting for the window keeps only the passkey's id, never a token in clear. And every
  // passkey's lineage outlives it: undoing a passkey removes what was added from its sessions even when
  // the intruder removed a link of the chain (or the passkey itself) first.
  `ALTER TABLE passkey_mail_pending ADD COLUMN passkey_id TEXT;
   CREATE TABLE passkey_lineage (
     id TEXT PRIMARY KEY,
     national_id TEXT NOT NULL,
     added_with TEXT,
     provider TEXT,
     created_at INTEGER NOT NULL,
     added_browser TEXT,
     added_system TEXT
   );
   CREATE INDEX passkey_lineage_added_with ON passkey_lineage (added_with) WHERE added_with IS NOT NULL;
   INSERT INTO passkey_lineage (id, national_id, added_with, provider, created_at, added_browser, added_system)
     SELECT id, national_id, added_with, provider, created_at, added_browser, added_system FROM passkeys;`,
  // A reset start that answers as a start does but sends nothing (issue #46: another client within
  // the person's own minimum interval): it ends nobody's reset and is nobody's "latest".
  `ALTER TABLE password_resets ADD COLUMN decoy INTEGER NOT NULL DEFAULT 0;`,
  // A passkey the automatic upgrade made (issue #51) is told as the browser's, in a window's email too.
  `ALTER TABLE passkey_mail_pending ADD COLUMN by_browser INTEGER NOT NULL DEFAULT 0;`,
  // The automatic upgrade once per session (an outside review of #51: answers released together, or one
  // after the passkey it made was removed, made several passkeys without the person's presence).
  `CREATE TABLE passkey_upgrades_used (session_id TEXT PRIMARY KEY);`,
];

/**
 * Opens (and creates, and migrates) the database. Several servers may share one DATA_DIR and start at
 * the same moment: a writer waits for another's lock (busy_timeout) instead of failing, and the
 * migrations are applied under one write lock.
 *
 * Durability: WAL with synchronous=NORMAL, set explicitly. A commit is never torn and the database is
 * never corrupted; a power loss (not a crash of the process: that loses nothing) may take back the
 * commits made since the last checkpoint. FULL would fsync every commit: measured with the bench's
 * password-login load it cost about a third of the rate and brought timeouts (decision 010). This is
 * the emulator, a stand-in for development and tests; the real backend keeps the real data.
 */
export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, 'emulator.sqlite'), { timeout: 15_000 });
  db.pragma('busy_timeout = 15000');
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // The write-ahead log is cut back to this after a checkpoint: a burst of writes leaves no large file.
  db.pragma('journal_size_limit = 16777216');
  db.pragma('foreign_keys = ON');
  migrate(db);
  return db;
}

/** Applies the migrations not yet recorded, all inside one BEGIN IMMEDIATE: a second server waits, then finds them done. */
export function migrate(db: Db) {
  db.transaction(() => {
    db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)');
    const applied = new Set(
      db
        .prepare('SELECT version FROM schema_migrations')
        .all()
        .map((row) => (row as { version: number }).version),
    );
    migrations.forEach((sql, index) => {
      const version = index + 1;
      if (applied.has(version)) return;
      db.exec(sql);
      db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(version, Date.now());
    });
  }).immediate();
}
