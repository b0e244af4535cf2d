/**
 * Passkeys end to end (issue #36), in Chromium with its virtual authenticator (support/passkeys.ts):
 * the offer after a password sign-in, creating one, signing in with the button and through the ID
 * field's autofill, a second passkey, removing one (then refused), the offer's "not now" and its
 * absence after a reset, the unhappy paths, and one run through nginx served on localhost. Recovery
 * (issue #44): a reset removes a passkey made after a password sign-in; removing the passkey this
 * session signed in with logs the person out. The rest of #44 is tested over HTTP
 * (server/emulator/passkey-recovery.test.ts).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { Language } from '../../src/contract/languages';
import { passkeyChallengeLifetimeMinutes } from '../../src/contract/limits';
import { offerDeclinedKey } from '../../src/features/passkeys/offer';
import {
  appLaunchRefused,
  base,
  expect,
  expectAppRunning,
  expectNoAxeViolations,
  freshPerson,
  languages,
  oneWidthEach,
  passkeyAutofillAnswered,
  test,
  text,
  type TestPerson,
} from './support/fixtures';
import { startAppLogin } from './support/app-client';
import { startNginx, freePort } from './support/nginx';
import { addVirtualAuthenticator, heading, mailbox, passwordSignIn, signInOverApi, type VirtualAuthenticator } from './support/passkeys';
import { dialog, toNewPasswordStep } from './support/reset-wizard';
import { startServer } from './support/server';

test.use({ passkeyOfferSnoozed: false });

async function signOut(page: Page) {
  await expect(page).toHaveURL(mailbox);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/innlogging\/(nn\/|en\/)?logout/);
}

/** Tabs to an element and presses Enter: by keyboard alone. */
async function byKeyboard(page: Page, target: ReturnType<Page['getByRole']>) {
  for (let presses = 0; presses < 40 && !(await target.evaluate((element) => element === document.activeElement)); presses++) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
  await page.keyboard.press('Enter');
}

/** From a password sign-in through the offer to a passkey on the device, and on to the mailbox. */
async function createThroughOffer(page: Page, language: Language, person: TestPerson, authenticator: VirtualAuthenticator, origin = '', axe = false) {
  await passwordSignIn(page, language, person, origin);
  await expect(heading(page)).toHaveText(text(language, 'passkey_offer.heading'));
  await expect(page.getByText(text(language, 'passkey_offer.shared'))).toBeVisible();
  if (axe) await expectNoAxeViolations(page);
  await byKeyboard(page, page.getByRole('button', { name: text(language, 'passkey_offer.create') }));
  await expect(heading(page)).toHaveText(text(language, 'passkey_offer.created_heading'));
  await expect(page.getByRole('main').getByRole('status')).toBeFocused();
  if (axe) await expectNoAxeViolations(page);
  expect(await authenticator.credentialIds()).toHaveLength(1);
  await byKeyboard(page, page.getByRole('link', { name: text(language, 'passkey_offer.continue') }));
  await expect(page).toHaveURL(mailbox);
}

/** A fresh person with a passkey on this browser's device, made through the offer, then signed out. */
async function personWithPasskey(page: Page, language: Language, origin = '') {
  const person = await freshPerson(page.request, { origin });
  const authenticator = await addVirtualAuthenticator(page);
  await createThroughOffer(page, language, person, authenticator, origin);
  await signOut(page);
  return { person, authenticator };
}

/** The private login page, once its app runs, and its passkey button pressed. */
async function pressPasskeyButton(page: Page, language: Language, origin = '') {
  await page.goto(`${origin}${base(language)}/`);
  await expectAppRunning(page);
  await page.getByRole('button', { name: text(language, 'passkey.button') }).click();
}

