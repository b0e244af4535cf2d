// @vitest-environment node
/**
 * The automatic passkey upgrade (issue #51) against the emulator over HTTP: options marked for it only
 * right after a password sign-in, outside the app, for an account with no passkey; the passkey a
 * conditional create makes (the software authenticator's `silent`: user-present and user-verified
 * flags off) taken only for such a challenge, once, while the session is still young enough; its root
 * and its email.
 */
import { describe, expect, it } from 'vitest';
import { defaultLimits } from './limits';
import { emulatorForTests } from './test-emulator';
import { softwareAuthenticator } from './test-authenticator';
import { errorOf, passkeyHelpers } from './test-passkeys';
import { linkTargets } from './root';
import { passkeyMailWindowMs } from './passkey-mail';
import type { Person } from '../test-http';
import type { Language } from '../../src/contract/languages';

/** Real time as the emulator sees it, moved on past a window of passkey emails (passkey-mail.ts). */
let realTimeAhead = 0;
const emulator = emulatorForTests('passkey-upgrade', {
  limits: { ...defaultLimits, passwordFailuresPerAddress: 50 },
  now: () => Date.now() + realTimeAhead,
});
const { browser, freshPerson, passwordSignedIn, eidSignedIn, register, tryRegister, passkeyLogin, upgradeOptions, tryUpgrade, outboxTo, undoLinkOf } =
  passkeyHelpers(emulator, '10.51');

type Creation = { challenge: string; user: { id: string; name: string; displayName: string }; authenticatorSelection: { userVerification: string } };

const rootOf = (passkeyId: string) => (emulator.db.prepare('SELECT root FROM passkeys WHERE id = ?').get(passkeyId) as { root: string }).root;

const addedEmail = async (person: Person) => (await outboxTo(person.email)).find((message) => message.purpose === 'passkey-added');

async function refusedUpgrade(client: Awaited<ReturnType<typeof browser>>) {
  const answer = await upgradeOptions(client);
  expect(answer.status).toBe(403);
  expect(await errorOf(answer)).toBe('PASSKEY_UPGRADE_NOT_ALLOWED');
}

describe('the upgrade’s options', () => {
  it('right after a password sign-in: user.name the national ID (the saved password’s username), displayName the full name, no verification asked', async () => {
    const person = await freshPerson();
    const client = await passwordSignedIn(person);
    const answer = await upgradeOptions(client);
    expect(answer.status).toBe(200);
    const options = (await answer.json()) as Creation;
    expect(options.user).toMatchObject({ name: person.nationalId, displayName: person.fullName });
    expect(options.authenticatorSelection.userVerification).toBe('preferred');
    // An ordinary registration's options still name the person by their name, and ask for verification.
    const ordinary = (await client.json(linkTargets.passkey_register_options)) as Creation;
    expect(ordinary.user).toMatchObject({ name: person.fullName, displayName: person.fullName });
    expect(ordinary.authenticatorSelection.userVerification).toBe('required');
  });

  it('refused after an eID sign-in (no password manager filled it), where ordinary options are given', async () => {
    const client = await eidSignedIn(await freshPerson());
    await refusedUpgrade(client);
    expect((await client.post(linkTargets.passkey_register_options, {})).status).toBe(200);
  });

  it('refused after a passkey sign-in', async () => {
    const person = await freshPerson();
    const authenticator = softwareAuthenticator();
    await register(await passwordSignedIn(person), authenticator);
    const client = await browser();
    expect((await passkeyLogin(client, authenticator)).status).toBe(200);
    await refusedUpgrade(client);
  });

  it('refused 5 minutes after the password sign-in, by the browser’s clock, while ordinary options are still given (10 minutes)', async () => {
    const client = await passwordSignedIn(await freshPerson());
    await client.advanceClock(5);
    await refusedUpgrade(client);
    expect((await client.post(linkTargets.passkey_register_options, {})).status).toBe(200);
  });

  it('refused for an account that has a passkey', async () => {
    const person = await freshPerson();
    await register(await passwordSignedIn(person), softwareAuthenticator());
    await refusedUpgrade(await passwordSignedIn(person));
  });

  it('refused in the app’s flow (a password sign-in on the app’s own login page, decision 019)', async () => {
    const person = await freshPerson();
    const client = await browser();
    const signedIn = await client.post(linkTargets.login_password, {
      username: person.nationalId,
      password: person.password,
      appAuthorization: 'app-login-51',
    });
    expect(signedIn.status).toBe(200);
    await refusedUpgrade(client);
    expect((await client.post(linkTargets.passkey_register_options, {})).status).toBe(200);
  });
});

