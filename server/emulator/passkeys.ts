/**
 * Passkeys (WebAuthn), the calls of src/contract/passkeys.ts (issue #36, docs/decisions/025), mounted
 * at /post/api/private/passkeys. Every check of a credential is @simplewebauthn/server's: signature,
 * origin, RP ID, user presence and verification, challenge, attestation format and signature counter.
 * This module adds what is the service's own: the challenge taken once from this session's, the user
 * handle the person's, the counter moved forward in one statement, the attempt limits, and who may add
 * or remove a passkey (a private person signed in within passkeyRecentSignInMinutes).
 *
 * A passkey sign-in grants what a password sign-in grants (SPEC §1: public-sector mail needs eID), and
 * the session says it was a passkey. Failed assertions count against the client address's sign-in
 * limit (the wrong passwords' own counter, 429 ADDRESS_LOCKED with Retry-After past it): guessing is
 * no cheaper with passkeys than with passwords.
 * A national ID's password lock does not stop it: a passkey is a proof the lock cannot be about.
 *
 * Recovery (issue #44): each new passkey stores its root (eID, or password for every other sign-in, a
 * passkey's session passing on its passkey's root), read with the session inside the add's
 * transaction, so a password reset (password-reset.ts) can remove what a password alone added and no
 * add that races it survives. Removing a passkey ends the sessions signed in with it. Adds are limited
 * per person (each is mailed to them), removals per session only, so no other session can block one.
 * The emails about adds and removals are coalesced per person (issue #45, passkey-mail.ts): the first
 * at once, the rest of its ten minutes in one email. Adding, and the automatic upgrade (issue #51), are
 * in passkey-registration.ts.
 *
 * The sign-in's answer and the list give the signed-in person, and nobody else, their user handle and
 * their passkeys' credential IDs (issue #51): what the WebAuthn Signal API needs in the browser.
 */
import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { Hono } from 'hono';
import type { PasskeySettings } from '../config';
import type { ClientView } from '../client-address';
import { apiError, retryAfterSeconds } from '../http/api-error';
import type { AttemptLimits, Counter, Lock } from './attempt-limits';
import type { Db } from './db';
import type { Limits } from './limits';
import type { PasskeyMail } from './passkey-mail';
import type { PasskeyStore } from './passkey-store';
import type { PersonStore } from './persons';
import { apiBodyLimit, bodyOr400, requireCsrf } from './request-guards';
import { acceptedCredentials, crossOrigin, shown, type VerifiedBy } from './passkey-answers';
import { appToken } from './oauth';
import type { PasskeySignedIn } from '../../src/contract/passkeys';
import { createPasskeyChecks } from './passkey-checks';
import { registrationRoutes } from './passkey-registration';
import type { Clock, Session, SessionStore } from './sessions';
import { passkeyLoginSchema, passkeyOptionsRequestSchema } from '../../src/contract/passkey-requests';
import { passkeyChallengeLifetimeMinutes } from '../../src/contract/limits';

const minute = 60_000;
/** How long the browser's prompt may stay open: the challenge's lifetime. */
const timeoutMs = passkeyChallengeLifetimeMinutes * minute;

export interface PasskeyDeps {
  db: Db;
  store: PasskeyStore;
  sessions: SessionStore;
  persons: PersonStore;
  /** Tells the person of each add and removal, coalesced per person (passkey-mail.ts). */
  mail: PasskeyMail;
  attempts: AttemptLimits;
  limits: Limits;
  client: ClientView;
  /** A browser's own time (the dev clock): challenge ages and how recent a sign-in is. */
  clock: Clock;
  /** Real time, for the attempt limits and what is stored. */
  now: () => number;
  /** The relying party, read at each call (the default origin is known once the server listens). */
  settings: () => PasskeySettings;
  /** Ends the app approvals (OAuth codes) not yet exchanged of a person (oauth.ts). */
  endAppApprovalsOf?: (nationalId: string) => void;
}

type Env = { Variables: { session: Session } };