/** A password reset from the login page, through the wizard's steps to a new password saved. */
async function resetPassword(page: Page, request: APIRequestContext, language: Language, person: TestPerson) {
  await page.goto(`${base(language)}/`);
  await toNewPasswordStep(page, request, language, person);
  const wizard = dialog(page, language);
  const newPassword = 'Fjellvandring-i-regn-44';
  await wizard.getByLabel(text(language, 'reset.new_password'), { exact: true }).fill(newPassword);
  await wizard.getByLabel(text(language, 'reset.repeat_password'), { exact: true }).fill(newPassword);
  await wizard.getByRole('button', { name: text(language, 'reset.save') }).click();
}

async function signedInWith(page: Page) {
  const root = (await (await page.request.get('/post/api')).json()) as { role?: string };
  return root.role;
}

// The main flows in each language, the widths in turn: each language meets both widths across the two.
for (const [flow, sample] of [
  ['create and sign in', oneWidthEach(languages, 0)],
  ['a second passkey, one removed', oneWidthEach(languages, 1)],
] as const) {
  for (const { language, viewportName, viewport } of sample) {
    test.describe(`${language} ${viewportName}`, () => {
      test.use({ viewport });

      if (flow === 'create and sign in')
        test('a password sign-in, the offer, create, sign out; then in with the button and through the autofill', async ({ page }) => {
          const person = await freshPerson(page.request);
          const authenticator = await addVirtualAuthenticator(page);
          await createThroughOffer(page, language, person, authenticator, '', true);
          await signOut(page);

          // The button, by keyboard: the browser's dialog, the device's passkey, the mailbox.
          await page.goto(`${base(language)}/`);
          await expectAppRunning(page);
          await expectNoAxeViolations(page);
          await byKeyboard(page, page.getByRole('button', { name: text(language, 'passkey.button') }));
          await expect(page).toHaveURL(mailbox);
          await expect(page.getByText('passkey', { exact: false })).toBeVisible();
          expect(await signedInWith(page)).toBe('PRIVAT');
          await signOut(page);

          // The autofill: the ID field offers the passkey (Chromium's virtual authenticator picks it at
          // once); no ID number typed.
          await page.goto(`${base(language)}/`);
          await expectAppRunning(page);
          await page.getByRole('button', { name: text(language, 'login.password_accordion') }).click();
          await expect(page).toHaveURL(mailbox);
        });

      if (flow === 'a second passkey, one removed')
        test('a second passkey; remove one, and that one is then refused', async ({ page, consoleGuard }) => {
          // The refusal's 403, which the browser logs.
          consoleGuard.allow(/status of 403/);
          const person = await freshPerson(page.request);
          const authenticator = await addVirtualAuthenticator(page);
          await createThroughOffer(page, language, person, authenticator);
          const [firstId] = await authenticator.credentialIds();

          await page.goto(`${base(language)}/passkeys`);
          await expect(heading(page)).toHaveText(text(language, 'passkeys.heading'));
          const list = page.getByRole('list', { name: text(language, 'passkeys.list_label') });
          await expect(list.getByRole('listitem')).toHaveCount(1);
          await expectNoAxeViolations(page);

          // A second device: the same one would refuse (it holds this account's passkey: excludeCredentials),
          // so the first is set aside while the second is made, which then leaves with its "device" (one
          // device keeps one passkey per account), and the first comes back.
          const first = await authenticator.takeCredential(firstId as string);
          await page.getByRole('button', { name: text(language, 'passkeys.add') }).click();
          await expect(page.getByRole('main').getByRole('status')).toHaveText(text(language, 'passkeys.added'));
          await expect(list.getByRole('listitem')).toHaveCount(2);
          const [secondId] = await authenticator.credentialIds();
          await authenticator.takeCredential(secondId as string);
          await authenticator.putBack(first);
          await expectNoAxeViolations(page);

          // Remove the first (the oldest is listed first), through the confirming step.
          // By keyboard: the dialog opens where the pointer is not (a hovered button has Hedwig's hover colours).
          await byKeyboard(page, list.getByRole('listitem').first().getByRole('button'));
          const confirm = page.getByRole('dialog', { name: text(language, 'passkeys.remove_title') });
          await expect(confirm).toBeVisible();
          await expectNoAxeViolations(page);
          await confirm.getByRole('button', { name: text(language, 'passkeys.remove_confirm') }).click();
          await expect(page.getByRole('main').getByRole('status')).toHaveText(text(language, 'passkeys.removed'));
          await expect(list.getByRole('listitem')).toHaveCount(1);

          // The page tells the browser the account's passkeys (issue #51): Chromium takes the removed one off
          // the device. A device the signal never reached (another browser) still holds it: it signs in no
          // more, and says so plainly.
          await expect.poll(() => authenticator.credentialIds()).toEqual([]);
          await authenticator.putBack(first);
          await page.goto('/postkasse/');
          await signOut(page);
          await pressPasskeyButton(page, language);
          const refused = page.getByRole('main').getByRole('alert');
          await expect(refused).toContainText(text(language, 'passkey.not_recognised_title'));
          await expect(refused).toBeFocused();
          await expectNoAxeViolations(page);
          expect(await signedInWith(page)).toBeUndefined();
        });
    });
  }
}

