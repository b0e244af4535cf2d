/**
 * For HTTP-level tests of passkeys against the emulator: a person, their ways of signing in (password,
 * eID through the simulated ID-porten, a passkey), adding a passkey with a software authenticator, a
 * completed password reset, and what was mailed to them. Bound to one test file's emulator and network
 * (test-browser.ts), so its browsers come from addresses of their own.
 */
import { expect } from 'vitest';
import type { Hono } from 'hono';
import type { Language } from '../../src/contract/languages';
import { linkTargets } from './root';
import type { SoftwareAuthenticator, Use } from './test-authenticator';
import { browsersOf, type EmulatorBrowser } from './test-browser';
import { eidSignIn, freshPerson, type Person } from '../test-http';

export interface AddedPasskey {
  id: string;
  provider?: string;
  synced: boolean;
  signedInWith?: boolean;
  link: { rel: string; uri: string }[];
}

export interface OutboxItem {
  to: string;
  purpose: string;
  code?: string;
  subject?: string;
  text?: string;
}

type Creation = { challenge: string; user: { id: string } };

export const errorOf = async (response: Response) => ((await response.json()) as { 'error-code'?: string })['error-code'];

export function passkeyHelpers(emulator: { readonly app: Hono }, network: string) {
  const browser = browsersOf(emulator, network);

  const outbox = async () => (await (await emulator.app.request('/dev/api/outbox')).json()) as OutboxItem[];

  const helpers = {
    browser,
    outbox,
    /** What was mailed to one address, newest first. */
    outboxTo: async (to: string) => (await outbox()).filter((message) => message.to === to),

    freshPerson: (language: Language = 'nb') => freshPerson(emulator, { fullName: 'Passe Nøkkelsen', language }),

    async passwordSignedIn(person: Person, client?: EmulatorBrowser): Promise<EmulatorBrowser> {
      const signingIn = client ?? (await browser());
      expect((await signingIn.post(linkTargets.login_password, { username: person.nationalId, password: person.password })).status).toBe(200);
      return signingIn;
    },

    /** Signed in with eID: the simulated ID-porten, as the page's eID button would take the person there. */
    async eidSignedIn(person: Person): Promise<EmulatorBrowser> {
      const client = await browser();
      const chosen = await eidSignIn(client, person);
      expect(chosen.status).toBe(303);
      expect((await client.root()).role).toBe('PRIVAT');
      return client;
    },

    /** The answer to passkey_register for a new passkey of the authenticator, made for the signed-in browser. */
    async tryRegister(client: EmulatorBrowser, authenticator: SoftwareAuthenticator, use: Use = {}) {
      const options = (await client.json(linkTargets.passkey_register_options)) as Creation;
      return client.post(linkTargets.passkey_register, { credential: authenticator.create(options, use) });
    },

    /** The answer to passkey_register_options marked for the automatic upgrade (issue #51). */
    upgradeOptions: (client: EmulatorBrowser) => client.post(linkTargets.passkey_register_options, { upgrade: true }),

    /** The automatic upgrade: its options (200), then the answer to passkey_register for a passkey the authenticator makes silently (UP and UV off) unless `use` says otherwise. */
    async tryUpgrade(client: EmulatorBrowser, authenticator: SoftwareAuthenticator, use: Use = { silent: true }) {
      const options = await helpers.upgradeOptions(client);
      expect(options.status).toBe(200);
      return client.post(linkTargets.passkey_register, { credential: authenticator.create((await options.json()) as Creation, use) });
    },

    /** Adds a passkey of the authenticator for the signed-in browser (201): the passkey as answered. */
    async register(client: EmulatorBrowser, authenticator: SoftwareAuthenticator): Promise<AddedPasskey> {
      const response = await helpers.tryRegister(client, authenticator);
      expect(response.status).toBe(201);
      return ((await response.json()) as { passkey: AddedPasskey }).passkey;
    },

    async loginOptions(client: EmulatorBrowser) {
      return (await client.json(linkTargets.passkey_login_options)) as {
        challenge: string;
        allowCredentials?: unknown[];
        userVerification: string;
        rpId: string;
      };
    },

    /** Signs in with the authenticator's newest passkey (or `use`'s overrides): the answer to passkey_login. */
    async passkeyLogin(client: EmulatorBrowser, authenticator: SoftwareAuthenticator, use: Use = {}) {
      return client.post(linkTargets.passkey_login, { credential: authenticator.get(await helpers.loginOptions(client), use) });
    },

    /** The person's passkeys as the signed-in browser's list shows them. */
    async listed(client: EmulatorBrowser) {
      const response = await client.call(linkTargets.passkeys);
      expect(response.status).toBe(200);
      return (await response.json()) as { passkeys: AddedPasskey[]; recentSignIn: boolean };
    },

    /** The "this was not me" link of the newest passkey-added email to the person, and its token. */
    async undoLinkOf(person: Person) {
      const email = (await helpers.outboxTo(person.email)).find((message) => message.purpose === 'passkey-added');
      const link = email?.text?.match(/https?:\/\/\S+passkey-not-me\?token=[\w-]+/)?.[0] ?? '';
      expect(link).not.toBe('');
      return { link, token: new URL(link).searchParams.get('token') ?? '' };
    },

    /** A password reset by ID, phone and both codes from the outbox, done in a browser of its own: the final answer. */
    async resetPassword(person: Person, password = 'Et-helt-nytt-passord-44') {
      const resetting = await browser();
      const start = await resetting.post(linkTargets.reset_password, { phoneNumber: person.phone, taxReference: person.nationalId });
      expect(start.status).toBe(201);
      const self = ((await start.json()) as { link: { rel: string; uri: string }[] }).link.find((link) => link.rel.endsWith('/self'))?.uri ?? '';
      const sent = await outbox();
      const codeTo = (to: string) => sent.find((message) => message.to === to && message.purpose === 'password-reset')?.code;
      expect((await resetting.post(linkTargets.check_email_code, { code: codeTo(person.email) })).status).toBe(200);
      expect((await resetting.post(linkTargets.check_sms_code, { code: codeTo(person.phone) })).status).toBe(200);
      return resetting.post(self, { emailcode: codeTo(person.email), smscode: codeTo(person.phone), password: { password } });
    },
  };
  return helpers;
}
