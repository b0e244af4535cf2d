/**
 * Passkeys that keep themselves (issue #51), in Chromium with its virtual authenticator: the automatic
 * upgrade after a password sign-in (spied on: Chromium makes a passkey silently only for a password its
 * own manager saved, which a test browser has none of), the Signal API's calls with the backend's IDs
 * and their real effect on the virtual authenticator, and a passkey on the app's login page through to
 * the app's redirect. What no test here can show is in docs/passkeys-on-devices.md.
 */
import type { Page } from '@playwright/test';
import type { Language } from '../../src/contract/languages';
import { offerDeclinedKey } from '../../src/features/passkeys/offer';
import {
  appLaunchRefused,
  base,
  passkeyAutofillAnswered,
  expect,
  expectAppRunning,
  expectNoAxeViolations,
  freshPerson,
  guardPage,
  test,
  text,
  viewports,
  type TestPerson,
} from './support/fixtures';
import { appRedirect, finishAppLogin, startAppLogin } from './support/app-client';
import { apiMediaType } from '../../src/api/headers';
import { addVirtualAuthenticator, heading, mailbox, passwordSignIn, signInOverApi, type VirtualAuthenticator } from './support/passkeys';
import { startServer } from './support/server';

test.use({ passkeyOfferSnoozed: false });

/** A WebAuthn call the page made: a create (its mediation and user.name), or a signal with its options. */
interface Call {
  method: string;
  mediation?: string;
  userName?: string;
  [option: string]: unknown;
}

/**
 * Records every create and signal the page makes, across its documents, and lets each through to the
 * browser. `silentCreate: 'made'`: a conditional create is made as a plain one (the virtual
 * authenticator makes it, as a password manager that saved the password would).
 */
async function spyOnPasskeyCalls(page: Page, { silentCreate = 'browser' as 'browser' | 'made', conditionalCreate = true, autofillPicks = true } = {}) {
  const calls: Call[] = [];
  await page.exposeFunction('recordPasskeyCall', (call: Call) => calls.push(call));
  await page.addInitScript(
    ({ silentCreate, conditionalCreate, autofillPicks }) => {
      const record = (window as unknown as { recordPasskeyCall: (call: unknown) => void }).recordPasskeyCall;
      const credentials = navigator.credentials;
      const create = credentials.create.bind(credentials);
      credentials.create = (options?: CredentialCreationOptions) => {
        const mediation = (options as { mediation?: string } | undefined)?.mediation;
        record({ method: 'create', mediation, userName: options?.publicKey?.user.name });
        if (mediation === 'conditional' && silentCreate === 'made') return create({ publicKey: options?.publicKey, signal: options?.signal });
        return create(options);
      };
      // A person who does not pick the passkey the ID field's autofill offers (Chromium picks it on its own).
      const get = credentials.get.bind(credentials);
      credentials.get = (options?: CredentialRequestOptions) => {
        if (options?.mediation !== 'conditional' || autofillPicks) return get(options);
        return new Promise((_, reject) => options.signal?.addEventListener('abort', () => reject(new DOMException('stopped', 'AbortError'))));
      };
      const api = window.PublicKeyCredential as unknown as Record<string, (options: unknown) => Promise<unknown>>;
      if (!conditionalCreate) {
        const capabilities = api.getClientCapabilities?.bind(api);
        api.getClientCapabilities = async () => ({ ...((await capabilities?.({})) as object), conditionalCreate: false });
      }
      for (const method of ['signalAllAcceptedCredentials', 'signalCurrentUserDetails', 'signalUnknownCredential']) {
        const original = api[method]?.bind(api);
        if (!original) continue;
        api[method] = (options) => {
          record({ method, ...(options as object) });
          return original(options);
        };
      }
    },
    { silentCreate, conditionalCreate, autofillPicks },
  );
  return calls;
}

const creates = (calls: Call[]) => calls.filter((call) => call.method === 'create');
const signals = (calls: Call[], method: string) => calls.filter((call) => call.method === method);