// "This was not me" (issue #45): the link from the outbox, the page, the confirming step, then the
// passkey refused at the login. nb at phone width, en at desktop width.
for (const { language, viewportName, viewport } of oneWidthEach(['nb', 'en'] as const)) {
  test.describe(`${language} ${viewportName}`, () => {
    test.use({ viewport });

    test('the "this was not me" link: the page names the passkey, one press removes it and logs everyone out; then it signs in nobody', async ({
      page,
      consoleGuard,
    }) => {
      // The refusals' 403 and 410, which the browser logs.
      consoleGuard.allow(/status of (403|410)/);
      const person = await freshPerson(page.request, { language });
      const authenticator = await addVirtualAuthenticator(page);
      await createThroughOffer(page, language, person, authenticator);
      const outbox = (await (await page.request.get('/dev/api/outbox')).json()) as { to: string; purpose: string; text?: string }[];
      const link = outbox.find((message) => message.to === person.email && message.purpose === 'passkey-added')?.text?.match(/https?:\/\/\S+/)?.[0];
      expect(link).toMatch(new RegExp(`/innlogging${language === 'nb' ? '' : `/${language}`}/passkey-not-me\\?token=`));

      // Opened from the email, in a browser signed in or not: here the same one, still signed in.
      const opened = await page.goto(link as string);
      expect(opened?.headers()['cache-control']).toBe('no-store');
      expect(opened?.headers()['x-robots-tag']).toBe('noindex');
      expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
      await expect(heading(page)).toHaveText(text(language, 'passkey_not_me.heading'));
      // The system as the browser says it (the test's device profile may claim another than this machine's).
      const userAgent = await page.evaluate(() => navigator.userAgent);
      const system = /Windows/.test(userAgent) ? 'Windows' : /Macintosh/.test(userAgent) ? 'macOS' : /Android/.test(userAgent) ? 'Android' : 'Linux';
      await expect(page.getByRole('main')).toContainText(text(language, 'passkey_not_me.device', { browser: 'Chrome', system }));
      await expectNoAxeViolations(page);
      await byKeyboard(page, page.getByRole('button', { name: text(language, 'passkey_not_me.confirm') }));
      await expect(heading(page)).toHaveText(text(language, 'passkey_not_me.done_heading'));
      await expect(heading(page)).toBeFocused();
      await expect(page.getByRole('link', { name: text(language, 'passkey_not_me.change_password_button') })).toBeVisible();
      await expectNoAxeViolations(page);
      // Everyone is logged out, this browser too.
      expect(await signedInWith(page)).toBeUndefined();
      // Opened again: used, and it says what to do.
      await page.reload();
      await expect(heading(page)).toHaveText(text(language, 'passkey_not_me.used_heading'));

      // The passkey, still on the device, signs in nobody.
      await pressPasskeyButton(page, language);
      await expect(page.getByRole('main').getByRole('alert')).toContainText(text(language, 'passkey.not_recognised_title'));
    });
  });
}

