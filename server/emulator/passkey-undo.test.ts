// @vitest-environment node
/**
 * "This was not me" (issue #45) against the emulator over HTTP: each added passkey's email carries a
 * link whose token, with no sign-in, names the passkey and, confirmed once, removes it and the passkeys
 * added with it and ends every session of the account. Opening the link (the lookup) changes nothing.
 * Two confirms released together are in server/passkey-races.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { defaultLimits } from './limits';
import { emulatorForTests } from './test-emulator';
import { softwareAuthenticator, type SoftwareAuthenticator } from './test-authenticator';
import { errorOf, passkeyHelpers } from './test-passkeys';
import type { EmulatorBrowser } from './test-browser';
import { linkTargets } from './root';
import { passkeyUndoLinkLifetimeDays } from '../../src/contract/limits';

const emulator = emulatorForTests('passkey-undo', { limits: { ...defaultLimits, passwordFailuresPerAddress: 50 } });
const { browser, freshPerson, passwordSignedIn, eidSignedIn, register, passkeyLogin, listed, undoLinkOf } = passkeyHelpers(emulator, '10.45');

const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

/** Opens the link (in a new browser, unless one is given): what it names, nothing changed. */
async function lookup(token: string, client?: EmulatorBrowser) {
  return (client ?? (await browser())).post(linkTargets.passkey_undo_lookup, { token });
}

/** Confirms the link (in a new browser, unless one is given). */
async function confirm(token: string, client?: EmulatorBrowser) {
  return (client ?? (await browser())).post(linkTargets.passkey_undo, { token });
}

/** Both opening and confirming the link are refused with this status and error code. */
async function expectRefused(token: string, status: number, code: string, client?: EmulatorBrowser) {
  for (const answer of [await lookup(token, client), await confirm(token, client)]) {
    expect(answer.status, token).toBe(status);
    expect(await errorOf(answer), token).toBe(code);
  }
}

/** A fresh person who added a passkey of `device` after signing in with the password: the passkey, and the token of that email's link. */
async function personWithUndoLink(device = softwareAuthenticator()) {
  const person = await freshPerson();
  const passkey = await register(await passwordSignedIn(person), device);
  const { token } = await undoLinkOf(person);
  return { person, passkey, token };
}

/** A new browser, signed in with the passkey of `device`, adds one of a new authenticator: the browser, that authenticator and its passkey. */
async function addedFrom(device: SoftwareAuthenticator) {
  const from = await browser();
  expect((await passkeyLogin(from, device)).status).toBe(200);
  const added = softwareAuthenticator();
  return { from, added, passkey: await register(from, added) };
}

describe('the link in a passkey-added email', () => {
  it('points at this site’s page in the person’s language, and names the passkey: provider, when, browser and system', async () => {
    const person = await freshPerson('en');
    const client = await passwordSignedIn(person);
    const options = (await client.json(linkTargets.passkey_register_options)) as { challenge: string; user: { id: string } };
    const credential = softwareAuthenticator({ aaguid: 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4' }).create(options);
    expect((await client.post(linkTargets.passkey_register, { credential }, { headers: { 'User-Agent': chrome } })).status).toBe(201);
    const { link, token } = await undoLinkOf(person);
    expect(link).toMatch(/^http:\/\/localhost:3000\/innlogging\/en\/passkey-not-me\?token=[\w-]{43}$/);
    const looked = await lookup(token);
    expect(looked.status).toBe(200);
    expect(await looked.json()).toEqual({
      provider: 'Google Password Manager',
      createdAt: expect.stringMatching(/^\d{4}-/),
      browser: 'Chrome',
      system: 'Windows',
    });
  });

  it('puts no text of the User-Agent in the email or the answer: only names from a fixed list', async () => {
    const person = await freshPerson();
    const client = await passwordSignedIn(person);
    const options = (await client.json(linkTargets.passkey_register_options)) as { challenge: string; user: { id: string } };
    const forged = 'Mozilla/5.0 (Ring 815 00 000 og oppgi koden) Chrome/1.0 Linux <b>Ring oss</b>';
    const answer = await client.post(
      linkTargets.passkey_register,
      { credential: softwareAuthenticator().create(options) },
      { headers: { 'User-Agent': forged } },
    );
    expect(answer.status).toBe(201);
    const { token } = await undoLinkOf(person);
    const looked = (await (await lookup(token)).json()) as Record<string, string>;
    expect(looked).toMatchObject({ browser: 'Chrome', system: 'Linux' });
    expect(JSON.stringify(looked)).not.toMatch(/Ring|oppgi|<b>/);
  });

  it('is opened any number of times without effect, then confirmed once: the passkey and those added with it gone, every session ended', async () => {
    const device = softwareAuthenticator();
    const { person, token } = await personWithUndoLink(device);
    // The intruder's passkey session adds a second; the person's own eID-rooted passkey is another's line.
    const { from: fromDevice, added: second } = await addedFrom(device);
    const personsOwn = softwareAuthenticator();
    const eid = await eidSignedIn(person);
    await register(eid, personsOwn);
    // A mail scanner, then the person, open the link twice: nothing changes.
    for (let open = 0; open < 2; open += 1) expect((await lookup(token)).status).toBe(200);
    expect((await listed(eid)).passkeys).toHaveLength(3);

    const done = await confirm(token);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ removed: 2, named: true });
    for (const gone of [device, second]) expect(await errorOf(await passkeyLogin(await browser(), gone))).toBe('PASSKEY_NOT_RECOGNISED');
    expect((await fromDevice.root()).role).toBeUndefined();
    expect((await eid.root()).role).toBeUndefined();
    expect((await passkeyLogin(await browser(), personsOwn)).status).toBe(200);
  });

  it('refuses a used link, and a second confirm, with PASSKEY_UNDO_LINK_USED (410)', async () => {
    const { token } = await personWithUndoLink();
    expect((await confirm(token)).status).toBe(200);
    await expectRefused(token, 410, 'PASSKEY_UNDO_LINK_USED');
  });

  it('refuses a wrong, malformed or cut-short token with PASSKEY_UNDO_LINK_INVALID (404), and an empty body with 400', async () => {
    const { token } = await personWithUndoLink();
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [wrong, token.slice(0, 30), `${token}x`, 'ikke-en-lenke', '', `${token.slice(0, 42)}=`]) {
      await expectRefused(bad, 404, 'PASSKEY_UNDO_LINK_INVALID');
    }
    expect((await (await browser()).post(linkTargets.passkey_undo, {})).status).toBe(400);
    // None of that used it up.
    expect((await confirm(token)).status).toBe(200);
  });

  it(`refuses a link older than ${passkeyUndoLinkLifetimeDays} days with PASSKEY_UNDO_LINK_EXPIRED (410), and takes one a minute younger`, async () => {
    const { token } = await personWithUndoLink();
    const later = await browser();
    await later.advanceClock(passkeyUndoLinkLifetimeDays * 24 * 60 - 1);
    await later.root();
    expect((await lookup(token, later)).status).toBe(200);
    await later.advanceClock(2);
    await later.root();
    await expectRefused(token, 410, 'PASSKEY_UNDO_LINK_EXPIRED', later);
  });

  it('says PASSKEY_ALREADY_REMOVED (410) when the passkey is gone already, a reset’s or the person’s doing', async () => {
    const person = await freshPerson();
    const owner = await passwordSignedIn(person);
    const passkey = await register(owner, softwareAuthenticator());
    const { token } = await undoLinkOf(person);
    expect((await owner.remove(passkey.link[0].uri)).status).toBe(204);
    await expectRefused(token, 410, 'PASSKEY_ALREADY_REMOVED');
  });

  it('asks for a CSRF token, as every call does, but for no sign-in', async () => {
    const { token } = await personWithUndoLink();
    const client = await browser();
    const refused = await client.call(linkTargets.passkey_undo, { method: 'POST', body: JSON.stringify({ token }), headers: { 'X-CSRF-TOKEN': 'wrong' } });
    expect(refused.status).toBe(403);
    expect((await client.root()).role).toBeUndefined();
    expect((await confirm(token, client)).status).toBe(200);
  });

  it('stores only a hash of the token', async () => {
    const { token } = await personWithUndoLink();
    const rows = emulator.db.prepare('SELECT token_hash FROM passkey_undo_tokens').all() as { token_hash: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
  });
});

