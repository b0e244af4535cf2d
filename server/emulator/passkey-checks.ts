/**
 * Who may do what with a passkey, and with which challenge (passkeys.ts): a time's age by the
 * request's clock (one dated in the future has none), the session's challenge taken once, the
 * root a session's adds get, the signed-in private person a call is for, and where the automatic
 * upgrade is allowed.
 */
import type { Context } from 'hono';
import {
  clockSkewToleranceSeconds,
  passkeyAddsPerPersonPerMinute,
  passkeyRecentSignInMinutes,
  passkeyRemovalsPerSessionPerMinute,
  passkeyUpgradeSignInMinutes,
} from '../../src/contract/limits';
import { apiError, retryAfterSeconds } from '../http/api-error';
import { createRate } from './bounded-growth';
import { challengeOf, rootOfSignIn } from './passkey-answers';
import type { ChallengePurpose, PasskeyRoot, PasskeyStore } from './passkey-store';
import type { Person, PersonStore } from './persons';
import type { Clock, Session } from './sessions';

const minute = 60_000;

type Env = { Variables: { session: Session } };

export function createPasskeyChecks({
  store,
  persons,
  clock,
  now,
  challengeLifetimeMs,
}: {
  store: PasskeyStore;
  persons: PersonStore;
  clock: Clock;
  now: () => number;
  challengeLifetimeMs: number;
}) {
  // Each added passkey is told to the person (an outside review, issue #36): a session within its ten
  // minutes could otherwise add in a loop and flood their inbox. The emails are coalesced now
  // (passkey-mail.ts); this still bounds what one window's email lists. Per person, in memory.
  const adds = createRate({ perMinute: passkeyAddsPerPersonPerMinute, now });
  // Removals per session only (issue #44): an intruder's session adding and removing in a loop must not
  // use up the budget of the person taking their account back. Bounded anyway by the passkeys there are.
  const removals = createRate({ perMinute: passkeyRemovalsPerSessionPerMinute, now });
  const allowed = (c: Context, rate: typeof adds, key: string): Response | null => {
    const waitMs = rate.take(key);
    if (waitMs === 0) return null;
    c.header('Retry-After', retryAfterSeconds(waitMs));
    return apiError(c, 429, 'TOO_MANY_REQUESTS', 'Too many passkey changes: wait a little');
  };

  /** Whether `at` lies between this request's "now" and `lifetimeMs` before it: a time dated in the future (a dev clock moved back) has no age, and counts as expired (issue #44). */
  const young = (c: Context, at: number, lifetimeMs: number) => {
    const age = clock(c) - at;
    return age >= -clockSkewToleranceSeconds * 1000 && age <= lifetimeMs;
  };

  /** Takes the session's challenge for `purpose` that the response answers, if it is still young enough. */
  const takeChallenge = (c: Context<Env>, clientDataJSON: string, purpose: ChallengePurpose): string | null => {
    const challenge = challengeOf(clientDataJSON);
    if (challenge === null) return null;
    const createdAt = store.take(challenge, c.get('session').id, purpose);
    return createdAt !== null && young(c, createdAt, challengeLifetimeMs) ? challenge : null;
  };

  const recentSignIn = (c: Context, session: Session) => young(c, session.createdAt, passkeyRecentSignInMinutes * minute);

  /** The root the session's adds get, and the passkey it was signed in with; null when that passkey is gone (its sessions have ended). */
  const rootOfSession = (session: Session): { root: PasskeyRoot; addedWith: string | null } | null => {
    if (session.authMethod !== 'PASSKEY') return { root: session.authMethod ? rootOfSignIn[session.authMethod] : 'password', addedWith: null };
    const signedInWith = session.passkeyId === null ? null : store.byId(session.passkeyId);
    return signedInWith ? { root: signedInWith.root, addedWith: signedInWith.id } : null;
  };

  /** The signed-in private person the call is for, or the refusal. `recent`: only within passkeyRecentSignInMinutes of the sign-in. */
  const signedInPerson = (c: Context, session: Session | null, recent: boolean): Person | Response => {
    const person = session?.role === 'PRIVAT' && session.personId ? persons.find(session.personId) : null;
    if (!session || !person) return apiError(c, 403, 'NOT_AUTHORIZED', 'Sign in as a private person first');
    if (person.suspended) return apiError(c, 403, 'KONTO_SUSPENDERT', 'The account is suspended');
    if (recent && !recentSignIn(c, session)) {
      return apiError(
        c,
        403,
        'RECENT_SIGN_IN_REQUIRED',
        `Sign in again: adding or removing a passkey needs a sign-in within ${passkeyRecentSignInMinutes} minutes`,
      );
    }
    return person;
  };

  /**
   * The automatic upgrade's refusal, or null where it is allowed (issue #51): a password sign-in of the
   * last passkeyUpgradeSignInMinutes (what Chrome asks of the saved password; not eID or a passkey, which
   * no password manager filled), not the app's flow (decision 019: no offer there), and no passkey yet.
   */
  const upgradeNotAllowed = (c: Context) =>
    apiError(
      c,
      403,
      'PASSKEY_UPGRADE_NOT_ALLOWED',
      `The automatic upgrade is only for a password sign-in within ${passkeyUpgradeSignInMinutes} minutes, once, outside the app, for an account with no passkey`,
    );

  const upgradeRefusal = (c: Context, session: Session, nationalId: string): Response | null => {
    const allowed =
      session.authMethod === 'PASSWORD' &&
      session.appAuthorization === null &&
      young(c, session.createdAt, passkeyUpgradeSignInMinutes * minute) &&
      !store.upgradeUsed(session.id) &&
      store.count(nationalId) === 0;
    return allowed ? null : upgradeNotAllowed(c);
  };

  return {
    takeChallenge,
    recentSignIn,
    upgradeRefusal,
    upgradeNotAllowed,
    rootOfSession,
    signedInPerson,
    /** An add within the person's budget (null), or its 429. */
    allowedAdd: (c: Context, nationalId: string) => allowed(c, adds, nationalId),
    /** A removal within the session's budget (null), or its 429. */
    allowedRemoval: (c: Context, sessionId: string) => allowed(c, removals, sessionId),
  };
}
