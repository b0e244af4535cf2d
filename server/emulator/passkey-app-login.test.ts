// @vitest-environment node
/**
 * A passkey on the app's login page (issue #51): the sign-in names the app authorization it is made
 * for, as the password form does (docs/decisions/019), so its approval asks no "is this you?"; a
 * sign-in made elsewhere, or naming another browser's authorization, still asks. No upgrade there.
 */
import { describe, expect, it } from 'vitest';
import { defaultLimits } from './limits';
import { linkTargets } from './root';
import { pkceStart } from './test-app-backend';
import { softwareAuthenticator } from './test-authenticator';
import { emulatorForTests } from './test-emulator';
import { errorOf, passkeyHelpers } from './test-passkeys';

const emulator = emulatorForTests('passkey-app-login', { limits: { ...defaultLimits, passwordFailuresPerAddress: 50 } });
const { browser, freshPerson, passwordSignedIn, register, loginOptions, upgradeOptions } = passkeyHelpers(emulator, '10.53');

/** The app's backend starts an authorization; the answer's token. */
async function appStart(): Promise<string> {
  const response = await emulator.app.request(pkceStart('ios').url);
  expect(response.status).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

/** A person with a passkey on a software authenticator. */
async function personWithPasskey() {
  const person = await freshPerson();
  const authenticator = softwareAuthenticator();
  await register(await passwordSignedIn(person), authenticator);
  return { person, authenticator };
}

describe("a passkey on the app's login page", () => {
  it('signs in for the app authorization it names: its approval asks nothing and gives the app its code', async () => {
    const { authenticator } = await personWithPasskey();
    const token = await appStart();
    const page = await browser();
    expect((await page.post(`/post/api/oauth/authorize/tokens/${token}/bind`)).status).toBe(204);
    const credential = authenticator.get(await loginOptions(page));
    const signedIn = await page.post(linkTargets.passkey_login, { credential, appAuthorization: token });
    expect(signedIn.status).toBe(200);
    await page.root();
    const data = await page.call(`/post/api/oauth/authorize/tokens/${token}`);
    expect(data.status).toBe(200);
    expect(await data.json()).not.toHaveProperty('consent');
    const approved = await page.post(`/post/api/oauth/authorize/tokens/${token}/approve`);
    expect(approved.status).toBe(200);
    expect(((await approved.json()) as { code?: string }).code).toMatch(/\S{16,}/);
  });

  it('a sign-in that names no authorization, or one of another form, is not made in its flow: the approval asks first', async () => {
    const { authenticator } = await personWithPasskey();
    for (const named of [undefined, 'not a token']) {
      const token = await appStart();
      const page = await browser();
      expect((await page.post(`/post/api/oauth/authorize/tokens/${token}/bind`)).status).toBe(204);
      const credential = authenticator.get(await loginOptions(page));
      expect((await page.post(linkTargets.passkey_login, { credential, ...(named ? { appAuthorization: named } : {}) })).status).toBe(200);
      await page.root();
      expect(await (await page.call(`/post/api/oauth/authorize/tokens/${token}`)).json(), String(named)).toHaveProperty('consent');
    }
  });

  it('no automatic upgrade in the app’s flow: a password sign-in made for the app gets no upgrade options', async () => {
    const person = await freshPerson();
    const token = await appStart();
    const page = await browser();
    expect((await page.post(`/post/api/oauth/authorize/tokens/${token}/bind`)).status).toBe(204);
    expect((await page.post(linkTargets.login_password, { username: person.nationalId, password: person.password, appAuthorization: token })).status).toBe(200);
    await page.root();
    const refused = await upgradeOptions(page);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe('PASSKEY_UPGRADE_NOT_ALLOWED');
  });
});
