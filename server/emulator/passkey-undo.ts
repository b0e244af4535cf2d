/**
 * "This was not me" (issue #45, docs/decisions/027): each added passkey's email carries a link to the
 * page passkey-not-me of the front end, whose token undoes that passkey. The calls, mounted at
 * /post/api/private/passkeys/not-me (no sign-in, the CSRF token of any session):
 *
 * - passkey_undo_lookup (`POST …/lookup`, {token}): what the link names (provider, when it was added,
 *   browser and system). Opening the link changes nothing: mail scanners open links.
 * - passkey_undo (`POST …`, {token}): takes the token once, removes the passkey and every passkey added
 *   from its sessions (and theirs), ends every session of the account and its app approvals not yet
 *   exchanged, in one transaction: of two confirms at once, one removes and the other finds it used.
 *
 * A token is 32 random bytes, kept only as its SHA-256 (the database alone undoes nothing), bound to
 * one passkey, and lives passkeyUndoLinkLifetimeDays by the browser's clock (the dev clock can only
 * make it end sooner). Refused: PASSKEY_UNDO_LINK_INVALID (404: not one made here, malformed, cut
 * short), PASSKEY_UNDO_LINK_USED, PASSKEY_UNDO_LINK_EXPIRED, PASSKEY_ALREADY_REMOVED (410).
 */