describe('the upgrade’s passkey, made with the user-present and user-verified flags off', () => {
  it('is taken for a fresh upgrade challenge; its root is password, so the person’s reset takes it back', async () => {
    const person = await freshPerson();
    const client = await passwordSignedIn(person);
    const answer = await tryUpgrade(client, softwareAuthenticator());
    expect(answer.status).toBe(201);
    const { passkey } = (await answer.json()) as { passkey: { id: string } };
    expect(rootOf(passkey.id)).toBe('password');
  });

  it('is refused for an ordinary challenge, in a session where the upgrade would be allowed', async () => {
    const person = await freshPerson();
    const client = await passwordSignedIn(person);
    expect(((await (await upgradeOptions(client)).json()) as Creation).user.name).toBe(person.nationalId);
    const answer = await tryRegister(client, softwareAuthenticator(), { silent: true });
    expect(answer.status).toBe(403);
    expect(await errorOf(answer)).toBe('PASSKEY_REFUSED');
  });

  it('is refused for an upgrade challenge used already (taken once)', async () => {
    const client = await passwordSignedIn(await freshPerson());
    const options = (await (await upgradeOptions(client)).json()) as Creation;
    const authenticator = softwareAuthenticator();
    expect((await client.post(linkTargets.passkey_register, { credential: authenticator.create(options, { silent: true }) })).status).toBe(201);
    const again = await client.post(linkTargets.passkey_register, { credential: authenticator.create(options, { silent: true }) });
    expect(again.status).toBe(403);
    expect(await errorOf(again)).toBe('PASSKEY_CHALLENGE_INVALID');
  });

  it('is refused when the session has grown older than 5 minutes between the options and the answer, and taken when it has not', async () => {
    const late = await passwordSignedIn(await freshPerson());
    await late.advanceClock(3);
    const options = (await (await upgradeOptions(late)).json()) as Creation;
    await late.advanceClock(2.5);
    const answer = await late.post(linkTargets.passkey_register, { credential: softwareAuthenticator().create(options, { silent: true }) });
    expect(answer.status).toBe(403);
    expect(await errorOf(answer)).toBe('PASSKEY_UPGRADE_NOT_ALLOWED');

    const inTime = await passwordSignedIn(await freshPerson());
    await inTime.advanceClock(3);
    const early = (await (await upgradeOptions(inTime)).json()) as Creation;
    await inTime.advanceClock(1.5);
    expect((await inTime.post(linkTargets.passkey_register, { credential: softwareAuthenticator().create(early, { silent: true }) })).status).toBe(201);
  });

  it('an upgrade challenge is no ordinary registration’s: past the 5 minutes, refused even with both flags on (ordinary options would be given)', async () => {
    const client = await passwordSignedIn(await freshPerson());
    await client.advanceClock(4);
    const options = (await (await upgradeOptions(client)).json()) as Creation;
    await client.advanceClock(2);
    const answer = await client.post(linkTargets.passkey_register, { credential: softwareAuthenticator().create(options) });
    expect(answer.status).toBe(403);
    expect(await errorOf(answer)).toBe('PASSKEY_UPGRADE_NOT_ALLOWED');
    expect((await tryRegister(client, softwareAuthenticator())).status).toBe(201);
  });

  it('an upgrade challenge answered as a sign-in is refused (its own purpose)', async () => {
    const person = await freshPerson();
    const authenticator = softwareAuthenticator();
    await register(await passwordSignedIn(person), authenticator);
    const otherPerson = await freshPerson();
    const other = await passwordSignedIn(otherPerson);
    const options = (await (await upgradeOptions(other)).json()) as Creation;
    expect(options.user.name).toBe(otherPerson.nationalId);
    const answer = await other.post(linkTargets.passkey_login, { credential: authenticator.get(options) });
    expect(answer.status).toBe(403);
    expect(await errorOf(answer)).toBe('PASSKEY_CHALLENGE_INVALID');
  });
});

