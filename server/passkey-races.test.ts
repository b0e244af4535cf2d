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
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { linkTargets } from './emulator/root';
import { softwareAuthenticator } from './emulator/test-authenticator';
import { errorCode, freshPerson, httpClient, postReleasedTogether, startHttpServer, type HttpServer } from './test-http';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const apiType = 'application/vnd.digipost-v2+json';
/** Rounds of the race: in each, either call may be finished first. */
const rounds = 8;

let workDir: string;
let server: HttpServer;

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'innlogging-passkey-race-'));
  server = await startHttpServer(workDir, path.join(workDir, 'data'));
});

afterAll(async () => {
  await server.stop();
  rmSync(workDir, { recursive: true, force: true });
});

type Outbox = { to: string; purpose: string; code?: string }[];

it(`leaves the intruder no passkey when his add and the person's reset are released together (${rounds} rounds)`, async () => {
  const port = new URL(server.origin).port;
  const outcomes: string[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const person = await freshPerson(server.origin);
    // The intruder, signed in with the password, with creation options and his authenticator's answer ready.
    const intruder = httpClient(server.origin);
    await intruder.root();
    expect((await intruder.post(linkTargets.login_password, { username: person.nationalId, password: person.password })).status).toBe(200);
    await intruder.root();
    const options = (await (await intruder.post(linkTargets.passkey_register_options, {})).json()) as { challenge: string; user: { id: string } };
    const device = softwareAuthenticator({ origin: `http://localhost:${port}` });
    const credential = device.create(options);
    // The person, at the reset's last step.
    const resetting = httpClient(server.origin);
    await resetting.root();
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
    const stranger = httpClient(server.origin);
    await stranger.root();
    const loginOptions = (await (await stranger.post(linkTargets.passkey_login_options, {})).json()) as { challenge: string };
    const login = await stranger.post(linkTargets.passkey_login, { credential: device.get(loginOptions) });
    expect(login.status).toBe(403);
    expect(errorCode({ body: await login.text() })).toBe('PASSKEY_NOT_RECOGNISED');
  }
  // Not asserted (the order is the server's), but shown: which way each round went.
  console.info(`passkey add vs reset: ${outcomes.join('; ')}`);
});

it('removes once when two confirms of one "this was not me" link are released together', async () => {
  const port = new URL(server.origin).port;
  const person = await freshPerson(server.origin);
  const owner = httpClient(server.origin);
  await owner.root();
  expect((await owner.post(linkTargets.login_password, { username: person.nationalId, password: person.password })).status).toBe(200);
  await owner.root();
  const options = (await (await owner.post(linkTargets.passkey_register_options, {})).json()) as { challenge: string; user: { id: string } };
  const device = softwareAuthenticator({ origin: `http://localhost:${port}` });
  expect((await owner.post(linkTargets.passkey_register, { credential: device.create(options) })).status).toBe(201);
  const sent = (await (await fetch(`${server.origin}/dev/api/outbox`)).json()) as { to: string; purpose: string; text?: string }[];
  const link = sent.find((message) => message.to === person.email && message.purpose === 'passkey-added')?.text?.match(/\?token=([\w-]+)/)?.[1] ?? '';
  const clients = [httpClient(server.origin), httpClient(server.origin), httpClient(server.origin)];
  for (const client of clients) await client.root();
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
