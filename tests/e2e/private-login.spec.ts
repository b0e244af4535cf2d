/** Private sign-in end to end against the emulator, in nb, nn and en, with axe on every page visited. */
import type { Page, Request } from '@playwright/test';
import { base, deploy, expect, expectNoAxeViolations, freshPerson, languageTurns, languages, passkeyAutofillAnswered, test, text } from './support/fixtures';

const kari = { nationalId: '01817010055', password: 'Sommerfugl-42' };

async function openPasswordForm(page: Page, language: (typeof languages)[number]) {
  await page.getByRole('button', { name: text(language, 'login.password_accordion') }).click();
}

function isRootCall(request: Request | URL) {
  const url = request instanceof URL ? request : new URL(request.url());
  return url.pathname === '/post/api';
}

for (const language of languages) {
  test.describe(language, () => {
    const turn = languageTurns(language);
    if (turn())
      test('eID round trip: ID-porten, the mailbox, and out again', deploy, async ({ page }) => {
        await page.goto(`${base(language)}/`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'login.heading'));
        await expectNoAxeViolations(page);
        await expect(page.getByRole('link', { name: text(language, 'login.register') })).toHaveAttribute('href', `/registrering/${language}/person`);
        await page.getByRole('button', { name: text(language, 'login.eid_button') }).click();
        await expect(page).toHaveURL(/\/dev\/idporten\?request=/);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expectNoAxeViolations(page);
        await page.getByRole('button', { name: 'Kari Nordmann' }).click();
        await expect(page).toHaveURL(/\/postkasse\/\?login-successful=true$/);
        await expect(page.getByText('Kari Nordmann')).toBeVisible();
        await expect(page.getByText(/Electronic ID, level 3 \(103\)/)).toBeVisible();
        await expectNoAxeViolations(page);
        await page.getByRole('button', { name: 'Log out' }).click();
        await expect(page).toHaveURL(/\/innlogging\/logout$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nb', 'logout.heading'));
        // Signed out for real: the mailbox sends us back to login.
        await page.goto('/postkasse/');
        await expect(page).toHaveURL(/\/innlogging\/$/);
      });

    for (const [person, code, message] of [
      ['Anne Ukjent', 'kode=IKKE_AUTORISERT', 'login_error.not_registered'],
      ['Ola Nordmann', 'kode=KONTO_SUSPENDERT', 'account.suspended'],
    ] as const) {
      if (turn())
        test(`eID as ${person} ends on the login error screen`, async ({ page }) => {
          await page.goto(`${base(language)}/`);
          await page.getByRole('button', { name: text(language, 'login.eid_button') }).click();
          await page.getByRole('button', { name: person }).click();
          await expect(page).toHaveURL(new RegExp(`${base(language)}/loginError\\?${code}$`));
          await expect(page.getByText(text(language, message))).toBeVisible();
          await expectNoAxeViolations(page);
        });
    }

    if (turn())
      test('cancelling at ID-porten ends on the login error screen, told calmly with the way back (decision 012)', async ({ page }) => {
        await page.goto(`${base(language)}/`);
        await page.getByRole('button', { name: text(language, 'login.eid_button') }).click();
        await page.getByRole('button', { name: language === 'en' ? 'Cancel' : 'Avbryt' }).click();
        await expect(page).toHaveURL(/loginError\?idpErrorCode=AVBRUTT_AV_BRUKER$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'login_error.cancelled_heading'));
        await expect(page.getByText(text(language, 'login_error.cancelled'))).toBeVisible();
        await expect(page.getByText(text(language, 'login_error.generic'))).toHaveCount(0);
        await expectNoAxeViolations(page);
        await page.getByRole('link', { name: text(language, 'error.back_private') }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'login.heading'));
      });

    if (turn())
      test('password login succeeds and opens the mailbox with limited access', deploy, async ({ page }) => {
        await page.goto(`${base(language)}/`);
        await openPasswordForm(page, language);
        await expectNoAxeViolations(page);
        const id = page.getByLabel(text(language, 'login.national_id'));
        // A password manager's username, and the person's passkeys in the same field's autofill (issue #36).
        await expect(id).toHaveAttribute('autocomplete', 'username webauthn');
        await expect(id).toHaveAttribute('inputmode', 'numeric');
        await id.fill('018170 10055');
        const password = page.getByLabel(text(language, 'login.password'), { exact: true });
        await expect(password).toHaveAttribute('autocomplete', 'current-password');
        await password.fill(kari.password);
        await page.getByRole('button', { name: text(language, 'login.show_password') }).click();
        await expect(password).toHaveAttribute('type', 'text');
        await page.getByRole('button', { name: text(language, 'login.hide_password') }).click();
        await expect(password).toHaveAttribute('type', 'password');
        await page.getByRole('button', { name: text(language, 'login.submit'), exact: true }).click();
        await expect(page).toHaveURL(/\/postkasse\/$/);
        await expect(page.getByText(/National ID number and password: limited access/)).toBeVisible();
      });

    if (turn())
      test('a wrong password shows the warning, keeps the ID and clears the password', deploy, async ({ page, consoleGuard }) => {
        consoleGuard.allow(/status of 403/);
        // A person of its own: wrong passwords count towards a lockout (issue 15).
        const person = await freshPerson(page.request);
        await page.goto(`${base(language)}/`);
        await openPasswordForm(page, language);
        await page.getByLabel(text(language, 'login.national_id')).fill(person.nationalId);
        await page.getByLabel(text(language, 'login.password'), { exact: true }).fill('Feil-passord-1');
        await page.getByRole('button', { name: text(language, 'login.submit'), exact: true }).click();
        const warning = page.getByRole('alert').filter({ hasText: text(language, 'login.wrong_password_title') });
        await expect(warning).toBeVisible();
        await expect(warning).toBeFocused();
        await expect(page.getByLabel(text(language, 'login.national_id'))).toHaveValue(person.nationalId);
        await expect(page.getByLabel(text(language, 'login.password'), { exact: true })).toHaveValue('');
        await expectNoAxeViolations(page);
      });

    if (turn())
      test('an invalid ID number and a short password are caught before any call', async ({ page }) => {
        let loginCalls = 0;
        page.on('request', (request) => {
          if (request.url().includes('/login/password')) loginCalls += 1;
        });
        await page.goto(`${base(language)}/`);
        await openPasswordForm(page, language);
        await page.getByLabel(text(language, 'login.national_id')).fill('1234567890');
        await page.getByLabel(text(language, 'login.password'), { exact: true }).fill('abc');
        await page.getByRole('button', { name: text(language, 'login.submit'), exact: true }).click();
        await expect(page.getByText(text(language, 'login.error_summary'))).toBeFocused();
        const idError = text(language, 'login.invalid_foedselsnummer');
        const passwordError = text(language, 'login.invalid_password', { min: 6 });
        await expect(page.getByRole('link', { name: idError })).toBeVisible();
        await expect(page.getByRole('link', { name: passwordError })).toBeVisible();
        await expect(page.getByLabel(text(language, 'login.national_id'))).toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByLabel(text(language, 'login.national_id'))).toHaveValue('1234567890');
        await expectNoAxeViolations(page);
        // The summary links to the field.
        await page.getByRole('link', { name: idError }).click();
        await expect(page.getByLabel(text(language, 'login.national_id'))).toBeFocused();
        // Correct the ID, keep the short password: only the password error remains.
        await page.getByLabel(text(language, 'login.national_id')).fill(kari.nationalId);
        await page.getByLabel(text(language, 'login.password'), { exact: true }).fill('abc');
        await page.getByRole('button', { name: text(language, 'login.submit'), exact: true }).click();
        await expect(page.getByRole('link', { name: passwordError })).toBeVisible();
        await expect(page.getByRole('link', { name: idError })).toHaveCount(0);
        expect(loginCalls).toBe(0);
      });

    if (turn())
      test('a double submit sends one login', async ({ page }) => {
        // The login is held until every press has been made (not for a fixed time): all of them meet it under way.
        let loginCalls = 0;
        let release: () => void = () => {};
        const pressed = new Promise<void>((resolve) => (release = resolve));
        await page.route('**/post/api/private/login/password', async (route) => {
          loginCalls += 1;
          await pressed;
          await route.continue();
        });
        await page.goto(`${base(language)}/`);
        await openPasswordForm(page, language);
        await page.getByLabel(text(language, 'login.national_id')).fill(kari.nationalId);
        await page.getByLabel(text(language, 'login.password'), { exact: true }).fill(kari.password);
        const submit = page.getByRole('button', { name: text(language, 'login.submit'), exact: true });
        await submit.dblclick();
        await page.keyboard.press('Enter');
        release();
        await expect(page).toHaveURL(/\/postkasse\/$/);
        expect(loginCalls).toBe(1);
      });

    if (turn())
      test('the app banner is hidden inside the mobile app', async ({ page }) => {
        await page.goto(`${base(language)}/`);
        await expect(page.getByRole('link', { name: text(language, 'app_banner.android') })).toBeVisible();
        await page.evaluate(() => window.localStorage.setItem('isMobilapp', 'true'));
        await page.reload();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('link', { name: text(language, 'app_banner.android') })).toHaveCount(0);
      });

    if (turn())
      test('wrong-role dialog: a business session on private login, staying signed in', async ({ page }) => {
        await page.request.post('/dev/api/session', { data: { role: 'VIRKSOMHET' } });
        await page.goto(`${base(language)}/`);
        const dialog = page.getByRole('dialog', { name: text(language, 'wrong_role.heading_business') });
        await expect(dialog).toBeVisible();
        await expectNoAxeViolations(page);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeVisible();
        await page.mouse.click(5, 5);
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole('button', { name: text(language, 'modal.close') })).toHaveCount(0);
        await dialog.getByRole('button', { name: text(language, 'wrong_role.stay') }).click();
        await expect(page).toHaveURL(/\/virksomhetsadmin\/$/);
      });

    if (turn())
      test('wrong-role dialog: logging out clears cookies but the three kept ones, and returns here', async ({ page, context, baseURL }) => {
        await page.request.post('/dev/api/session', { data: { role: 'VIRKSOMHET' } });
        const sessionBefore = (await context.cookies()).find((cookie) => cookie.name === 'SESSION')?.value;
        expect(sessionBefore).toBeTruthy();
        const url = new URL(baseURL as string);
        await context.addCookies(
          ['tracking', 'dp-language', 'dp-cookie-consent', 'dp-person-id', 'ui-state'].map((name) => ({
            name,
            value: `${name}-value`,
            domain: url.hostname,
            path: '/',
          })),
        );
        await page.goto(`${base(language)}/`);
        const dialog = page.getByRole('dialog', { name: text(language, 'wrong_role.heading_business') });
        const autofillAnswered = passkeyAutofillAnswered(page);
        await dialog.getByRole('button', { name: text(language, 'wrong_role.logout') }).click();
        await expect(page).toHaveURL(new RegExp(`${base(language)}/$`));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'login.heading'));
        // The page's own new session first; the root document asked below must not race it.
        await autofillAnswered;
        await expect(page.getByRole('dialog')).toHaveCount(0);
        const names = (await context.cookies()).map((cookie) => cookie.name).sort();
        expect(names).toEqual(expect.arrayContaining(['dp-cookie-consent', 'dp-language', 'dp-person-id']));
        expect(names).not.toContain('tracking');
        expect(names).not.toContain('ui-state');
        // The business session is gone; the login page has started a fresh anonymous one.
        const sessionAfter = (await context.cookies()).find((cookie) => cookie.name === 'SESSION')?.value;
        expect(sessionAfter).not.toBe(sessionBefore);
        const root = (await (await page.request.get('/post/api')).json()) as { role?: string };
        expect(root.role).toBeUndefined();
      });

    if (turn())
      test('a private session opening private login goes straight to the mailbox', async ({ page }) => {
        await page.request.post('/dev/api/session', { data: { role: 'PRIVAT', nationalId: kari.nationalId, level: 104 } });
        await page.goto(`${base(language)}/`);
        await expect(page).toHaveURL(/\/postkasse\/$/);
      });

    if (turn())
      test('every login error code, and a hostile one, shows only a mapped message', async ({ page }) => {
        const cases = [
          ['loginError?kode=IKKE_AUTORISERT', 'login_error.not_registered'],
          ['loginError?idpErrorCode=IKKE_AUTORISERT', 'login_error.not_registered'],
          ['innloggingFeilet?kode=IKKE_AUTORISERT', 'login_error.no_business_access'],
          ['loginError?kode=KONTO_SUSPENDERT', 'account.suspended'],
          ['innloggingFeilet?kode=KONTO_SUSPENDERT', 'account.suspended'],
          ['loginError?kode=NOE_ANNET', 'login_error.generic'],
          ['loginError', 'login_error.generic'],
        ] as const;
        for (const [path, message] of cases) {
          await page.goto(`${base(language)}/${path}`);
          await expect(page.getByText(text(language, message))).toBeVisible();
          const register = page.getByRole('link', { name: text(language, 'login_error.register_business') });
          if (message === 'login_error.no_business_access') {
            await expect(register).toHaveAttribute('href', `/registrering/${language}/bedrift/`);
          } else {
            await expect(register).toHaveCount(0);
          }
          await expect(page.getByRole('link', { name: text(language, 'error.back_private') })).toHaveAttribute('href', new RegExp(`^${base(language)}/?$`));
          // The header names the same destination the same way (one name per destination): the page's own link.
          await expect(page.getByRole('main').getByRole('link', { name: text(language, 'error.back_business') })).toHaveAttribute(
            'href',
            `${base(language)}/business`,
          );
        }
        const hostile = '<img src=x onerror=alert(1)>KONTO';
        await page.goto(`${base(language)}/loginError?kode=${encodeURIComponent(hostile)}`);
        await expect(page.getByText(text(language, 'login_error.generic'))).toBeVisible();
        await expect(page.locator('main')).not.toContainText('KONTO');
        await expect(page.locator('main img')).toHaveCount(0);
        await expectNoAxeViolations(page);
      });

    if (turn())
      test('root call NOT_AUTHORIZED sends the browser to the logout_idp link', async ({ page, consoleGuard }) => {
        consoleGuard.allow(/status of 403/);
        await page.route(isRootCall, (route) =>
          route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({
              'error-code': 'NOT_AUTHORIZED',
              'error-message': 'Not authorized',
              link: [{ rel: '/post/api/relations/logout_idp', uri: `/dev/idp/logout?next=${encodeURIComponent(`${base(language)}/timeout`)}` }],
            }),
          }),
        );
        await page.goto(`${base(language)}/`);
        await expect(page).toHaveURL(new RegExp(`${base(language)}/timeout$`));
      });

    if (turn())
      test('root call failing otherwise shows the error screen with a retry', async ({ page, consoleGuard }) => {
        consoleGuard.allow(/status of 500/);
        await page.route(isRootCall, (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Upstream down' }));
        await page.goto(`${base(language)}/`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'error.heading'));
        await expect(page.getByRole('button', { name: text(language, 'error.retry') })).toBeVisible();
        await expectNoAxeViolations(page);
      });

    if (turn())
      test('a login start without a Location header leads to the error page and is reported', async ({ page, request }) => {
        await page.route('**/post/api/private/login/secure', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }));
        await page.goto(`${base(language)}/`);
        await page.getByRole('button', { name: text(language, 'login.eid_button') }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'error.heading'));
        await expect(page.getByRole('link', { name: text(language, 'error.back_private') })).toBeVisible();
        await expect
          .poll(async () => {
            const logs = (await (await request.get('/dev/api/logs')).json()) as { message: string }[];
            return logs.some((entry) => entry.message === 'Mangler signicat-url returnert i location header');
          })
          .toBe(true);
      });
  });
}