test('a "this was not me" link cut short says so, and offers eID and a new password', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 404/);
  await page.goto(`${base('nn')}/passkey-not-me?token=${'A'.repeat(43)}`);
  await expect(heading(page)).toHaveText(text('nn', 'passkey_not_me.invalid_heading'));
  await expect(page.getByRole('button', { name: text('nn', 'passkey_not_me.eid') })).toBeVisible();
  await expect(page.getByRole('link', { name: text('nn', 'passkey_not_me.change_password_button') })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(`${base('nn')}/passkey-not-me?token=kort`);
  await expect(heading(page)).toHaveText(text('nn', 'passkey_not_me.invalid_heading'));
});

// Each of these once, in one language at one width, the languages and widths in turn (every language's
// texts are checked in routes.spec over HTTP, and their keys by type).
const samples = oneWidthEach(languages);
for (const [slot, { language, viewport }] of samples.entries()) {
  /** The test numbered `index` below runs in this language and width. */
  const mine = (index: number) => index % samples.length === slot;
  test.describe(`${language} ${viewport.width}px`, () => {
    test.use({ viewport });

    if (mine(0))
      test('"not now" goes straight on, and the offer is not shown again in this browser', async ({ page }) => {
        const person = await freshPerson(page.request);
        await passwordSignIn(page, language, person);
        await expect(heading(page)).toHaveText(text(language, 'passkey_offer.heading'));
        await page.getByRole('button', { name: text(language, 'passkey_offer.not_now') }).click();
        await expect(page).toHaveURL(mailbox);
        expect(Number(await page.evaluate((key) => localStorage.getItem(key), offerDeclinedKey))).toBeGreaterThan(0);
        await signOut(page);
        await passwordSignIn(page, language, person);
        await expect(page).toHaveURL(mailbox);
      });

    if (mine(1))
      test('no offer after a password reset', async ({ page, request }) => {
        const person = await freshPerson(request);
        await resetPassword(page, request, language, person);
        await expect(page).toHaveURL(mailbox);
        expect(page.url()).not.toContain('passkey-offer');
      });

    if (mine(2))
      test('a reset removes the passkey made after a password sign-in: it then signs in nobody', async ({ page, request, consoleGuard }) => {
        // The refusal's 403, which the browser logs.
        consoleGuard.allow(/status of 403/);
        const { person, authenticator } = await personWithPasskey(page, language);
        await resetPassword(page, request, language, person);
        await signOut(page);
        // Still on the device, refused by the service, and said plainly.
        expect(await authenticator.credentialIds()).toHaveLength(1);
        await pressPasskeyButton(page, language);
        await expect(page.getByRole('main').getByRole('alert')).toContainText(text(language, 'passkey.not_recognised_title'));
        expect(await signedInWith(page)).toBeUndefined();
      });

    if (mine(3))
      test('removing the passkey this session signed in with says it logs out, and does', async ({ page }) => {
        await personWithPasskey(page, language);
        await pressPasskeyButton(page, language);
        await expect(page).toHaveURL(mailbox);

        await page.goto(`${base(language)}/passkeys`);
        const item = page.getByRole('list', { name: text(language, 'passkeys.list_label') }).getByRole('listitem');
        await expect(item).toContainText(text(language, 'passkeys.signed_in_with'));
        await byKeyboard(page, item.getByRole('button'));
        const confirm = page.getByRole('dialog', { name: text(language, 'passkeys.remove_title') });
        await expect(confirm).toContainText(text(language, 'passkeys.remove_signs_out'));
        await expectNoAxeViolations(page);
        await confirm.getByRole('button', { name: text(language, 'passkeys.remove_confirm_sign_out') }).click();
        await expect(page).toHaveURL(/\/innlogging\/(nn\/|en\/)?logout$/);
        await expect(heading(page)).toHaveText(text(language, 'logout.heading'));
        expect(await signedInWith(page)).toBeUndefined();
      });

    if (mine(4))
      test('a person who has a passkey is not offered another', async ({ page }) => {
        const { person, authenticator } = await personWithPasskey(page, language);
        // Another browser without it: the password form is all there is.
        await authenticator.remove();
        await passwordSignIn(page, language, person);
        await expect(page).toHaveURL(mailbox);
      });

    if (mine(5))
      test('a cancelled dialog: back where they were, and a quiet way in another way', async ({ page }) => {
        // A device with no passkey for this site: the dialog ends without one (NotAllowedError), as a cancel does.
        await addVirtualAuthenticator(page);
        await pressPasskeyButton(page, language);
        const note = page
          .getByRole('main')
          .getByRole('status')
          .filter({ hasText: text(language, 'passkey.other_way_title') });
        await expect(note).toBeFocused();
        await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
        await expectNoAxeViolations(page);
        await expect(note.getByRole('button', { name: text(language, 'login.eid_button') })).toBeVisible();
        await note.getByRole('button', { name: text(language, 'passkey.other_way_password') }).click();
        const nationalId = page.getByLabel(text(language, 'login.national_id'));
        await expect(nationalId).toBeFocused();
        // The field that offers passkeys in the browser's autofill (conditional mediation).
        await expect(nationalId).toHaveAttribute('autocomplete', 'username webauthn');
      });
  });
}