describe('the upgrade’s email', () => {
  const made: Record<Language, string> = {
    nb: 'En nettleser har laget en passnøkkel etter en innlogging i Digipost med passordet ditt.',
    nn: 'Ein nettlesar har laga ein passnøkkel etter ei innlogging i Digipost med passordet ditt.',
    en: 'A browser created a passkey after a login to Digipost with your password.',
  };

  for (const language of ['nb', 'nn', 'en'] as const) {
    it(`says plainly that the browser made it, with its "this was not me" link (${language})`, async () => {
      const person = await freshPerson(language);
      expect((await tryUpgrade(await passwordSignedIn(person), softwareAuthenticator())).status).toBe(201);
      const email = await addedEmail(person);
      expect(email?.text).toContain(made[language]);
      const { link } = await undoLinkOf(person);
      expect(email?.text).toContain(link);
    });
  }

  it('told within a window of emails, its line says the browser made it (an ordinary add’s email does not)', async () => {
    const person = await freshPerson();
    const client = await passwordSignedIn(person);
    const { link } = await register(client, softwareAuthenticator());
    expect((await addedEmail(person))?.text).not.toContain('En nettleser');
    expect((await client.remove(link[0].uri)).status).toBe(204);
    expect((await tryUpgrade(await passwordSignedIn(person), softwareAuthenticator())).status).toBe(201);
    realTimeAhead += passkeyMailWindowMs;
    const together = (await outboxTo(person.email)).find((message) => message.purpose === 'passkey-changes');
    expect(together?.text).toMatch(/^– Fjernet: Passnøkkel, laget /m);
    expect(together?.text).toMatch(/^– Laget av en nettleser: Passnøkkel, laget /m);
    expect(together?.text).toMatch(/passkey-not-me\?token=/);
  });
});

describe('once per session (an outside review of #51)', () => {
  const stored = (person: Person) =>
    (emulator.db.prepare('SELECT COUNT(*) AS n FROM passkeys WHERE national_id = ?').get(person.nationalId) as { n: number }).n;

  it('three upgrade answers released together make one passkey; the others are refused', async () => {
    const person = await freshPerson();
    const client = await passwordSignedIn(person);
    const options = [];
    for (let asked = 0; asked < 3; asked++) options.push(await (await upgradeOptions(client)).json());
    const answers = await Promise.all(
      options.map((creation) => client.post(linkTargets.passkey_register, { credential: softwareAuthenticator().create(creation as never, { silent: true }) })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 403, 403]);
    for (const answer of answers.filter((refused) => refused.status === 403)) expect(await errorOf(answer)).toBe('PASSKEY_UPGRADE_NOT_ALLOWED');
    expect(stored(person)).toBe(1);
  });

  it('the upgrade’s passkey removed: the same session gets no second upgrade', async () => {
    const person = await freshPerson();
    const client = await passwordSignedIn(person);
    const made = await tryUpgrade(client, softwareAuthenticator());
    expect(made.status).toBe(201);
    const { passkey } = (await made.json()) as { passkey: { link: { uri: string }[] } };
    expect((await client.remove(passkey.link[0]?.uri ?? '')).status).toBe(204);
    const again = await upgradeOptions(client);
    expect(again.status).toBe(403);
    expect(await errorOf(again)).toBe('PASSKEY_UPGRADE_NOT_ALLOWED');
  });
});
