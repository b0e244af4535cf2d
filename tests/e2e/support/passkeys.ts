/**
 * Passkeys in the browser without a device (issue #36): Chromium's virtual authenticator through the
 * DevTools protocol (ctap2, internal transport, resident keys, user verification, presence answered
 * at once), and a password sign-in made over the API for tests that start signed in.
 */
import type { APIRequestContext, CDPSession, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { apiMediaType } from '../../../src/api/headers';
import type { Language } from '../../../src/contract/languages';
import { base, expectAppRunning, text, type TestPerson } from './fixtures';
import { softwareAuthenticator } from '../../../server/emulator/test-authenticator';

export interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
  /** The credentials it holds (ids base64url, as the page and the backend write them). */
  credentialIds(): Promise<string[]>;
  removeCredential(id: string): Promise<void>;
  /** Takes a credential off the device, whole (its private key too), to be put back later. */
  takeCredential(id: string): Promise<Credential>;
  putBack(credential: Credential): Promise<void>;
  /** The device is gone (another browser). */
  remove(): Promise<void>;
}

/** A credential as the DevTools protocol gives it (WebAuthn.Credential): its private key included. */
interface Credential {
  credentialId: string;
  isResidentCredential: boolean;
  privateKey: string;
  signCount: number;
  rpId?: string;
  userHandle?: string;
}

const toBase64url = (base64: string) => base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64url = (value: string) => Buffer.from(value, 'base64url').toString('base64');

/** Adds a platform authenticator (Touch ID, Windows Hello, a phone's screen lock) to the page's browser. */
export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    authenticatorId,
    async credentialIds() {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials.map((credential) => toBase64url(credential.credentialId));
    },
    async removeCredential(id: string) {
      await cdp.send('WebAuthn.removeCredential', { authenticatorId, credentialId: fromBase64url(id) });
    },
    async takeCredential(id: string) {
      const { credential } = (await cdp.send('WebAuthn.getCredential', { authenticatorId, credentialId: fromBase64url(id) })) as { credential: Credential };
      await cdp.send('WebAuthn.removeCredential', { authenticatorId, credentialId: credential.credentialId });
      return credential;
    },
    async putBack({ credentialId, isResidentCredential, rpId, privateKey, userHandle, signCount }) {
      await cdp.send('WebAuthn.addCredential', {
        authenticatorId,
        credential: { credentialId, isResidentCredential, rpId, privateKey, userHandle, signCount },
      });
    },
    async remove() {
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    },
  };
}

/**
 * A passkey added over the API (a software authenticator: this page's browser keeps none) for a person
 * signed in first: the "this was not me" link of its email, read from the outbox (issue #45).
 */
export async function passkeyUndoLinkOverApi(request: APIRequestContext, person: Pick<TestPerson, 'nationalId' | 'password' | 'email'>): Promise<string> {
  await signInOverApi(request, person);
  const root = (await (await request.get('/post/api')).json()) as { link: { rel: string; uri: string }[]; csrfToken: string };
  const uri = (name: string) => root.link.find((item) => item.rel.endsWith(`/${name}`))?.uri ?? '';
  const headers = { Accept: apiMediaType, 'Content-Type': apiMediaType, 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': root.csrfToken };
  const options = (await (await request.post(uri('passkey_register_options'), { headers, data: '{}' })).json()) as { challenge: string; user: { id: string } };
  const origin = new URL((await request.get('/post/api')).url()).origin.replace('127.0.0.1', 'localhost');
  const credential = softwareAuthenticator({ origin }).create(options);
  expect((await request.post(uri('passkey_register'), { headers, data: JSON.stringify({ credential }) })).status(), 'passkey added over the API').toBe(201);
  const outbox = (await (await request.get('/dev/api/outbox')).json()) as { to: string; purpose: string; text?: string }[];
  const email = outbox.find((message) => message.to === person.email && message.purpose === 'passkey-added');
  const link = email?.text?.match(/https?:\/\/\S+passkey-not-me\?token=[\w-]+/)?.[0];
  if (!link) throw new Error(`No "this was not me" link mailed to ${person.email}`);
  return link;
}

/** Signs the page's browser in with ID number and password, over the API (the cookies are the context's). */
export async function signInOverApi(request: APIRequestContext, person: Pick<TestPerson, 'nationalId' | 'password'>, origin = '') {
  const root = (await (await request.get(`${origin}/post/api`)).json()) as { link: { rel: string; uri: string }[]; csrfToken: string };
  const link = root.link.find((item) => item.rel.endsWith('/login_password'));
  const response = await request.post(`${origin}${link?.uri}`, {
    headers: { Accept: apiMediaType, 'Content-Type': apiMediaType, 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': root.csrfToken },
    data: JSON.stringify({ username: person.nationalId, password: person.password }),
  });
  expect(response.status(), 'password sign-in over the API').toBe(200);
}

export const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Where a sign-in ends on the web: the mailbox (the emulator's stand-in). */
export const mailbox = /\/postkasse\/$/;

/** ID number and password on the private login page (no passkey on the device: its autofill stays quiet). */
export async function passwordSignIn(page: Page, language: Language, person: TestPerson, origin = '') {
  await page.goto(`${origin}${base(language)}/`);
  await expectAppRunning(page);
  await page.getByRole('button', { name: text(language, 'login.password_accordion') }).click();
  await page.getByLabel(text(language, 'login.national_id')).fill(person.nationalId);
  await page.getByLabel(text(language, 'login.password'), { exact: true }).fill(person.password);
  await page.getByRole('button', { name: text(language, 'login.submit'), exact: true }).click();
}
