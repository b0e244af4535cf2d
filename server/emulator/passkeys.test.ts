// @vitest-environment node
/**
 * Passkeys (issue #36) against the emulator over HTTP, with a software authenticator
 * (test-authenticator.ts) in place of the browser and the passkey provider. Each browser here comes
 * from an address of its own, so one test's failed assertions lock no other test's address.
 */
import { describe, expect, it } from 'vitest';
import { defaultLimits } from './limits';
import { emulatorForTests } from './test-emulator';
import { freshPerson as freshPersonOf, type Person } from '../test-http';
import { softwareAuthenticator, type SoftwareAuthenticator } from './test-authenticator';
import { browsersOf, type EmulatorBrowser } from './test-browser';
import { linkTargets } from './root';
import { maxPasskeysPerPerson, passkeyAddsPerPersonPerMinute } from '../../src/contract/limits';
import { passkeyMailWindowMs } from './passkey-mail';

/** A low per-address limit, so a test reaches it in a few tries. */
const addressLimit = 4;
/** Real time as the emulator sees it, moved on past a window of passkey emails (passkey-mail.ts). */
let realTimeAhead = 0;
const emulator = emulatorForTests('passkeys', {
  limits: { ...defaultLimits, passwordFailuresPerAddress: addressLimit },
  now: () => Date.now() + realTimeAhead,
});

const browser = browsersOf(emulator, '10.36');
type Browser = EmulatorBrowser;

type Json = Record<string, unknown>;

const errorOf = async (response: Response) => ((await response.json()) as { 'error-code'?: string })['error-code'];

const freshPerson = () => freshPersonOf(emulator, { fullName: 'Passe Nøkkelsen' });

async function signedIn(person: Person): Promise<Browser> {
  const client = await browser();
  const answer = await client.post(linkTargets.login_password, { username: person.nationalId, password: person.password });
  expect(answer.status).toBe(200);
  return client;
}

/** Registers a passkey on the authenticator for the signed-in browser: the 201 answer's body. */
async function register(client: Browser, authenticator: SoftwareAuthenticator) {
  const options = (await client.json(linkTargets.passkey_register_options)) as { challenge: string; user: { id: string } };
  const response = await client.post(linkTargets.passkey_register, { credential: authenticator.create(options) });
  expect(response.status).toBe(201);
  return (await response.json()) as { passkey: { id: string; provider?: string; synced: boolean; link: { rel: string; uri: string }[] } };
}

/** A person with a passkey on a new authenticator, and a fresh browser nobody has signed in on. */
async function personWithPasskey(options: Parameters<typeof softwareAuthenticator>[0] = {}) {
  const person = await freshPerson();
  const authenticator = softwareAuthenticator(options);
  const registered = await register(await signedIn(person), authenticator);
  return { person, authenticator, passkey: registered.passkey, client: await browser() };
}

async function loginOptions(client: Browser) {
  return (await client.json(linkTargets.passkey_login_options)) as { challenge: string; allowCredentials?: unknown[]; userVerification: string; rpId: string };
}

/** Signs in with the authenticator's passkey: the answer to passkey_login. */
async function passkeyLogin(client: Browser, authenticator: SoftwareAuthenticator, use: Parameters<SoftwareAuthenticator['get']>[1] = {}) {
  return client.post(linkTargets.passkey_login, { credential: authenticator.get(await loginOptions(client), use) });
}

const authMethodOf = (nationalId: string) =>
  (
    emulator.db.prepare('SELECT auth_method FROM sessions WHERE person_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1').get(nationalId) as {
      auth_method: string;
    }
  ).auth_method;

const outboxTo = async (email: string) =>
  ((await (await emulator.app.request('/dev/api/outbox')).json()) as { to: string; purpose: string; subject?: string; text?: string }[]).filter(
    (message) => message.to === email,
  );