describe('an outside review of the above', () => {
  it('removes what the chain added though the intruder removed a passkey between: X added Y, Y added Z, Z removed Y; X’s link still takes Z', async () => {
    const x = softwareAuthenticator();
    const { token } = await personWithUndoLink(x);
    const { added: y, passkey: yPasskey } = await addedFrom(x);
    const { added: z } = await addedFrom(y);
    const fromZ = await browser();
    expect((await passkeyLogin(fromZ, z)).status).toBe(200);
    expect((await fromZ.remove(yPasskey.link[0].uri)).status).toBe(204);
    const done = await confirm(token);
    expect(await done.json()).toEqual({ removed: 2, named: true });
    for (const gone of [x, y, z]) expect(await errorOf(await passkeyLogin(await browser(), gone))).toBe('PASSKEY_NOT_RECOGNISED');
  });

  it('still does its work when the intruder removed the passkey it names, while one added from it lives', async () => {
    const x = softwareAuthenticator();
    const { passkey: xPasskey, token } = await personWithUndoLink(x);
    const { added: y } = await addedFrom(x);
    const fromY = await browser();
    expect((await passkeyLogin(fromY, y)).status).toBe(200);
    expect((await fromY.remove(xPasskey.link[0].uri)).status).toBe(204);
    const looked = await lookup(token);
    expect(looked.status).toBe(200);
    const done = await confirm(token);
    expect(await done.json()).toEqual({ removed: 1, named: false });
    expect(await errorOf(await passkeyLogin(await browser(), y))).toBe('PASSKEY_NOT_RECOGNISED');
    expect((await fromY.root()).role).toBeUndefined();
  });

  it('keeps no token in clear while an added passkey waits for the window’s email; its link is made when that email goes', async () => {
    const person = await freshPerson();
    const client = await passwordSignedIn(person);
    await register(client, softwareAuthenticator());
    await register(client, softwareAuthenticator());
    const pending = emulator.db.prepare('SELECT * FROM passkey_mail_pending WHERE national_id = ?').all(person.nationalId);
    expect(pending).toHaveLength(1);
    expect(JSON.stringify(pending)).not.toMatch(/token=|[A-Za-z0-9_-]{43}/);
    expect(emulator.db.prepare('SELECT count(*) AS n FROM passkey_undo_tokens WHERE national_id = ?').get(person.nationalId)).toEqual({ n: 1 });
  });

  it('never holds back a link that works: junk from the person’s address is limited, their confirm is not', async () => {
    const { token } = await personWithUndoLink();
    const shared = await browser();
    const junk: number[] = [];
    for (let call = 0; call < 40; call += 1) junk.push((await shared.post(linkTargets.passkey_undo_lookup, { token: 'A'.repeat(43) })).status);
    expect(junk.slice(0, 30)).toEqual(Array(30).fill(404));
    expect(junk.slice(30)).toEqual(Array(10).fill(429));
    expect((await confirm(token, shared)).status).toBe(200);
  });
});