export function passkeyRoutes({
  db,
  store,
  sessions,
  persons,
  mail,
  attempts,
  limits,
  client,
  clock,
  now,
  settings,
  endAppApprovalsOf = () => {},
}: PasskeyDeps) {
  const routes = new Hono<Env>();
  const guards = [apiBodyLimit, requireCsrf(sessions)] as const;
  const checks = createPasskeyChecks({ store, persons, clock, now, challengeLifetimeMs: timeoutMs });
  const { takeChallenge, recentSignIn, signedInPerson, allowedRemoval } = checks;

  /**
   * The library's verification of an answer to `challenge`, from one of our origins, for our RP ID,
   * the user verified: null where it refused (by throwing), the same answer for every reason.
   */
  const verifiedBy: VerifiedBy = async (challenge, verify) => {
    const { rpId, origins } = settings();
    try {
      return await verify({ expectedChallenge: challenge, expectedOrigin: [...origins], expectedRPID: rpId, requireUserVerification: true });
    } catch {
      return null;
    }
  };

  routes.post('/login/options', ...guards, async (c) => {
    const body = await bodyOr400(c, passkeyOptionsRequestSchema);
    if (body instanceof Response) return body;
    const { rpId } = settings();
    // Discoverable credentials: the browser offers the person's passkeys for this site; nothing here says who.
    const options = await generateAuthenticationOptions({ rpID: rpId, userVerification: 'required', timeout: timeoutMs });
    store.challenge(c.get('session').id, 'login', options.challenge, clock(c));
    return c.json(options);
  });

  routes.post('/login', ...guards, async (c) => {
    const body = await bodyOr400(c, passkeyLoginSchema);
    if (body instanceof Response) return body;
    const { credential } = body;
    const address = client.limitKey(c);
    const counters: Counter[] = address
      ? [{ scope: 'password-address', key: address, threshold: limits.passwordFailuresPerAddress, successClears: false }]
      : [];
    // The address's counter is the only one here: its lock is always ADDRESS_LOCKED, as at password login.
    const tooMany = (lock: Lock) => {
      c.header('Retry-After', retryAfterSeconds(lock.ms));
      return apiError(c, 429, 'ADDRESS_LOCKED', 'Too many failed sign-ins from this address: wait, or log in with electronic ID');
    };
    const failed = (code: 'PASSKEY_CHALLENGE_INVALID' | 'PASSKEY_NOT_RECOGNISED' | 'PASSKEY_REFUSED', message: string) => {
      const lock = attempts.settle(counters, false, now());
      return lock ? tooMany(lock) : apiError(c, 403, code, message);
    };
    const locked = attempts.lockedFor(counters, now());
    if (locked) return tooMany(locked);
    // Taken before anything is checked: whatever happens next, this challenge is spent.
    const challenge = takeChallenge(c, credential.response.clientDataJSON, 'login');
    if (challenge === null) return failed('PASSKEY_CHALLENGE_INVALID', 'The challenge is not one this session was given, was used, or is too old: start again');
    if (crossOrigin(credential.response.clientDataJSON))
      return failed('PASSKEY_REFUSED', 'The passkey could not be verified (it was used in a frame of another site)');
    const passkey = store.byCredentialId(credential.id);
    const person = passkey ? persons.find(passkey.nationalId) : null;
    if (!passkey || !person?.isUser) return failed('PASSKEY_NOT_RECOGNISED', 'This passkey is not known here');
    const verified = await verifiedBy(challenge, (expected) =>
      verifyAuthenticationResponse({
        response: credential,
        ...expected,
        credential: { id: passkey.credentialId, publicKey: passkey.publicKey, counter: passkey.counter, transports: passkey.transports as never },
      }),
    );
    // Discoverable sign-in (no allowCredentials): the answer must name its user, and name the owner
    // (WebAuthn L3 §7.2 step 6). The handle is not signed, so a relayed answer without it is refused.
    const userHandle = credential.response.userHandle;
    const handleMatches = userHandle !== undefined && userHandle === isoBase64URL.fromBuffer(store.userHandle(person.nationalId));
    if (!verified?.verified || !handleMatches) return failed('PASSKEY_REFUSED', 'The passkey could not be verified');
    const { newCounter, credentialBackedUp } = verified.authenticationInfo;
    if (!store.used(passkey.id, newCounter, credentialBackedUp, now())) {
      return failed('PASSKEY_REFUSED', 'The passkey could not be verified (its signature counter did not move forward)');
    }
    const lock = attempts.settle(counters, true, now());
    if (lock) return tooMany(lock);
    if (person.suspended) return apiError(c, 403, 'KONTO_SUSPENDERT', 'The account is suspended');
    // The ID's password failures are left as they are (an outside review, issue #36): someone guessing
    // the password would get fresh tries each time the person signs in with a passkey, and the person,
    // who has one, does not need the password. eID and a completed reset reopen it (decision 024).
    // On the app's own login page (decision 019): a sign-in made in that app authorization's flow.
    const appAuthorization = body.appAuthorization !== undefined && appToken.test(body.appAuthorization) ? body.appAuthorization : null;
    sessions.signIn(c, {
      role: 'PRIVAT',
      personId: person.nationalId,
      authenticationLevel: null,
      authMethod: 'PASSKEY',
      passkeyId: passkey.id,
      appAuthorization,
    });
    // The names every passkey of the account shows (signalCurrentUserDetails): the full name, also for
    // one the automatic upgrade made under the national ID (decision 025).
    const answer: PasskeySignedIn = { ...acceptedCredentials(store, settings().rpId, person.nationalId), name: person.fullName, displayName: person.fullName };
    return c.json(answer);
  });

  registrationRoutes(routes, { store, sessions, mail, clock, now, settings, guards, checks, verifiedBy });

  // The sessions signed in with it, and what they approved for the app and was not yet exchanged (an
  // outside review: an app code approved from such a session outlived the passkey).
  const removeWithSessions = db.transaction((id: string, nationalId: string) => {
    if (!store.remove(id, nationalId)) return false;
    if (sessions.endAllSignedInWith(id) > 0) endAppApprovalsOf(nationalId);
    return true;
  });

  routes.get('/', (c) => {
    const session = sessions.current(c);
    const person = signedInPerson(c, session, false);
    if (person instanceof Response) return person;
    const passkeys = store.of(person.nationalId);
    return c.json({
      passkeys: passkeys.map((passkey) => shown(passkey, session)),
      recentSignIn: session !== null && recentSignIn(c, session),
      ...acceptedCredentials(store, settings().rpId, person.nationalId, passkeys),
    });
  });

  routes.delete('/:id', ...guards, (c) => {
    const session = c.get('session');
    const person = signedInPerson(c, session, false);
    if (person instanceof Response) return person;
    const passkey = store.own(c.req.param('id'), person.nationalId);
    if (!passkey) return apiError(c, 404, 'NOT_FOUND', 'No such passkey');
    const refused = signedInPerson(c, session, true);
    if (refused instanceof Response) return refused;
    const tooMany = allowedRemoval(c, session.id);
    if (tooMany) return tooMany;
    // The passkey and every session signed in with it (this one too, if it was), together.
    if (!removeWithSessions(passkey.id, person.nationalId)) return apiError(c, 404, 'NOT_FOUND', 'No such passkey');
    if (session.passkeyId === passkey.id) sessions.end(c, null);
    mail.changed(person, { kind: 'removed', passkey });
    return c.body(null, 204);
  });

  return routes;
}