describe('registering and signing in', () => {
  it('registers a passkey and signs in with it: a PRIVAT session made by PASSKEY', async () => {
    const { person, authenticator, passkey, client } = await personWithPasskey();
    expect(passkey.link[0]).toEqual({ rel: '/post/api/relations/passkey_remove', uri: `${linkTargets.passkeys}/${passkey.id}` });
    const options = await loginOptions(client);
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const response = await client.post(linkTargets.passkey_login, { credential: authenticator.get(options) });
    expect(response.status).toBe(200);
    expect((await client.root()).role).toBe('PRIVAT');
    expect(authMethodOf(person.nationalId)).toBe('PASSKEY');
    const mailbox = await (await client.call('/postkasse/')).text();
    expect(mailbox).toContain('A passkey');
    expect(mailbox).toContain('href="/innlogging/passkeys"');
    const list = (await (await client.call(linkTargets.passkeys)).json()) as { passkeys: { id: string; lastUsedAt: string | null }[]; recentSignIn: boolean };
    expect(list.recentSignIn).toBe(true);
    expect(list.passkeys).toHaveLength(1);
    expect(list.passkeys[0].lastUsedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('offers creation options with the person’s name, a random user handle, ES256 and RS256, and the passkeys they have as excluded', async () => {
    const person = await freshPerson();
    const client = await signedIn(person);
    const authenticator = softwareAuthenticator();
    const first = (await client.json(linkTargets.passkey_register_options)) as Json & {
      challenge: string;
      user: { id: string; name: string; displayName: string };
    };
    expect(first).toMatchObject({
      rp: { id: 'localhost', name: 'Digipost' },
      user: { name: person.fullName, displayName: person.fullName },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      pubKeyCredParams: [
        { type: 'public-key', alg: -7 },
        { type: 'public-key', alg: -257 },
      ],
      excludeCredentials: [],
    });
    const handle = Buffer.from(first.user.id, 'base64url');
    expect(handle).toHaveLength(32);
    expect(handle.toString()).not.toContain(person.nationalId);
    expect(JSON.stringify(first)).not.toContain(person.nationalId);
    const created = authenticator.create(first);
    expect((await client.post(linkTargets.passkey_register, { credential: created })).status).toBe(201);
    const second = (await client.json(linkTargets.passkey_register_options)) as { user: { id: string }; excludeCredentials: { id: string }[] };
    expect(second.user.id).toBe(first.user.id);
    expect(second.excludeCredentials.map((credential) => credential.id)).toEqual([created.id]);
  });

  it('registers and signs in with an RS256 key (Windows Hello)', async () => {
    const { authenticator, client } = await personWithPasskey({ algorithm: 'RS256' });
    expect((await passkeyLogin(client, authenticator)).status).toBe(200);
    expect((await client.root()).role).toBe('PRIVAT');
  });

  it('names the provider from the AAGUID list, and says whether the passkey is synced', async () => {
    const { passkey } = await personWithPasskey({ aaguid: 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4', synced: true, counter: 'zero' });
    expect(passkey).toMatchObject({ provider: 'Google Password Manager', synced: true });
    const unknown = await personWithPasskey();
    expect(unknown.passkey.provider).toBeUndefined();
    expect(unknown.passkey.synced).toBe(false);
  });

  it('refuses a credential registered already (another account’s) with PASSKEY_ALREADY_REGISTERED', async () => {
    const { authenticator } = await personWithPasskey();
    const other = await signedIn(await freshPerson());
    const options = (await other.json(linkTargets.passkey_register_options)) as { challenge: string; user: { id: string } };
    const copy = authenticator.create(options, { credentialId: authenticator.credentials[0].id });
    const answer = await other.post(linkTargets.passkey_register, { credential: copy });
    expect(answer.status).toBe(409);
    expect(await errorOf(answer)).toBe('PASSKEY_ALREADY_REGISTERED');
  });

  it(`refuses more than ${maxPasskeysPerPerson} passkeys with PASSKEY_LIMIT_REACHED`, async () => {
    const client = await signedIn(await freshPerson());
    const authenticator = softwareAuthenticator();
    for (let index = 0; index < maxPasskeysPerPerson; index += 1) await register(client, authenticator);
    const answer = await client.post(linkTargets.passkey_register_options);
    expect(answer.status).toBe(409);
    expect(await errorOf(answer)).toBe('PASSKEY_LIMIT_REACHED');
  });
});

describe('what a passkey sign-in refuses', () => {
  it('refuses a replayed assertion: the challenge is used once', async () => {
    const { authenticator, client } = await personWithPasskey({ counter: 'zero', synced: true });
    const options = await loginOptions(client);
    // The first answer to the challenge is refused (wrong origin), and spends it all the same.
    const first = await client.post(linkTargets.passkey_login, { credential: authenticator.get(options, { origin: 'https://evil.example' }) });
    expect(await errorOf(first)).toBe('PASSKEY_REFUSED');
    const second = await client.post(linkTargets.passkey_login, { credential: authenticator.get(options) });
    expect(second.status).toBe(403);
    expect(await errorOf(second)).toBe('PASSKEY_CHALLENGE_INVALID');
    // A successful assertion sent again.
    const fresh = authenticator.get(await loginOptions(client));
    expect((await client.post(linkTargets.passkey_login, { credential: fresh })).status).toBe(200);
    expect(await errorOf(await client.post(linkTargets.passkey_login, { credential: fresh }))).toBe('PASSKEY_CHALLENGE_INVALID');
  });

  it('lets at most one of two uses of one challenge released together succeed', async () => {
    const { authenticator, client } = await personWithPasskey({ counter: 'zero', synced: true });
    const options = await loginOptions(client);
    const answers = await Promise.all(
      [authenticator.get(options), authenticator.get(options)].map((credential) =>
        client.call(linkTargets.passkey_login, { method: 'POST', body: JSON.stringify({ credential }) }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 403]);
    expect(await errorOf(answers.find((answer) => answer.status === 403)!)).toBe('PASSKEY_CHALLENGE_INVALID');
  });

  it('refuses a challenge given to another session', async () => {
    const { authenticator, client } = await personWithPasskey({ counter: 'zero', synced: true });
    const other = await browser();
    const theirs = await loginOptions(other);
    const answer = await client.post(linkTargets.passkey_login, { credential: authenticator.get(theirs) });
    expect(answer.status).toBe(403);
    expect(await errorOf(answer)).toBe('PASSKEY_CHALLENGE_INVALID');
    // In its own session the same challenge is good.
    expect((await other.post(linkTargets.passkey_login, { credential: authenticator.get(theirs) })).status).toBe(200);
  });

  it('refuses a challenge older than 5 minutes by the browser’s clock, and takes one younger', async () => {
    const { authenticator, client } = await personWithPasskey({ counter: 'zero', synced: true });
    const young = await loginOptions(client);
    await client.advanceClock(4);
    expect((await client.post(linkTargets.passkey_login, { credential: authenticator.get(young) })).status).toBe(200);
    const later = await browser();
    const old = await loginOptions(later);
    await later.advanceClock(6);
    const answer = await later.post(linkTargets.passkey_login, { credential: authenticator.get(old) });
    expect(await errorOf(answer)).toBe('PASSKEY_CHALLENGE_INVALID');
  });

  it('refuses a cloned authenticator: a counter that goes back or stays at a non-zero value', async () => {
    const { authenticator, client } = await personWithPasskey();
    expect((await passkeyLogin(client, authenticator)).status).toBe(200);
    expect((await passkeyLogin(client, authenticator)).status).toBe(200);
    const counter = authenticator.credentials[0].counter;
    expect(counter).toBe(2);
    for (const cloned of [counter, counter - 1, 0]) {
      const answer = await passkeyLogin(client, authenticator, { counter: cloned });
      expect(answer.status, `counter ${cloned}`).toBe(403);
      expect(await errorOf(answer)).toBe('PASSKEY_REFUSED');
    }
    expect((await passkeyLogin(client, authenticator, { counter: counter + 5 })).status).toBe(200);
  });

  it('accepts a synced passkey whose counter is always 0', async () => {
    const { authenticator, client } = await personWithPasskey({ counter: 'zero', synced: true });
    for (let index = 0; index < 3; index += 1) expect((await passkeyLogin(client, authenticator)).status).toBe(200);
  });

  it.each([
    ['a wrong origin', { origin: 'https://evil.example' }],
    ['an origin of the right host at another port', { origin: 'http://localhost:3001' }],
    ['a wrong RP ID', { rpId: 'evil.example' }],
    ['another user handle', { userHandle: Buffer.alloc(32, 7).toString('base64url') }],
  ])('refuses %s with PASSKEY_REFUSED', async (_, use) => {
    const { authenticator, client } = await personWithPasskey({ counter: 'zero', synced: true });
    const answer = await passkeyLogin(client, authenticator, use);
    expect(answer.status).toBe(403);
    expect(await errorOf(answer)).toBe('PASSKEY_REFUSED');
    expect((await client.root()).role).toBeUndefined();
  });

  it('refuses an assertion without user verification', async () => {
    const person = await freshPerson();
    const verified = softwareAuthenticator();
    await register(await signedIn(person), verified);
    const careless = softwareAuthenticator({ userVerified: false });
    careless.credentials.push(verified.credentials[0]);
    const client = await browser();
    expect(await errorOf(await passkeyLogin(client, careless))).toBe('PASSKEY_REFUSED');
  });

  it('refuses a suspended account after a valid assertion, and it cannot register', async () => {
    const { person, authenticator, client } = await personWithPasskey();
    const registering = await signedIn(person);
    emulator.db.prepare('UPDATE persons SET suspended = 1 WHERE national_id = ?').run(person.nationalId);
    const answer = await passkeyLogin(client, authenticator);
    expect(answer.status).toBe(403);
    expect(await errorOf(answer)).toBe('KONTO_SUSPENDERT');
    // The assertion was valid: its counter was taken.
    expect(emulator.db.prepare('SELECT counter FROM passkeys WHERE national_id = ?').get(person.nationalId)).toEqual({ counter: 1 });
    const options = await registering.post(linkTargets.passkey_register_options);
    expect(options.status).toBe(403);
    expect(await errorOf(options)).toBe('KONTO_SUSPENDERT');
  });

  it('signs in a national ID whose password login is locked, and leaves that lock to the password', async () => {
    const { person, authenticator, client } = await personWithPasskey();
    // Wrong passwords from several addresses (each below its own limit): the ID's lock, no address's.
    for (let index = 0; index < defaultLimits.passwordFailuresPerId; index += 1) {
      const guesser = await browser();
      await guesser.post(linkTargets.login_password, { username: person.nationalId, password: 'wrong-password' });
    }
    const locked = await (await browser()).post(linkTargets.login_password, { username: person.nationalId, password: person.password });
    expect(locked.status).toBe(429);
    expect((await passkeyLogin(client, authenticator)).status).toBe(200);
    expect((await client.root()).role).toBe('PRIVAT');
    // A guesser gets no fresh tries from the person's passkey sign-ins: the ID stays locked for browsers without its device cookie.
    expect(emulator.db.prepare("SELECT failures FROM attempt_limits WHERE scope = 'password-untrusted' AND key = ?").get(person.nationalId)).toEqual({
      failures: defaultLimits.untrustedPasswordFailuresPerId,
    });
    expect((await (await browser()).post(linkTargets.login_password, { username: person.nationalId, password: person.password })).status).toBe(429);
  });

  it('counts failed assertions against the address: locked with 429 and Retry-After, a good passkey too', async () => {
    const { authenticator, client } = await personWithPasskey({ counter: 'zero', synced: true });
    const stranger = softwareAuthenticator();
    stranger.create({ challenge: 'x', user: { id: 'AAAA' } });
    const failures = [
      () => passkeyLogin(client, stranger),
      () => passkeyLogin(client, authenticator, { origin: 'https://evil.example' }),
      async () => client.post(linkTargets.passkey_login, { credential: authenticator.get({ challenge: 'bm90LWdpdmVu' }) }),
    ];
    for (let index = 0; index < addressLimit - 1; index += 1) expect((await failures[index % failures.length]()).status).toBe(403);
    const last = await passkeyLogin(client, stranger);
    expect(last.status).toBe(429);
    expect(await errorOf(last)).toBe('ADDRESS_LOCKED');
    expect(Number(last.headers.get('Retry-After'))).toBeGreaterThan(0);
    const good = await passkeyLogin(client, authenticator);
    expect(good.status).toBe(429);
    expect(good.headers.get('Retry-After')).toBeTruthy();
  });

  it('answers an unknown credential with PASSKEY_NOT_RECOGNISED', async () => {
    const client = await browser();
    const stranger = softwareAuthenticator();
    stranger.create({ challenge: 'x', user: { id: 'AAAA' } });
    const answer = await passkeyLogin(client, stranger);
    expect(answer.status).toBe(403);
    expect(await errorOf(answer)).toBe('PASSKEY_NOT_RECOGNISED');
  });

  it('asks for the CSRF token and a valid body', async () => {
    const client = await browser();
    const noToken = await client.call(linkTargets.passkey_login_options, { method: 'POST', body: '{}', headers: { 'X-CSRF-TOKEN': 'wrong' } });
    expect(noToken.status).toBe(403);
    expect(await errorOf(await client.post(linkTargets.passkey_login, { credential: { id: 1 } }))).toBe('VALIDATION_FAILED');
  });
});

describe('adding and removing, signed in', () => {
  it('refuses the calls without a signed-in private person', async () => {
    const client = await browser();
    for (const answer of [await client.post(linkTargets.passkey_register_options), await client.call(linkTargets.passkeys)]) {
      expect(answer.status).toBe(403);
      expect(await errorOf(answer)).toBe('NOT_AUTHORIZED');
    }
  });

  it('needs a sign-in within 10 minutes to add or remove', async () => {
    const person = await freshPerson();
    const client = await signedIn(person);
    const { passkey } = await register(client, softwareAuthenticator());
    const options = (await client.json(linkTargets.passkey_register_options)) as { challenge: string; user: { id: string } };
    await client.advanceClock(11);
    const list = (await (await client.call(linkTargets.passkeys)).json()) as { recentSignIn: boolean; passkeys: unknown[] };
    expect(list).toMatchObject({ recentSignIn: false, passkeys: [expect.anything()] });
    for (const answer of [
      await client.post(linkTargets.passkey_register_options),
      await client.post(linkTargets.passkey_register, { credential: softwareAuthenticator().create(options) }),
      await client.remove(passkey.link[0].uri),
    ]) {
      expect(answer.status).toBe(403);
      expect(await errorOf(answer)).toBe('RECENT_SIGN_IN_REQUIRED');
    }
  });

  it('removes only the person’s own passkey: another person’s is NOT_FOUND', async () => {
    const { person, passkey } = await personWithPasskey();
    const other = await signedIn(await freshPerson());
    const answer = await other.remove(passkey.link[0].uri);
    expect(answer.status).toBe(404);
    expect(await errorOf(answer)).toBe('NOT_FOUND');
    expect(emulator.db.prepare('SELECT count(*) AS n FROM passkeys WHERE national_id = ?').get(person.nationalId)).toEqual({ n: 1 });
  });

  it('removes a passkey (204), which then signs in nobody: PASSKEY_NOT_RECOGNISED', async () => {
    const { person, authenticator, passkey, client } = await personWithPasskey();
    const owner = await signedIn(person);
    expect((await owner.call(passkey.link[0].uri, { method: 'DELETE', headers: { 'X-CSRF-TOKEN': 'wrong' } })).status).toBe(403);
    const removed = await owner.remove(passkey.link[0].uri);
    expect(removed.status).toBe(204);
    expect(((await (await owner.call(linkTargets.passkeys)).json()) as { passkeys: unknown[] }).passkeys).toEqual([]);
    const answer = await passkeyLogin(client, authenticator);
    expect(answer.status).toBe(403);
    expect(await errorOf(answer)).toBe('PASSKEY_NOT_RECOGNISED');
  });
});

describe('emails', () => {
  it(`floods no inbox: past ${passkeyAddsPerPersonPerMinute} adds a minute for one person, 429 with Retry-After and no email`, async () => {
    const { person, passkey } = await personWithPasskey();
    // Two sessions remove, so that no session's own removal budget is met first.
    const removers = [await signedIn(person), await signedIn(person)];
    const owner = removers[0];
    // One add made already (the first passkey); the others of the burst, each removed again (the limit is not the passkeys a person may have).
    let last = passkey;
    for (let add = 1; add < passkeyAddsPerPersonPerMinute; add += 1) {
      expect((await removers[add % 2].remove(last.link[0].uri)).status).toBe(204);
      last = (await register(owner, softwareAuthenticator())).passkey;
    }
    const before = (await outboxTo(person.email)).length;
    // The first add was told at once; the rest of the burst waits for the window's one email (passkey-mail.ts).
    expect(before).toBe(1);
    const options = (await owner.json(linkTargets.passkey_register_options)) as { challenge: string; user: { id: string } };
    const refused = await owner.post(linkTargets.passkey_register, { credential: softwareAuthenticator().create(options) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await errorOf(refused)).toBe('TOO_MANY_REQUESTS');
    expect(await outboxTo(person.email)).toHaveLength(before);
  });

  it('tells the person when a passkey is added and removed (the rest of ten minutes in one email), and after a password reset which passkeys it removed', async () => {
    const { person, authenticator, passkey, client } = await personWithPasskey();
    const owner = await signedIn(person);
    await register(owner, softwareAuthenticator());
    expect((await owner.remove(passkey.link[0].uri)).status).toBe(204);
    await register(owner, authenticator);
    const last = await register(owner, softwareAuthenticator());
    const first = await outboxTo(person.email);
    expect(first.map((message) => message.purpose)).toEqual(['passkey-added']);
    expect(first[0].text).toMatch(/ny passnøkkel[\s\S]*Var det ikke deg\? Fjern den her, så blir alle logget ut \(lenken virker i 7 dager\): http/i);
    realTimeAhead += passkeyMailWindowMs;
    const together = (await outboxTo(person.email)).filter((message) => message.purpose === 'passkey-changes');
    expect(together).toHaveLength(1);
    expect(together[0].text?.match(/^– Lagt til: Passnøkkel, laget /gm)).toHaveLength(3);
    expect(together[0].text?.match(/^– Fjernet: Passnøkkel, laget /gm)).toHaveLength(1);
    // The window has ended: the next change is told at once.
    expect((await owner.remove(last.passkey.link[0].uri)).status).toBe(204);
    expect((await outboxTo(person.email))[0].purpose).toBe('passkey-removed');
    const page = await (await emulator.app.request('/dev/outbox')).text();
    expect(page).toContain('Ny passnøkkel i Digipost');
    expect(page).toContain('Endringer i passnøklene dine i Digipost');
    expect(page).toContain('Passnøkkel fjernet fra Digipost');

    const resetting = await browser();
    const start = await resetting.post(linkTargets.reset_password, { phoneNumber: person.phone, taxReference: person.nationalId });
    expect(start.status).toBe(201);
    const self = ((await start.json()) as { link: { rel: string; uri: string }[] }).link.find((link) => link.rel.endsWith('/self'))!.uri;
    const all = (await (await emulator.app.request('/dev/api/outbox')).json()) as { to: string; purpose: string; code?: string }[];
    const codeTo = (to: string) => all.find((message) => message.to === to && message.purpose === 'password-reset')!.code;
    expect((await resetting.post(linkTargets.check_email_code, { code: codeTo(person.email) })).status).toBe(200);
    expect((await resetting.post(linkTargets.check_sms_code, { code: codeTo(person.phone) })).status).toBe(200);
    const finished = await resetting.post(self, {
      emailcode: codeTo(person.email),
      smscode: codeTo(person.phone),
      password: { password: 'Et-helt-nytt-passord-36' },
    });
    expect(finished.status).toBe(200);
    const confirmation = (await outboxTo(person.email)).find((message) => message.purpose === 'password-reset-completed');
    // Each was added by a session signed in with the password: the reset removed the two left, and says so.
    expect(confirmation?.text).toContain('Vi har fjernet passnøklene som ble laget etter en innlogging med passord');
    expect(confirmation?.text?.match(/^– Passnøkkel, laget /gm)).toHaveLength(2);
    expect(confirmation?.text).not.toContain('virker fortsatt');
    const refused = await passkeyLogin(client, authenticator);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe('PASSKEY_NOT_RECOGNISED');
  });
});
