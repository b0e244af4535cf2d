/**
 * Adding a passkey (issue #36, docs/decisions/025): passkey_register_options and passkey_register,
 * mounted by passkeys.ts, which has the module's account of who may add one and what is stored.
 *
 * The automatic upgrade (issue #51): right after a password sign-in the front end asks for options
 * marked `{upgrade: true}` and makes a conditional create, with which the password manager makes a
 * passkey with no prompt. Such a passkey comes back with the user-present and user-verified flags off
 * (WebAuthn L3), which an ordinary registration refuses. They are let through only for a challenge
 * given for the upgrade (its own purpose, taken once), in a password session still within
 * passkeyUpgradeSignInMinutes when the answer comes, for an account with no passkey, outside the
 * app's flow. Its root is `password` (the session's), so the person's reset takes it back, and its
 * email says the browser made it.
 */
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { PasskeySettings } from '../config';
import { apiError } from '../http/api-error';
import type { PasskeyMail } from './passkey-mail';
import type { PasskeyStore } from './passkey-store';
import { bodyOr400 } from './request-guards';
import { addedFrom, knownTransports, maxCredentialIdBytes, crossOrigin, shown, type VerifiedBy } from './passkey-answers';
import type { createPasskeyChecks } from './passkey-checks';
import type { Clock, Session, SessionStore } from './sessions';
import { passkeyRegisterOptionsRequestSchema, passkeyRegisterSchema } from '../../src/contract/passkey-requests';
import { maxPasskeysPerPerson, passkeyChallengeLifetimeMinutes } from '../../src/contract/limits';

/** How long the browser's prompt may stay open: the challenge's lifetime. */
const timeoutMs = passkeyChallengeLifetimeMinutes * 60_000;
/** ES256 and RS256: what platform authenticators and security keys make (RS256: Windows Hello). */
const algorithms = [-7, -257];

type Env = { Variables: { session: Session } };

export interface RegistrationDeps {
  store: PasskeyStore;
  sessions: SessionStore;
  mail: PasskeyMail;
  clock: Clock;
  now: () => number;
  settings: () => PasskeySettings;
  guards: readonly [MiddlewareHandler, MiddlewareHandler<Env>];
  checks: ReturnType<typeof createPasskeyChecks>;
  verifiedBy: VerifiedBy;
}

const challengeInvalid = (c: Context) =>
  apiError(c, 403, 'PASSKEY_CHALLENGE_INVALID', 'The challenge is not one this session was given, was used, or is too old: start again');