import { createHash, randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { apiError, retryAfterSeconds } from '../http/api-error';
import { createRate } from './bounded-growth';
import type { Db } from './db';
import type { LineageRow, PasskeyStore, StoredPasskey } from './passkey-store';
import { apiBodyLimit, bodyOr400, requireCsrf } from './request-guards';
import type { Clock, Session, SessionStore } from './sessions';
import { passkeyUndoSchema } from '../../src/contract/passkey-requests';
import type { passkeyUndoInfoSchema, passkeyUndoneSchema } from '../../src/contract/passkeys';
import { clockSkewToleranceSeconds, passkeyUndoLinkLifetimeDays } from '../../src/contract/limits';
import type * as v from 'valibot';

const lifetimeMs = passkeyUndoLinkLifetimeDays * 24 * 3600 * 1000;
/** A token as made here: 32 bytes, base64url. Anything else is no token of ours. */
const tokenForm = /^[A-Za-z0-9_-]{43}$/;
/**
 * Refused calls one address may make in a minute, then 429: tokens are not guessed anyway. A link that
 * works is never held back, so nobody sharing the person's address can block their undo (an outside review).
 */
const refusalsPerMinute = 30;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

interface TokenRow {
  token_hash: string;
  passkey_id: string;
  national_id: string;
  created_at: number;
  used_at: number | null;
}

type Refusal = 'PASSKEY_UNDO_LINK_INVALID' | 'PASSKEY_UNDO_LINK_USED' | 'PASSKEY_UNDO_LINK_EXPIRED' | 'PASSKEY_ALREADY_REMOVED';

const refusals: Record<Refusal, { status: 404 | 410; message: string }> = {
  PASSKEY_UNDO_LINK_INVALID: { status: 404, message: 'No such link' },
  PASSKEY_UNDO_LINK_USED: { status: 410, message: 'This link has been used' },
  PASSKEY_UNDO_LINK_EXPIRED: { status: 410, message: `This link is older than ${passkeyUndoLinkLifetimeDays} days` },
  PASSKEY_ALREADY_REMOVED: { status: 410, message: 'The passkey has been removed already' },
};

export interface PasskeyUndoDeps {
  db: Db;
  store: PasskeyStore;
  sessions: SessionStore;
  /** Ends the app approvals (OAuth codes) not yet exchanged of a person (oauth.ts). */
  endAppApprovalsOf: (nationalId: string) => void;
  /** A browser's own time (the dev clock): a link's age. */
  clock: Clock;
  /** Real time, for what is stored. */
  now: () => number;
  limitKey: (c: Context) => string | undefined;
  /** Told of each undo: the passkeys it removed (the one named first), for the person's email. */
  undone?: (nationalId: string, removed: StoredPasskey[]) => void;
}

export function createPasskeyUndo({ db, store, sessions, endAppApprovalsOf, clock, now, limitKey, undone = () => {} }: PasskeyUndoDeps) {
  const insert = db.prepare('INSERT INTO passkey_undo_tokens (token_hash, passkey_id, national_id, created_at) VALUES (?, ?, ?, ?)');
  const byHash = db.prepare<[string], TokenRow>('SELECT * FROM passkey_undo_tokens WHERE token_hash = ?');
  const use = db.prepare('UPDATE passkey_undo_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL');
  // Kept a while past their life, so a late click is told "too old" rather than "no such link".
  const purgeOld = db.prepare('DELETE FROM passkey_undo_tokens WHERE created_at < ?');

  /**
   * The token's row and what is known of its passkey, or why the link does nothing. A passkey removed
   * already still has its link do its work while passkeys added from its sessions are there (an
   * outside review: the intruder removed the first of his chain to make its link say "removed").
   */
  const judge = (c: Context, token: string): { row: TokenRow; passkey: LineageRow } | Refusal => {
    const row = tokenForm.test(token) ? byHash.get(hashOf(token)) : undefined;
    if (!row) return 'PASSKEY_UNDO_LINK_INVALID';
    if (row.used_at !== null) return 'PASSKEY_UNDO_LINK_USED';
    const age = clock(c) - row.created_at;
    if (age < -clockSkewToleranceSeconds * 1000 || age > lifetimeMs) return 'PASSKEY_UNDO_LINK_EXPIRED';
    const passkey = store.lineage(row.passkey_id, row.national_id);
    return passkey && store.livingInChain(row.passkey_id, row.national_id) > 0 ? { row, passkey } : 'PASSKEY_ALREADY_REMOVED';
  };

  /** The token used, the passkey and what it added removed, every session and app approval ended: all or nothing. */
  const undo = db.transaction((c: Context, token: string): { removed: StoredPasskey[]; named: boolean } | Refusal => {
    const judged = judge(c, token);
    if (typeof judged === 'string') return judged;
    use.run(now(), judged.row.token_hash);
    const removed = store.removeWithAdded(judged.row.passkey_id, judged.row.national_id);
    sessions.endAllOf(judged.row.national_id);
    endAppApprovalsOf(judged.row.national_id);
    return { removed, named: removed.some((passkey) => passkey.id === judged.row.passkey_id) };
  });

  const refusalRate = createRate({ perMinute: refusalsPerMinute, now });
  const refuse = (c: Context, refusal: Refusal) => {
    const address = limitKey(c);
    const waitMs = address === undefined ? 0 : refusalRate.take(address);
    if (waitMs > 0) {
      c.header('Retry-After', retryAfterSeconds(waitMs));
      return apiError(c, 429, 'TOO_MANY_REQUESTS', 'Too many links that do not work from this address: wait a little');
    }
    return apiError(c, refusals[refusal].status, refusal, refusals[refusal].message);
  };

  const routes = new Hono<{ Variables: { session: Session } }>();
  const guards = [apiBodyLimit, requireCsrf(sessions)] as const;
  routes.post('/lookup', ...guards, async (c) => {
    const body = await bodyOr400(c, passkeyUndoSchema);
    if (body instanceof Response) return body;
    const judged = judge(c, body.token);
    if (typeof judged === 'string') return refuse(c, judged);
    const { passkey } = judged;
    return c.json({
      ...(passkey.provider ? { provider: passkey.provider } : {}),
      createdAt: new Date(passkey.created_at).toISOString(),
      ...(passkey.added_browser ? { browser: passkey.added_browser } : {}),
      ...(passkey.added_system ? { system: passkey.added_system } : {}),
    } satisfies v.InferOutput<typeof passkeyUndoInfoSchema>);
  });
  routes.post('/', ...guards, async (c) => {
    const body = await bodyOr400(c, passkeyUndoSchema);
    if (body instanceof Response) return body;
    const undoneNow = undo.immediate(c, body.token);
    if (typeof undoneNow === 'string') return refuse(c, undoneNow);
    const { removed, named } = undoneNow;
    if (removed.length > 0) undone(removed[0].nationalId, removed);
    return c.json({ removed: removed.length, named } satisfies v.InferOutput<typeof passkeyUndoneSchema>);
  });

  return {
    routes,
    /** A new token for an added passkey: the token itself, to go in the person's email only (never in an answer, never stored). */
    issue(passkeyId: string, nationalId: string): string {
      const token = randomBytes(32).toString('base64url');
      insert.run(hashOf(token), passkeyId, nationalId, now());
      return token;
    },
    purge() {
      purgeOld.run(now() - 2 * lifetimeMs);
    },
  };
}

export type PasskeyUndo = ReturnType<typeof createPasskeyUndo>;
