// @vitest-environment node
/**
 * Passkey calls raced against the real HTTP server, bodies released together.
 *
 * An add that races the password reset cannot survive it (issue #44):
 * the intruder's passkey registration and the person's last reset step, their bodies released
 * together. Whichever the server finishes first, the intruder is left with no passkey: the add's
 * session, its root and the insert are one transaction, and so are the reset's new password, its end
 * of every session and its removal of the password-rooted passkeys.
 *
 * Two confirms of one "this was not me" link (issue #45) remove once: the token is taken in the
 * transaction that removes.
 */
import { expect, it, vi } from 'vitest';
import { linkTargets } from './emulator/root';
import { softwareAuthenticator } from './emulator/test-authenticator';
import { browserAt, errorCode, freshPerson, passwordSignedIn, postReleasedTogether, type Person } from './test-http';
import { httpServerForTests } from './test-server';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const apiType = 'application/vnd.digipost-v2+json';
/** Rounds of the race: in each, either call may be finished first. */
const rounds = 8;

const server = httpServerForTests('passkey-race');

type Outbox = { to: string; purpose: string; code?: string }[];

/** The person signed in with their password, and a new passkey's credential made for that session (not yet sent). */
async function signedInWithNewPasskey(person: Person) {
  const client = await passwordSignedIn(server.origin, person);
  const options = (await (await client.post(linkTargets.passkey_register_options, {})).json()) as { challenge: string; user: { id: string } };
  const device = softwareAuthenticator({ origin: `http://localhost:${new URL(server.origin).port}` });
  return { client, device, credential: device.create(options) };
}

it(`leaves the intruder no passkey when his add and the person's reset are released together (${rounds} rounds)`, async () => {
  const outcomes: string[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const person = await freshPerson(server.origin);
    // The intruder, signed in with the password, with creation options and his authenticator's answer ready.
    const { client: intruder, device, credential } = await signedInWithNewPasskey(person);
    // The person, at the reset's last step.
    const resetting = await browserAt(server.origin);
    const start = await resetting.post(linkTargets.reset_password, { phoneNumber: person.phone, taxReference: person.nationalId });
    expect(start.status).toBe(201);
    const self = ((await start.json()) as { link: { rel: string; uri: string }[] }).link.find((link) => link.rel.endsWith('/self'))?.uri ?? '';
    const sent = (await (await fetch(`${server.origin}/dev/api/outbox`)).json()) as Outbox;
    const codeTo = (to: string) => sent.find((message) => message.to === to && message.purpose === 'password-reset')?.code;
    expect((await resetting.post(linkTargets.check_email_code, { code: codeTo(person.email) })).status).toBe(200);
    expect((await resetting.post(linkTargets.check_sms_code, { code: codeTo(person.phone) })).status).toBe(200);

    const [added, reset] = await postReleasedTogether(
      server.origin,
      (index) => (index === 0 ? linkTargets.passkey_register : self),
      (index) => {
        const client = index === 0 ? intruder : resetting;
        return { Cookie: client.cookieHeader(), 'X-CSRF-TOKEN': client.csrf, 'Content-Type': apiType };
      },
      [
        JSON.stringify({ credential }),
        JSON.stringify({ emailcode: codeTo(person.email), smscode: codeTo(person.phone), password: { password: 'Et-helt-nytt-passord-44' } }),
      ],
    );
    expect(reset.status).toBe(200);
    expect([201, 403]).toContain(added.status);
    outcomes.push(added.status === 201 ? 'added, then removed by the reset' : `refused (${errorCode(added)})`);
    // Whichever came first, the intruder has no passkey: none stored, and his signs in nobody.
    const stored = server.emulator.db.prepare('SELECT count(*) AS n FROM passkeys WHERE national_id = ?').get(person.nationalId) as { n: number };
    expect(stored.n).toBe(0);
    const stranger = await browserAt(server.origin);
    const loginOptions = (await (await stranger.post(linkTargets.passkey_login_options, {})).json()) as { challenge: string };
    const login = await stranger.post(linkTargets.passkey_login, { credential: device.get(loginOptions) });
    expect(login.status).toBe(403);
    expect(errorCode({ body: await login.text() })).toBe('PASSKEY_NOT_RECOGNISED');
  }
  // Not asserted (the order is the server's), but shown: which way each round went.
  console.info(`passkey add vs reset: ${outcomes.join('; ')}`);
});

it('removes once when two confirms of one "this was not me" link are released together', async () => {
  const person = await freshPerson(server.origin);
  const { client: owner, credential } = await signedInWithNewPasskey(person);
  expect((await owner.post(linkTargets.passkey_register, { credential })).status).toBe(201);
  const sent = (await (await fetch(`${server.origin}/dev/api/outbox`)).json()) as { to: string; purpose: string; text?: string }[];
  const link = sent.find((message) => message.to === person.email && message.purpose === 'passkey-added')?.text?.match(/\?token=([\w-]+)/)?.[1] ?? '';
  const clients = [await browserAt(server.origin), await browserAt(server.origin), await browserAt(server.origin)];
  const answers = await postReleasedTogether(
    server.origin,
    linkTargets.passkey_undo,
    (index) => ({ Cookie: clients[index].cookieHeader(), 'X-CSRF-TOKEN': clients[index].csrf, 'Content-Type': apiType }),
    clients.map(() => JSON.stringify({ token: link })),
  );
  expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
  expect(answers.filter((answer) => errorCode(answer) === 'PASSKEY_UNDO_LINK_USED')).toHaveLength(2);
  const removedEmails = ((await (await fetch(`${server.origin}/dev/api/outbox`)).json()) as { to: string; purpose: string }[]).filter(
    (message) => message.to === person.email && /removed|changes/.test(message.purpose),
  );
  expect(removedEmails.length).toBeLessThanOrEqual(1);
});