export function registrationRoutes(routes: Hono<Env>, { store, sessions, mail, clock, now, settings, guards, checks, verifiedBy }: RegistrationDeps) {
  const { takeChallenge, recentSignIn, rootOfSession, signedInPerson, allowedAdd, upgradeRefusal, upgradeNotAllowed } = checks;

  routes.post('/register/options', ...guards, async (c) => {
    const body = await bodyOr400(c, passkeyRegisterOptionsRequestSchema);
    if (body instanceof Response) return body;
    const session = c.get('session');
    const person = signedInPerson(c, session, true);
    if (person instanceof Response) return person;
    const upgrade = body.upgrade === true;
    const refused = upgrade ? upgradeRefusal(c, session, person.nationalId) : null;
    if (refused) return refused;
    const existing = store.of(person.nationalId);
    if (existing.length >= maxPasskeysPerPerson) return apiError(c, 409, 'PASSKEY_LIMIT_REACHED', `At most ${maxPasskeysPerPerson} passkeys`);
    const options = await generateRegistrationOptions({
      rpName: 'Digipost',
      rpID: settings().rpId,
      userID: store.userHandle(person.nationalId),
      // What the person sees in their passkey manager: their name, never their national ID number; but
      // the upgrade's: the password manager makes it only for the saved password whose username is
      // user.name (decision 025), and that username is the national ID, which it shows already.
      userName: upgrade ? person.nationalId : person.fullName,
      userDisplayName: person.fullName,
      timeout: timeoutMs,
      attestationType: 'none',
      // The upgrade asks for no verification: the password manager makes it without any (and says so).
      authenticatorSelection: { residentKey: 'required', userVerification: upgrade ? 'preferred' : 'required' },
      supportedAlgorithmIDs: algorithms,
      excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    });
    store.challenge(session.id, upgrade ? 'register-upgrade' : 'register', options.challenge, clock(c));
    return c.json(options);
  });

  routes.post('/register', ...guards, async (c) => {
    const body = await bodyOr400(c, passkeyRegisterSchema);
    if (body instanceof Response) return body;
    const session = c.get('session');
    const person = signedInPerson(c, session, true);
    if (person instanceof Response) return person;
    const { credential } = body;
    // Either purpose's, taken: a challenge answered is spent, whatever happens next.
    const ordinary = takeChallenge(c, credential.response.clientDataJSON, 'register');
    const upgradeChallenge = ordinary === null ? takeChallenge(c, credential.response.clientDataJSON, 'register-upgrade') : null;
    const challenge = ordinary ?? upgradeChallenge;
    if (challenge === null) return challengeInvalid(c);
    const upgrade = upgradeChallenge !== null;
    // Asked again now: the session may have grown older than the upgrade's minutes since its options;
    // then the session's one upgrade is taken (of answers released together, the first).
    const refused = upgrade ? upgradeRefusal(c, session, person.nationalId) : null;
    if (refused) return refused;
    if (upgrade && !store.takeUpgrade(session.id)) return upgradeNotAllowed(c);
    if (crossOrigin(credential.response.clientDataJSON)) return apiError(c, 403, 'PASSKEY_REFUSED', 'The new passkey was made in a frame of another site');
    const verified = await verifiedBy(challenge, (expected) =>
      verifyRegistrationResponse({
        response: credential,
        ...expected,
        // Only the upgrade's passkey may come without the person's presence or verification.
        ...(upgrade ? { requireUserPresence: false, requireUserVerification: false } : {}),
        supportedAlgorithmIDs: algorithms,
      }),
    );
    if (!verified?.verified) return apiError(c, 403, 'PASSKEY_REFUSED', 'The new passkey could not be verified');
    const info = verified.registrationInfo;
    // The ID the authenticator made is the one the browser names, and no longer than WebAuthn allows.
    if (info.credential.id !== credential.id || isoBase64URL.toBuffer(info.credential.id).length > maxCredentialIdBytes) {
      return apiError(c, 403, 'PASSKEY_REFUSED', `The new passkey's credential ID is not the one named, or is over ${maxCredentialIdBytes} bytes`);
    }
    // Refusals that add nothing take nothing of the person's budget (an outside review: duplicates drained it).
    if (store.byCredentialId(info.credential.id)) return apiError(c, 409, 'PASSKEY_ALREADY_REGISTERED', 'This passkey is registered already');
    if (store.count(person.nationalId) >= maxPasskeysPerPerson) return apiError(c, 409, 'PASSKEY_LIMIT_REACHED', `At most ${maxPasskeysPerPerson} passkeys`);
    const tooMany = allowedAdd(c, person.nationalId);
    if (tooMany) return tooMany;
    const added = store.add(
      {
        nationalId: person.nationalId,
        credentialId: info.credential.id,
        publicKey: info.credential.publicKey,
        counter: info.credential.counter,
        // Only the transports WebAuthn names, a few: anything else a client sends is not stored.
        transports: (info.credential.transports ?? credential.response.transports ?? []).filter((transport) => knownTransports.has(transport)).slice(0, 8),
        aaguid: info.aaguid,
        backupEligible: info.credentialDeviceType === 'multiDevice',
        backupState: info.credentialBackedUp,
        createdAt: now(),
        // Names from a fixed list, never the header's own text: they go in the person's email.
        ...addedFrom(c.req.header('user-agent')),
      },
      // The upgrade's only where the account has none, counted inside the add's transaction: an
      // ordinary add released with it cannot slip in between.
      upgrade ? 1 : maxPasskeysPerPerson,
      // Read again inside the add's transaction: a reset may have ended the session while the answer was verified.
      () => {
        const live = sessions.live(c, session.id);
        const stillSignedIn = live?.role === 'PRIVAT' && live.personId === person.nationalId && recentSignIn(c, live);
        return stillSignedIn ? rootOfSession(live) : null;
      },
    );
    if (added === 'session-ended') return apiError(c, 403, 'NOT_AUTHORIZED', 'Sign in as a private person first');
    if (added === 'duplicate') return apiError(c, 409, 'PASSKEY_ALREADY_REGISTERED', 'This passkey is registered already');
    if (added === 'limit' && upgrade) return upgradeNotAllowed(c);
    if (added === 'limit') return apiError(c, 409, 'PASSKEY_LIMIT_REACHED', `At most ${maxPasskeysPerPerson} passkeys`);
    // Its "this was not me" link is made as its email goes (passkey-mail.ts).
    mail.changed(person, { kind: 'added', passkey: added, passkeyId: added.id, ...(upgrade ? { byBrowser: true } : {}) });
    return c.json({ passkey: shown(added, session) }, 201);
  });
}
