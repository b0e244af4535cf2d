// @vitest-environment node
/**
 * What the WebAuthn Signal API needs (issue #51), against the emulator over HTTP: the passkey sign-in's
 * answer and the passkeys list give the signed-in person their user handle and the credential IDs of
 * every passkey of theirs, both base64url, and nobody else anyone's.
 */
import { describe, expect, it } from 'vitest';
import { defaultLimits } from './limits';
import { emulatorForTests } from './test-emulator';
import { softwareAuthenticator, type SoftwareAuthenticator } from './test-authenticator';
import { errorOf, passkeyHelpers } from './test-passkeys';
import { linkTargets } from './root';

const emulator = emulatorForTests('passkey-signals', { limits: { ...defaultLimits, passwordFailuresPerAddress: 50 } });
const { browser, freshPerson, passwordSignedIn, register, passkeyLogin, listed } = passkeyHelpers(emulator, '10.52');

interface Accepted {
  rpId?: string;
  userHandle?: string;
  credentialIds?: string[];
  name?: string;
  displayName?: string;
}

const idsOf = (authenticator: SoftwareAuthenticator) => authenticator.credentials.map((credential) => credential.id.toString('base64url'));
const sorted = (ids: readonly string[] = []) => [...ids].sort();

/** A person with two passkeys on one authenticator, and their user handle as the creation options gave it. */
async function personWithTwoPasskeys() {
  const person = await freshPerson();
  const authenticator = softwareAuthenticator();
  const owner = await passwordSignedIn(person);
  const { user } = (await owner.json(linkTargets.passkey_register_options)) as { user: { id: string } };
  const first = await register(owner, authenticator);
  await register(owner, authenticator);
  return { person, authenticator, owner, userHandle: user.id, first };
}

describe('the passkey sign-in’s answer', () => {
  it('gives the person their user handle and every credential ID of theirs', async () => {
    const { authenticator, userHandle } = await personWithTwoPasskeys();
    const answer = await passkeyLogin(await browser(), authenticator);
    expect(answer.status).toBe(200);
    const accepted = (await answer.json()) as Accepted;
    expect(accepted.userHandle).toBe(userHandle);
    expect(sorted(accepted.credentialIds)).toEqual(sorted(idsOf(authenticator)));
    expect(accepted.rpId).toBe('localhost');
  });

  it('gives the names every passkey of theirs should show: the full name, never the national ID (decision 025)', async () => {
    const { person, authenticator } = await personWithTwoPasskeys();
    const accepted = (await (await passkeyLogin(await browser(), authenticator)).json()) as Accepted;
    expect(accepted.name).toBe(person.fullName);
    expect(accepted.displayName).toBe(person.fullName);
    expect(JSON.stringify(accepted)).not.toContain(person.nationalId);
  });

  it('gives nothing of the kind when the sign-in is refused; the next, made, gives them', async () => {
    const { authenticator, userHandle } = await personWithTwoPasskeys();
    const client = await browser();
    const answer = await passkeyLogin(client, authenticator, { userHandle: Buffer.alloc(32).toString('base64url') });
    expect(answer.status).toBe(403);
    const body = (await answer.json()) as Accepted;
    expect(body.userHandle).toBeUndefined();
    expect(body.credentialIds).toBeUndefined();
    expect(((await (await passkeyLogin(client, authenticator)).json()) as Accepted).userHandle).toBe(userHandle);
  });
});

describe('the passkeys list', () => {
  it('gives the signed-in person their user handle and credential IDs, and follows a removal', async () => {
    const { authenticator, owner, userHandle, first } = await personWithTwoPasskeys();
    const list = (await listed(owner)) as Awaited<ReturnType<typeof listed>> & Accepted;
    expect(list.userHandle).toBe(userHandle);
    expect(sorted(list.credentialIds)).toEqual(sorted(idsOf(authenticator)));
    expect((await owner.remove(first.link[0].uri)).status).toBe(204);
    const after = (await listed(owner)) as Accepted;
    expect(after.credentialIds).toEqual([idsOf(authenticator)[1]]);
  });

  it('gives another person only their own: another handle and none of the first person’s IDs', async () => {
    const { authenticator, userHandle } = await personWithTwoPasskeys();
    const other = await passwordSignedIn(await freshPerson());
    const list = (await listed(other)) as Accepted;
    expect(list.userHandle).toMatch(/^[\w-]{43}$/);
    expect(list.userHandle).not.toBe(userHandle);
    expect(list.credentialIds).toEqual([]);
    for (const id of idsOf(authenticator)) expect(JSON.stringify(list)).not.toContain(id);
  });

  it('gives nothing before a private sign-in, in the browser that then signs in and gets them', async () => {
    const { person, authenticator, userHandle } = await personWithTwoPasskeys();
    const client = await browser();
    const answer = await client.call(linkTargets.passkeys);
    expect(answer.status).toBe(403);
    expect(await errorOf(answer.clone())).toBe('NOT_AUTHORIZED');
    const body = (await answer.json()) as Accepted;
    expect(body.userHandle).toBeUndefined();
    expect(body.credentialIds).toBeUndefined();
    const list = (await listed(await passwordSignedIn(person, client))) as Accepted;
    expect(list.userHandle).toBe(userHandle);
    expect(sorted(list.credentialIds)).toEqual(sorted(idsOf(authenticator)));
  });
});
