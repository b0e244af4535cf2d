// @vitest-environment node
/**
 * Outside review of passkeys (issue #36, branch review-passkeys): attacks on the emulator's passkey
 * calls, in the style of passkeys.test.ts (software authenticator, one address per browser). Each
 * test is an attack the review tried, refused (one of them, the missing user handle, was let through
 * before the review).
 */
import { describe, expect, it } from 'vitest';
import { defaultLimits } from './limits';
import { emulatorForTests } from './test-emulator';
import { freshPerson as freshPersonOf } from '../test-http';
import { softwareAuthenticator, type SoftwareAuthenticator } from './test-authenticator';
import { browsersOf, type EmulatorBrowser } from './test-browser';
import { linkTargets } from './root';

const emulator = emulatorForTests('passkeys-review', { limits: { ...defaultLimits, passwordFailuresPerAddress: 50 } });

const browser = browsersOf(emulator, '10.37');
type Browser = EmulatorBrowser;

const errorOf = async (response: Response) => ((await response.json()) as { 'error-code'?: string })['error-code'];

const freshPerson = () => freshPersonOf(emulator, { fullName: 'Revi Sjonsen' });

async function signedIn(person: { nationalId: string; password: string }): Promise<Browser> {
  const client = await browser();
  expect((await client.post(linkTargets.login_password, { username: person.nationalId, password: person.password })).status).toBe(200);
  return client;
}

type Creation = { challenge: string; user: { id: string } };