/** A fresh person with a passkey on this browser's device, made on the passkeys page after a sign-in over the API; then signed out. */
async function personWithPasskey(page: Page, language: Language = 'nb', origin = '') {
  const person = await freshPerson(page.request, { language, origin });
  const authenticator = await addVirtualAuthenticator(page);
  await signInOverApi(page.request, person, origin);
  await page.goto(`${origin}${base(language)}/passkeys`);
  await page.getByRole('button', { name: text(language, 'passkeys.add') }).click();
  await expect(page.getByText(text(language, 'passkeys.added'))).toBeVisible();
  expect(await authenticator.credentialIds()).toHaveLength(1);
  // Signed out: a new browser session.
  await page.context().clearCookies();
  return { person, authenticator };
}

/** The backend forgets the person's passkeys (removed on another device, over the API): this device still holds them. */
async function removeOverApi(page: Page, person: TestPerson, origin = '') {
  await signInOverApi(page.request, person, origin);
  const root = (await (await page.request.get(`${origin}/post/api`)).json()) as { link: { rel: string; uri: string }[]; csrfToken: string };
  const headers = { Accept: apiMediaType, 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': root.csrfToken };
  const list = root.link.find((link) => link.rel.endsWith('/passkeys'))?.uri ?? '';
  const { passkeys } = (await (await page.request.get(`${origin}${list}`, { headers })).json()) as { passkeys: { link: { rel: string; uri: string }[] }[] };
  for (const passkey of passkeys) {
    const remove = passkey.link.find((link) => link.rel.endsWith('/passkey_remove'))?.uri ?? '';
    expect((await page.request.delete(`${origin}${remove}`, { headers })).status(), 'passkey removed over the API').toBe(204);
  }
  await page.context().clearCookies();
}

/** The user handle and user.name of the device's passkeys (the DevTools protocol's view). */
async function onDevice(authenticator: VirtualAuthenticator) {
  const { credentials } = (await authenticator.cdp.send('WebAuthn.getCredentials', { authenticatorId: authenticator.authenticatorId })) as {
    credentials: { credentialId: string; userHandle?: string; userName?: string; userDisplayName?: string }[];
  };
  return credentials.map((credential) => ({
    id: Buffer.from(credential.credentialId, 'base64').toString('base64url'),
    userHandle: credential.userHandle ? Buffer.from(credential.userHandle, 'base64').toString('base64url') : undefined,
    userName: credential.userName,
    userDisplayName: credential.userDisplayName,
  }));
}

test.describe('the automatic upgrade after a password sign-in', () => {
  test("asks the password manager with mediation 'conditional' and fresh options naming the national ID; none made: the offer, as before", async ({ page }) => {
    await addVirtualAuthenticator(page);
    const calls = await spyOnPasskeyCalls(page);
    const person = await freshPerson(page.request);
    const upgradeAsked = page.waitForRequest((request) => request.url().endsWith('/passkeys/register/options') && request.postData() === '{"upgrade":true}');
    await passwordSignIn(page, 'nb', person);
    await upgradeAsked;
    await expect(heading(page)).toHaveText(text('nb', 'passkey_offer.heading'));
    expect(creates(calls)).toEqual([{ method: 'create', mediation: 'conditional', userName: person.nationalId }]);
  });

  test('made silently: registered before going on, no offer, the mailbox; the email says the browser made it', async ({ page }) => {
    const authenticator = await addVirtualAuthenticator(page);
    const calls = await spyOnPasskeyCalls(page, { silentCreate: 'made' });
    const person = await freshPerson(page.request, { language: 'en' });
    await passwordSignIn(page, 'en', person);
    await expect(page).toHaveURL(mailbox);
    expect(creates(calls)).toEqual([{ method: 'create', mediation: 'conditional', userName: person.nationalId }]);
    const [made] = await onDevice(authenticator);
    expect(made?.userName).toBe(person.nationalId);
    // Registered: the backend lists it.
    await page.goto(`${base('en')}/passkeys`);
    await expect(page.getByRole('button', { name: new RegExp(text('en', 'passkeys.remove')) })).toHaveCount(1);
    const outbox = (await (await page.request.get('/dev/api/outbox')).json()) as { to: string; purpose: string; text?: string }[];
    expect(outbox.find((message) => message.to === person.email && message.purpose === 'passkey-added')?.text).toMatch(
      /A browser created a passkey after a login to Digipost with your password/,
    );
  });

  test('none where the browser cannot create silently, none after "not now" within 30 days: the offer or the mailbox, as before', async ({
    page,
    browser,
    consoleGuard,
  }) => {
    await addVirtualAuthenticator(page);
    const unsupported = await spyOnPasskeyCalls(page, { conditionalCreate: false });
    await passwordSignIn(page, 'nb', await freshPerson(page.request));
    await expect(heading(page)).toHaveText(text('nb', 'passkey_offer.heading'));
    expect(creates(unsupported)).toEqual([]);

    const context = await browser.newContext();
    const snoozed = await context.newPage();
    await guardPage(snoozed, consoleGuard);
    await context.addInitScript((key) => localStorage.setItem(key, String(Date.now() - 29 * 86_400_000)), offerDeclinedKey);
    await addVirtualAuthenticator(snoozed);
    const calls = await spyOnPasskeyCalls(snoozed);
    await passwordSignIn(snoozed, 'nb', await freshPerson(snoozed.request));
    await expect(snoozed).toHaveURL(mailbox);
    expect(creates(calls)).toEqual([]);
    await context.close();
  });
});

test.describe('signals to the password manager', () => {
  test("after a passkey sign-in: the account's passkeys and names, with the backend's IDs; the device's passkey renamed to the full name", async ({ page }) => {
    const { person, authenticator } = await personWithPasskey(page);
    const calls = await spyOnPasskeyCalls(page);
    await page.goto(`${base('nb')}/`);
    await expectAppRunning(page);
    await page.getByRole('button', { name: text('nb', 'passkey.button') }).click();
    await expect(page).toHaveURL(mailbox);
    const [device] = await onDevice(authenticator);
    expect(signals(calls, 'signalAllAcceptedCredentials')).toEqual([
      { method: 'signalAllAcceptedCredentials', rpId: 'localhost', userId: device?.userHandle, allAcceptedCredentialIds: [device?.id] },
    ]);
    expect(signals(calls, 'signalCurrentUserDetails')).toEqual([
      { method: 'signalCurrentUserDetails', rpId: 'localhost', userId: device?.userHandle, name: person.fullName, displayName: person.fullName },
    ]);
    expect(device?.userDisplayName).toBe(person.fullName);
  });

  test('the passkeys page sends the complete list when it loads and after a removal; the removed passkey leaves the device', async ({ page }) => {
    const { person, authenticator } = await personWithPasskey(page);
    await signInOverApi(page.request, person);
    const calls = await spyOnPasskeyCalls(page);
    await page.goto(`${base('nb')}/passkeys`);
    const [device] = await onDevice(authenticator);
    await expect.poll(() => signals(calls, 'signalAllAcceptedCredentials').length).toBe(1);
    expect(signals(calls, 'signalAllAcceptedCredentials')[0]).toMatchObject({ userId: device?.userHandle, allAcceptedCredentialIds: [device?.id] });
    await page.getByRole('button', { name: new RegExp(text('nb', 'passkeys.remove')) }).click();
    await page.getByRole('button', { name: text('nb', 'passkeys.remove_confirm') }).click();
    await expect(page.getByText(text('nb', 'passkeys.removed'))).toBeVisible();
    await expect.poll(() => signals(calls, 'signalAllAcceptedCredentials').length).toBe(2);
    expect(signals(calls, 'signalAllAcceptedCredentials')[1]).toMatchObject({ userId: device?.userHandle, allAcceptedCredentialIds: [] });
    // Chromium carries the signal to the device: the passkey is gone from it.
    await expect.poll(() => authenticator.credentialIds()).toEqual([]);
  });

  test('an unknown passkey is named to the password manager only where PASSKEY_SIGNAL_UNKNOWN=on; then it leaves the device', async ({
    page,
    consoleGuard,
  }) => {
    test.setTimeout(120_000);
    consoleGuard.allow(/status of 403/);
    const calls = await spyOnPasskeyCalls(page);
    for (const setting of ['off', 'on'] as const) {
      const server = setting === 'on' ? await startServer({ PASSKEY_SIGNAL_UNKNOWN: 'on' }) : null;
      const origin = server?.url ?? '';
      try {
        const { person, authenticator } = await personWithPasskey(page, 'nb', origin);
        await removeOverApi(page, person, origin);
        calls.length = 0;
        await page.goto(`${origin}${base('nb')}/`);
        await expectAppRunning(page);
        await page.getByRole('button', { name: text('nb', 'passkey.button') }).click();
        await expect(page.getByRole('main').getByRole('alert')).toContainText(text('nb', 'passkey.not_recognised_title'));
        const [device] = await onDevice(authenticator);
        if (setting === 'off') {
          expect(signals(calls, 'signalUnknownCredential')).toEqual([]);
          expect(device).toBeDefined();
        } else {
          expect(signals(calls, 'signalUnknownCredential')).toHaveLength(1);
          await expect.poll(() => authenticator.credentialIds()).toEqual([]);
        }
        await authenticator.remove();
      } finally {
        await server?.stop();
      }
    }
  });
});

const appRuns = [
  { language: 'nb', viewportName: 'phone' },
  { language: 'nn', viewportName: 'desktop' },
  { language: 'en', viewportName: 'phone' },
] as const;

for (const { language, viewportName } of appRuns) {
  test.describe(`${language} ${viewportName}`, () => {
    test.use({ viewport: viewports[viewportName] });

    test("the app's login page: a passkey signs in for the app, on to its redirect, with no offer and no upgrade", async ({ page, consoleGuard }) => {
      consoleGuard.allow(appLaunchRefused);
      const calls = await spyOnPasskeyCalls(page, { autofillPicks: false });
      const { person } = await personWithPasskey(page, language);
      calls.length = 0;
      const login = await startAppLogin(page.request);
      await page.goto(login.passwordLoginUrl.replace('/innlogging/', `${base(language)}/`));
      await expectAppRunning(page);
      await expect(page.getByLabel(text(language, 'login.national_id'))).toHaveAttribute('autocomplete', 'username webauthn');
      const button = page.getByRole('button', { name: text(language, 'passkey.button') });
      await expect(button).toBeVisible();
      await expectNoAxeViolations(page);
      const redirect = appRedirect(page, login.client);
      await button.click();
      const tokens = await finishAppLogin(new URL(page.url()).origin, login, await redirect);
      expect(tokens.person).toBe(person.nationalId);
      expect(creates(calls)).toEqual([]);
    });
  });
}

test("the app's login page: the passkey in the ID field's autofill signs in for the app too", async ({ page, consoleGuard }) => {
  consoleGuard.allow(appLaunchRefused);
  await personWithPasskey(page);
  const login = await startAppLogin(page.request);
  const redirect = appRedirect(page, login.client);
  // Chromium answers the autofill's request on its own with the device's passkey (conditional mediation).
  await page.goto(login.passwordLoginUrl);
  expect(await redirect).toMatch(/code=/);
});

test("no upgrade in the app's flow: its password sign-in goes back to the app without a create", async ({ page, consoleGuard }) => {
  consoleGuard.allow(appLaunchRefused);
  await addVirtualAuthenticator(page);
  const calls = await spyOnPasskeyCalls(page);
  const person = await freshPerson(page.request);
  const login = await startAppLogin(page.request);
  // The page's passkey options are answered before the sign-in makes a new session (their CSRF token).
  const optionsAnswered = passkeyAutofillAnswered(page);
  await page.goto(login.passwordLoginUrl);
  await optionsAnswered;
  await page.getByLabel(text('nb', 'login.national_id')).fill(person.nationalId);
  await page.getByLabel(text('nb', 'login.password'), { exact: true }).fill(person.password);
  await page.getByRole('button', { name: text('nb', 'login.submit'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/innlogging/mobileSuccess/${login.token}$`));
  expect(creates(calls)).toEqual([]);
});
