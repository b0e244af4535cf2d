/** Business login and the admin entry end to end, in nb, nn and en, with axe on every page visited. */
import { startServer } from './support/server';
import { base, deploy, expect, expectNoAxeViolations, languageTurns, languages, test, text } from './support/fixtures';

for (const language of languages) {
  test.describe(language, () => {
    const turn = languageTurns(language);
    if (turn())
      test('business login round trip: BankID, business administration, and out again', deploy, async ({ page }) => {
        await page.goto(`${base(language)}/business`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'business.heading'));
        await expectNoAxeViolations(page);
        // On a business page the header offers private login.
        await expect(
          page
            .getByRole('navigation')
            .getByRole('link', { name: text(language, 'header.login_private') })
            .first(),
        ).toBeAttached();
        const bankid = page.getByRole('link', { name: text(language, 'broker.bankid') });
        const href = new URL((await bankid.getAttribute('href')) as string, 'http://x');
        expect(href.searchParams.get('provider')).toBe('signicat');
        expect(href.searchParams.get('rolle')).toBe('VIRKSOMHET');
        expect(href.searchParams.get('returnUrl')).toBe('/virksomhetsadmin/');
        await bankid.click();
        await expect(page).toHaveURL(/\/dev\/broker\?request=/);
        await expect(page.getByRole('heading', { level: 1 })).toContainText('BankID');
        await expectNoAxeViolations(page);
        await page.getByRole('button', { name: 'Bjørn Bedrift' }).click();
        await expect(page).toHaveURL(/\/virksomhetsadmin\/$/);
        await expect(page.getByText('Bjørn Bedrift')).toBeVisible();
        await expectNoAxeViolations(page);
        await page.getByRole('button', { name: 'Log out' }).click();
        await expect(page).toHaveURL(/\/innlogging\/logout$/);
        await page.goto('/virksomhetsadmin/');
        await expect(page).toHaveURL(/\/innlogging\/$/);
      });

    if (turn())
      test('a person without business access is told so, with a registration link', async ({ page }) => {
        await page.goto(`${base(language)}/business`);
        await page.getByRole('link', { name: text(language, 'broker.buypass') }).click();
        await expect(page.getByRole('heading', { level: 1 })).toContainText('Buypass');
        await page.getByRole('button', { name: 'Siv Utentilgang' }).click();
        await expect(page).toHaveURL(new RegExp(`${base(language)}/innloggingFeilet\\?kode=IKKE_AUTORISERT$`));
        await expect(page.getByText(text(language, 'login_error.no_business_access'))).toBeVisible();
        await expect(page.getByRole('link', { name: text(language, 'login_error.register_business') })).toHaveAttribute(
          'href',
          `/registrering/${language}/bedrift/`,
        );
        await expectNoAxeViolations(page);
      });

    if (turn())
      test('the admin entry: card, Ada Admin, /admin/; a business person is refused', deploy, async ({ page }) => {
        await page.goto(`${base(language)}/admin`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'admin.heading'));
        await expectNoAxeViolations(page);
        const bankid = page.getByRole('link', { name: text(language, 'broker.bankid') });
        const href = new URL((await bankid.getAttribute('href')) as string, 'http://x');
        expect(href.searchParams.get('rolle')).toBe('ADMIN');
        expect(href.searchParams.get('returnUrl')).toBe('/admin/');
        await bankid.click();
        await page.getByRole('button', { name: 'Bjørn Bedrift' }).click();
        // The admin entry's own error return: the error page knows it was the admin sign-in (issue #16).
        await expect(page).toHaveURL(new RegExp(`${base(language)}/innloggingFeilet\\?rolle=ADMIN&kode=IKKE_AUTORISERT$`));
        await page.goto(`${base(language)}/admin`);
        await page.getByRole('link', { name: text(language, 'broker.bankid') }).click();
        await page.getByRole('button', { name: 'Ada Admin' }).click();
        await expect(page).toHaveURL(/\/admin\/$/);
        await expect(page.getByText('Ada Admin')).toBeVisible();
      });

    if (turn())
      test('wrong-role dialog: a private session on business login, staying signed in', async ({ page }) => {
        await page.request.post('/dev/api/session', { data: { role: 'PRIVAT', nationalId: '01817010055', level: 103 } });
        await page.goto(`${base(language)}/business`);
        const dialog = page.getByRole('dialog', { name: text(language, 'wrong_role.heading_private') });
        await expect(dialog).toBeVisible();
        await expectNoAxeViolations(page);
        await dialog.getByRole('button', { name: text(language, 'wrong_role.stay') }).click();
        await expect(page).toHaveURL(/\/postkasse\/$/);
      });

    if (turn())
      test('wrong-role dialog: a private session on business login, logging out', async ({ page }) => {
        await page.request.post('/dev/api/session', { data: { role: 'PRIVAT', nationalId: '01817010055', level: 103 } });
        await page.goto(`${base(language)}/business`);
        const dialog = page.getByRole('dialog', { name: text(language, 'wrong_role.heading_private') });
        await dialog.getByRole('button', { name: text(language, 'wrong_role.logout') }).click();
        await expect(page).toHaveURL(new RegExp(`${base(language)}/business$`));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'business.heading'));
        await expect(page.getByRole('dialog')).toHaveCount(0);
      });

    if (turn())
      test('a business session opening business login goes straight to business administration', async ({ page }) => {
        await page.request.post('/dev/api/session', { data: { role: 'VIRKSOMHET' } });
        await page.goto(`${base(language)}/business`);
        await expect(page).toHaveURL(/\/virksomhetsadmin\/$/);
      });
  });
}

test('the admin entry is refused outside ADMIN_NETWORKS and goes back to the login base', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 403/);
  const server = await startServer({ ADMIN_NETWORKS: '192.0.2.0/24' });
  try {
    for (const language of languages) {
      await page.goto(`${server.url}${base(language)}/admin`);
      await expect(page).toHaveURL(new RegExp(`${base(language)}/?$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'login.heading'));
    }
    // The admin sign-in itself, reached without the entry's access check: refused by the broker too.
    const signIn = new URLSearchParams({
      provider: 'signicat',
      rolle: 'ADMIN',
      returnUrl: '/admin/',
      returnUrlError: '/innlogging/en/innloggingFeilet?rolle=ADMIN',
      idp: 'bankid',
      language: 'en',
    });
    await page.goto(`${server.url}/post/api/login/idp?${signIn.toString()}`);
    await expect(page).toHaveURL(/\/innlogging\/en\/innloggingFeilet\?rolle=ADMIN&kode=IKKE_AUTORISERT$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'login_error.heading'));
  } finally {
    // Leave the page first: a request still open when the server stops is a console error.
    await page.goto('about:blank');
    await server.stop();
  }
});

test('a server with bad ADMIN_NETWORKS refuses to start and names the variable', async () => {
  await expect(startServer({ ADMIN_NETWORKS: '10.0.0.0/40' })).rejects.toThrow(/ADMIN_NETWORKS/);
});