async function register(client: Browser, authenticator: SoftwareAuthenticator) {
  const options = (await client.json(linkTargets.passkey_register_options)) as Creation;
  const response = await client.post(linkTargets.passkey_register, { credential: authenticator.create(options) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { passkey: { id: string; link: { uri: string }[] } }).passkey;
}

async function personWithPasskey(options: Parameters<typeof softwareAuthenticator>[0] = {}) {
  const person = await freshPerson();
  const authenticator = softwareAuthenticator(options);
  const owner = await signedIn(person);
  const passkey = await register(owner, authenticator);
  return { person, authenticator, passkey, owner, client: await browser() };
}

const loginOptions = async (client: Browser) => (await client.json(linkTargets.passkey_login_options)) as { challenge: string };

describe('review: WebAuthn verification', () => {
  it('refuses a discoverable assertion that carries no user handle (WebAuthn L3 §7.2 step 6: without allowCredentials it must be present)', async () => {
    const { authenticator, client } = await personWithPasskey({ counter: 'zero', synced: true });
    const credential = authenticator.get(await loginOptions(client));
    // The user handle is not signed: anyone relaying an assertion may drop it.
    const { userHandle: _dropped, ...response } = credential.response;
    const answer = await client.post(linkTargets.passkey_login, { credential: { ...credential, response } });
    expect(answer.status).toBe(403);
    expect(await errorOf(answer)).toBe('PASSKEY_REFUSED');
  });

  it('refuses a registration challenge answered as a sign-in (cross-purpose)', async () => {
    const { person, authenticator } = await personWithPasskey({ counter: 'zero', synced: true });
    const owner = await signedIn(person);
    const creation = (await owner.json(linkTargets.passkey_register_options)) as Creation;
    const answer = await owner.post(linkTargets.passkey_login, { credential: authenticator.get(creation) });
    expect(answer.status).toBe(403);
    expect(await errorOf(answer)).toBe('PASSKEY_CHALLENGE_INVALID');
  });

  it('refuses a sign-in challenge answered as a registration (cross-purpose)', async () => {
    const person = await freshPerson();
    const owner = await signedIn(person);
    const request = await loginOptions(owner);
    const creation = (await owner.json(linkTargets.passkey_register_options)) as Creation;
    const answer = await owner.post(linkTargets.passkey_register, {
      credential: softwareAuthenticator().create({ ...creation, challenge: request.challenge }),
    });
    expect(answer.status).toBe(403);
    expect(await errorOf(answer)).toBe('PASSKEY_CHALLENGE_INVALID');
  });

  it('refuses a challenge handed out before the sign-in once the session is new (no fixation of challenges)', async () => {
    const person = await freshPerson();
    const client = await browser();
    const before = await loginOptions(client);
    expect((await client.post(linkTargets.login_password, { username: person.nationalId, password: person.password })).status).toBe(200);
    const authenticator = softwareAuthenticator();
    const creation = (await client.json(linkTargets.passkey_register_options)) as Creation;
    const answer = await client.post(linkTargets.passkey_register, { credential: authenticator.create({ ...creation, challenge: before.challenge }) });
    expect(await errorOf(answer)).toBe('PASSKEY_CHALLENGE_INVALID');
  });

  it('of two assertions with the same counter on different challenges released together, only one signs in', async () => {
    const { authenticator } = await personWithPasskey();
    const first = await browser();
    const second = await browser();
    const a = authenticator.get(await loginOptions(first), { counter: 7 });
    const b = authenticator.get(await loginOptions(second), { counter: 7 });
    const answers = await Promise.all([
      first.call(linkTargets.passkey_login, { method: 'POST', body: JSON.stringify({ credential: a }) }),
      second.call(linkTargets.passkey_login, { method: 'POST', body: JSON.stringify({ credential: b }) }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
  });

  it('refuses an assertion whose id and rawId differ, and one naming another person’s credential', async () => {
    const alice = await personWithPasskey({ counter: 'zero', synced: true });
    const bob = await personWithPasskey({ counter: 'zero', synced: true });
    const client = await browser();
    const credential = alice.authenticator.get(await loginOptions(client));
    const mixed = await client.post(linkTargets.passkey_login, { credential: { ...credential, rawId: bob.authenticator.get({ challenge: 'x' }).rawId } });
    expect(mixed.status).toBe(403);
    // Alice's signature presented under Bob's credential id: Bob's key does not verify it.
    const swapped = alice.authenticator.get(await loginOptions(client));
    const bobsId = bob.authenticator.get({ challenge: 'x' }).id;
    const answer = await client.post(linkTargets.passkey_login, { credential: { ...swapped, id: bobsId, rawId: bobsId } });
    expect(await errorOf(answer)).toBe('PASSKEY_REFUSED');
    expect((await client.root()).role).toBeUndefined();
  });

  it('takes the RP ID and origins from the settings, never from Host, X-Forwarded-Host or Origin', async () => {
    const { authenticator, client } = await personWithPasskey({ counter: 'zero', synced: true, origin: 'http://localhost:3000' });
    const headers = { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', Origin: 'https://evil.example' };
    const options = (await (await client.post(linkTargets.passkey_login_options, {}, { headers })).json()) as { challenge: string; rpId: string };
    expect(options.rpId).toBe('localhost');
    const answer = await client.post(
      linkTargets.passkey_login,
      { credential: authenticator.get(options, { origin: 'https://evil.example', rpId: 'evil.example' }) },
      { headers },
    );
    expect(await errorOf(answer)).toBe('PASSKEY_REFUSED');
  });
});

describe('review: who may add, list and remove', () => {
  it('refuses register, list and remove to anonymous, business, admin and registration sessions', async () => {
    const { passkey } = await personWithPasskey();
    const person = await freshPerson();
    const callers: Browser[] = [await browser()];
    for (const role of ['VIRKSOMHET', 'ADMIN', 'REGISTRERING']) {
      const client = await browser();
      expect((await client.post('/dev/api/session', { role, nationalId: person.nationalId })).status).toBe(200);
      callers.push(client);
    }
    for (const client of callers) {
      const answers = [
        await client.post(linkTargets.passkey_register_options),
        await client.post(linkTargets.passkey_register, { credential: softwareAuthenticator().create({ challenge: 'x', user: { id: 'AAAA' } }) }),
        await client.call(linkTargets.passkeys),
        await client.remove(passkey.link[0].uri),
      ];
      for (const answer of answers) expect(answer.status).toBe(403);
    }
  });

  it('asks for the CSRF token on register options, register, login options, login and remove', async () => {
    const { owner, passkey, authenticator } = await personWithPasskey();
    const wrong = { headers: { 'X-CSRF-TOKEN': 'wrong' } };
    const creation = (await owner.json(linkTargets.passkey_register_options)) as Creation;
    for (const answer of [
      await owner.post(linkTargets.passkey_register_options, {}, wrong),
      await owner.post(linkTargets.passkey_register, { credential: softwareAuthenticator().create(creation) }, wrong),
      await owner.post(linkTargets.passkey_login_options, {}, wrong),
      await owner.post(linkTargets.passkey_login, { credential: authenticator.get({ challenge: 'x' }) }, wrong),
      await owner.remove(passkey.link[0].uri, wrong),
    ]) {
      expect(answer.status).toBe(403);
      expect(await errorOf(answer)).toBe('CSRF_TOKEN_INVALID');
    }
  });
});