test('the options come with the page, so the click asks for none; a page left open past their challenge’s life gets new ones at the click, and signs in', async ({
  page,
}) => {
  const person = await freshPerson(page.request);
  const authenticator = await addVirtualAuthenticator(page);
  // The page's clock under the test's hand, the emulator's moved with it (a dev clock of this browser's).
  await page.clock.install();
  await createThroughOffer(page, 'nb', person, authenticator);
  await signOut(page);
  let optionsAsked = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/passkeys/login/options')) optionsAsked += 1;
  });
  const signInLeftOpen = async (minutes: number) => {
    optionsAsked = 0;
    await page.goto(`${base('nb')}/`);
    await expectAppRunning(page);
    // The loader's request, before any click.
    await expect.poll(() => optionsAsked).toBe(1);
    if (minutes > 0) {
      expect((await page.request.post('/dev/api/clock', { data: { advanceMinutes: minutes } })).ok()).toBe(true);
      await page.clock.fastForward(minutes * 60_000);
    }
    await page.getByRole('button', { name: text('nb', 'passkey.button') }).click();
    await expect(page).toHaveURL(mailbox);
    return optionsAsked;
  };
  // At once: the dialog opened with the options the page came with.
  expect(await signInLeftOpen(0)).toBe(1);
  await signOut(page);
  // Left open past the challenge's life: new options at the click, and the sign-in goes through.
  expect(await signInLeftOpen(passkeyChallengeLifetimeMinutes + 1)).toBe(2);
});

test("no offer in the app's flow: its password login goes back to the app", async ({ page, consoleGuard }) => {
  consoleGuard.allow(appLaunchRefused);
  await addVirtualAuthenticator(page);
  const person = await freshPerson(page.request);
  const login = await startAppLogin(page.request);
  const optionsAnswered = passkeyAutofillAnswered(page);
  await page.goto(login.passwordLoginUrl);
  // The app's password page offers passkeys too (issue #51), but no offer after a password.
  await expect(page.getByLabel(text('nb', 'login.national_id'))).toHaveAttribute('autocomplete', 'username webauthn');
  await optionsAnswered;
  await page.getByLabel(text('nb', 'login.national_id')).fill(person.nationalId);
  await page.getByLabel(text('nb', 'login.password'), { exact: true }).fill(person.password);
  await page.getByRole('button', { name: text('nb', 'login.submit'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/innlogging/mobileSuccess/${login.token}$`));
});

test("a per-address lock gets the network's lock message with its wait, and eID", async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 429/);
  await personWithPasskey(page, 'nb');
  // The lock itself is the emulator's, tested over HTTP (server/emulator/passkeys.test.ts); here what the page says of it.
  await page.route('**/post/api/private/passkeys/login', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'Retry-After': '240', 'Content-Type': 'application/vnd.digipost-v2+json' },
      body: JSON.stringify({ 'error-code': 'ADDRESS_LOCKED', 'error-message': 'Too many attempts', link: [] }),
    }),
  );
  await pressPasskeyButton(page, 'nb');
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toContainText(text('nb', 'login.address_locked_title'));
  await expect(alert).toContainText('om 4 minutter');
  await expect(alert.getByRole('button', { name: text('nb', 'login.eid_button') })).toBeVisible();
});

test('a browser without WebAuthn gets no passkey part, no room for it and no offer', async ({ page }) => {
  await page.addInitScript(() => {
    // @ts-expect-error: a browser without WebAuthn
    delete window.PublicKeyCredential;
  });
  const person = await freshPerson(page.request);
  await page.goto(`${base('en')}/`);
  await expectAppRunning(page);
  await expect(page.getByRole('button', { name: text('en', 'passkey.button') })).toHaveCount(0);
  expect(await page.locator('.login__passkey').evaluate((element) => element.getBoundingClientRect().height)).toBe(0);
  await passwordSignIn(page, 'en', person);
  await expect(page).toHaveURL(mailbox);
});

test('a backend without the passkey links: no passkey part and a plain username field', async ({ page }) => {
  await page.route('**/post/api', async (route) => {
    const response = await route.fetch();
    const root = (await response.json()) as { link: { rel: string }[] };
    root.link = root.link.filter((link) => !/passkey/.test(link.rel));
    await route.fulfill({ response, json: root });
  });
  await page.goto(`${base('nn')}/`);
  await expectAppRunning(page);
  await page.getByRole('button', { name: text('nn', 'login.password_accordion') }).click();
  await expect(page.getByLabel(text('nn', 'login.national_id'))).toHaveAttribute('autocomplete', 'username');
  await expect(page.getByRole('button', { name: text('nn', 'passkey.button') })).toHaveCount(0);
});

test('adding or removing needs a sign-in within the last minutes: eID again, and back to the page', async ({ page }) => {
  const person = await freshPerson(page.request, { fullName: `Passkey Recent ${Date.now()}` });
  await signInOverApi(page.request, person);
  await page.request.post('/dev/api/clock', { data: { advanceMinutes: 11 } });
  await page.goto(`${base('en')}/passkeys`);
  await expect(page.getByText(text('en', 'passkeys.recent_title'))).toBeVisible();
  await expect(page.getByRole('button', { name: text('en', 'passkeys.add') })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: text('en', 'passkeys.recent_eid') }).click();
  await page.getByRole('button', { name: person.fullName }).click();
  await expect(page).toHaveURL(/\/innlogging\/en\/passkeys$/);
  await expect(page.getByRole('button', { name: text('en', 'passkeys.add') })).toBeVisible();
});

test('through nginx, served on localhost: the offer, create, sign in with the button', async ({ page }) => {
  // A server and nginx of its own start first (about 15 s alone; a full run under load took over 60).
  test.setTimeout(180_000);
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const server = await startServer({ PASSKEY_ORIGINS: origin });
  const nginx = await startNginx(server.url, { httpPort: port });
  try {
    await personWithPasskey(page, 'nb', origin);
    await pressPasskeyButton(page, 'nb', origin);
    await expect(page).toHaveURL(`${origin}/postkasse/`);
  } finally {
    await nginx.stop();
    await server.stop();
  }
});
