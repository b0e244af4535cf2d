/**
 * Login errors and the pages around them as people meet them (issue #18, docs/decisions/012 and 013):
 * a cancel at the identity provider, an eID without an account, a refused admin, the logged-out and
 * timeout pages with a session still signed in, and email verification links that do not work.
 * Languages are sampled: each text in each language once, each flow once.
 */
import type { Page } from '@playwright/test';
import type { Language } from '../../src/contract/languages';
import { base, deploy, expect, expectAppRunning, expectNoAxeViolations, freshPerson, languages, passkeyAutofillAnswered, test, text } from './support/fixtures';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** What a person sees: the rendered text, without what is hidden or only in attributes. */
// biome-ignore lint/performance/useDomNodeTextContent: textContent would include the hidden text this checks is not shown
const visibleText = (page: Page) => page.evaluate(() => document.body.innerText);

test.describe('login errors', () => {
  test('a cancel at the identity broker: calm, and business login is the way back (en)', deploy, async ({ page }) => {
    await page.goto(`${base('en')}/business`);
    await page.getByRole('link', { name: text('en', 'broker.bankid') }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`${base('en')}/innloggingFeilet\\?idpErrorCode=AVBRUTT_AV_BRUKER$`));
    await expect(heading(page)).toHaveText(text('en', 'login_error.cancelled_heading'));
    await expect(page).toHaveTitle(text('en', 'app.title', { page: text('en', 'login_error.cancelled_heading') }));
    await expect(page.getByText(text('en', 'login_error.cancelled'))).toBeVisible();
    await expect(page.getByText(text('en', 'login_error.generic'))).toHaveCount(0);
    await expectNoAxeViolations(page);
    const back = page.getByRole('main').getByRole('link', { name: text('en', 'error.back_business') });
    await expect(back).toHaveClass(/hds-button--primary/);
    await back.click();
    await expect(heading(page)).toHaveText(text('en', 'business.heading'));
  });

  test('an eID but no account: "sign up" at registration, in the language of the page', deploy, async ({ page, consoleGuard }) => {
    // The emulator's registration stand-in has no icon: Chrome's request for /favicon.ico is a 404.
    consoleGuard.allow(/status of 404/);
    // Through ID-porten once (nn), then the screen itself in the other languages.
    await page.goto(`${base('nn')}/`);
    await page.getByRole('button', { name: text('nn', 'login.eid_button') }).click();
    await page.getByRole('button', { name: 'Anne Ukjent' }).click();
    await expect(page).toHaveURL(new RegExp(`${base('nn')}/loginError\\?kode=IKKE_AUTORISERT$`));
    await expect(page.getByText(text('nn', 'login_error.not_registered'))).toBeVisible();
    await expectNoAxeViolations(page);
    for (const language of ['nb', 'en'] as const) {
      await page.goto(`${base(language)}/loginError?kode=IKKE_AUTORISERT`);
      const signUp = page.getByRole('link', { name: text(language, 'login.register') });
      await expect(signUp).toHaveAttribute('href', `/registrering/${language}/person`);
      await expect(signUp).toHaveClass(/hds-button--primary/);
      await expect(page.getByRole('link', { name: text(language, 'login_error.register_business') })).toHaveCount(0);
    }
    await page.getByRole('link', { name: text('en', 'login.register') }).click();
    await expect(page).toHaveURL(/\/registrering\/en\/person$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Register as a private person');
  });

  test('a refused admin: the admin message and the way back to the admin sign-in, not business registration', async ({ page }) => {
    await page.goto(`${base('nb')}/admin`);
    await page.getByRole('link', { name: text('nb', 'broker.bankid') }).click();
    await page.getByRole('button', { name: 'Bjørn Bedrift' }).click();
    await expect(page).toHaveURL(new RegExp(`${base('nb')}/innloggingFeilet\\?rolle=ADMIN&kode=IKKE_AUTORISERT$`));
    await expect(page.getByText(text('nb', 'login_error.no_admin_access'))).toBeVisible();
    await expect(page.getByText(text('nb', 'login_error.no_business_access'))).toHaveCount(0);
    await expect(page.getByRole('link', { name: text('nb', 'login_error.register_business') })).toHaveCount(0);
    await expectNoAxeViolations(page);
    for (const language of ['nn', 'en'] as const) {
      await page.goto(`${base(language)}/innloggingFeilet?rolle=ADMIN&kode=IKKE_AUTORISERT`);
      await expect(page.getByText(text(language, 'login_error.no_admin_access'))).toBeVisible();
      await expect(page.getByRole('link', { name: text(language, 'login_error.back_admin') })).toHaveAttribute('href', `${base(language)}/admin`);
    }
    await page.getByRole('link', { name: text('en', 'login_error.back_admin') }).click();
    await expect(heading(page)).toHaveText(text('en', 'admin.heading'));
  });
});

/** Signs in with national ID and password on the private login page: a private session. */
async function signInPrivate(page: Page, language: Language) {
  const person = await freshPerson(page.request);
  await page.goto(`${base(language)}/`);
  await page.getByRole('button', { name: text(language, 'login.password_accordion') }).click();
  await page.getByLabel(text(language, 'login.national_id')).fill(person.nationalId);
  await page.getByLabel(text(language, 'login.password'), { exact: true }).fill(person.password);
  await page.getByRole('button', { name: text(language, 'login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/postkasse\/$/);
}

/** Signs in for a business through the identity broker: a business session. */
async function signInBusiness(page: Page, language: Language) {
  await page.goto(`${base(language)}/business`);
  await page.getByRole('link', { name: text(language, 'broker.bankid') }).click();
  await page.getByRole('button', { name: 'Bjørn Bedrift' }).click();
  await expect(page).toHaveURL(/\/virksomhetsadmin\/$/);
}

/** The emulator's areas send anyone not signed in (as their role) back to the login page. */
async function expectSignedOut(page: Page, area: '/postkasse/' | '/virksomhetsadmin/') {
  const autofillAnswered = passkeyAutofillAnswered(page);
  await page.goto(area);
  await expect(page).toHaveURL(/\/innlogging\/$/);
  // After the page's own root document (its new anonymous session), not at the same time as it.
  await expectAppRunning(page);
  await autofillAnswered;
  const root = (await (await page.request.get('/post/api')).json()) as { role?: string };
  expect(root.role).toBeUndefined();
}

test.describe('the logged-out and timeout pages never say what is false', () => {
  test('a private session opening the logout page: "logging out" while the logout call works, then logged out for real (nb)', deploy, async ({ page }) => {
    await signInPrivate(page, 'nb');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const logoutCalls: string[] = [];
    await page.route('**/post/api/logout**', async (route) => {
      logoutCalls.push(new URL(route.request().url()).pathname);
      await held;
      await route.continue();
    });
    await page.goto(`${base('nb')}/logout`);
    await expect.poll(() => logoutCalls).toEqual(['/post/api/logout']);
    // While the session is being ended the page says only that.
    await expect(heading(page)).toHaveText(text('nb', 'logout.ending'));
    await expect(page).toHaveTitle(text('nb', 'app.title', { page: text('nb', 'logout.ending') }));
    expect(await visibleText(page)).not.toContain(text('nb', 'logout.heading'));
    await expectNoAxeViolations(page);
    release();
    await expect(heading(page)).toHaveText(text('nb', 'logout.heading'));
    await expect(page).toHaveURL(new RegExp(`${base('nb')}/logout$`));
    await expect(page.getByText(text('nb', 'logout.body'))).toBeVisible();
    await expectNoAxeViolations(page);
    // One logout: the page came back signed out and did not log out again.
    expect(logoutCalls).toHaveLength(1);
    await page.unrouteAll();
    await expectSignedOut(page, '/postkasse/');
  });

  test('a business session opening the timeout page is ended through the identity provider, then told (en)', deploy, async ({ page }) => {
    await signInBusiness(page, 'en');
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/post/api/logout') || pathname.startsWith('/dev/idp/logout')) calls.push(pathname);
    });
    await page.goto(`${base('en')}/timeout`);
    await expect(heading(page)).toHaveText(text('en', 'timeout.heading'));
    await expect(page.getByText(text('en', 'timeout.subheading', { minutes: 30 }))).toBeVisible();
    await expect(page).toHaveTitle(text('en', 'app.title', { page: text('en', 'timeout.title') }));
    expect(calls).toEqual(['/post/api/logout/idp', '/dev/idp/logout']);
    await expectSignedOut(page, '/virksomhetsadmin/');
  });

  test('either role on either page ends signed out (nn)', async ({ page }) => {
    for (const [session, path, area] of [
      [{ role: 'PRIVAT', nationalId: '01817010055', level: 103 }, '/timeout', '/postkasse/'],
      [{ role: 'VIRKSOMHET' }, '/logout', '/virksomhetsadmin/'],
    ] as const) {
      expect((await page.request.post('/dev/api/session', { data: session })).ok()).toBe(true);
      await page.goto(`${base('nn')}${path}`);
      await expect(heading(page)).toHaveText(text('nn', path === '/logout' ? 'logout.heading' : 'timeout.heading'));
      await expect(page).toHaveURL(new RegExp(`${base('nn')}${path}$`));
      await expectSignedOut(page, area);
    }
  });

  test('nobody signed in: no logout call, and the page says so at once after its check', async ({ page }) => {
    const logoutCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/post/api/logout')) logoutCalls.push(request.url());
    });
    await page.goto(`${base('nn')}/logout`);
    await expect(heading(page)).toHaveText(text('nn', 'logout.heading'));
    await expect(page.locator('#root')).toHaveAttribute('data-rendered', 'hydrated');
    expect(logoutCalls).toEqual([]);
  });

  test('before the app has checked, the prerendered page says only that it is logging out', async ({ page }) => {
    await page.route(/\/innlogging\/assets\/start-[^/]+\.js$/, () => {});
    for (const language of languages) {
      for (const path of ['/logout', '/timeout']) {
        await page.goto(`${base(language)}${path}`);
        await expect(heading(page)).toHaveText(text(language, 'logout.ending'));
        const seen = await visibleText(page);
        for (const claim of [text(language, 'logout.heading'), text(language, 'timeout.heading'), text(language, 'timeout.subheading', { minutes: 30 })]) {
          expect(seen, `${language}${path}`).not.toContain(claim);
        }
      }
    }
    await expectNoAxeViolations(page);
  });

  test('from "logging out" to "logged out" nothing moves and nothing larger is drawn: the first paint holds the largest text', async ({ page }) => {
    await page.addInitScript(() => {
      const seen = { shifts: [] as { value: number; sources: string[] }[], largest: [] as { at: number; text: string }[] };
      Object.assign(window, { seen });
      const nameOf = (node: Node | null) =>
        node instanceof Element
          ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.className ? `.${String(node.className).trim().replace(/\s+/g, '.')}` : ''}`
          : String(node?.nodeName);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        })[]) {
          const sources = (entry.sources ?? []).map(
            ({ node, previousRect: from, currentRect: to }) =>
              `${nameOf(node)} ${from.x},${from.y} ${from.width}x${from.height} → ${to.x},${to.y} ${to.width}x${to.height}`,
          );
          seen.shifts.push({ value: entry.value, sources });
        }
      }).observe({ type: 'layout-shift', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[])
          seen.largest.push({ at: entry.startTime, text: entry.element?.textContent ?? '' });
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    for (const [width, height] of [
      [375, 740],
      [1280, 800],
    ]) {
      await page.setViewportSize({ width, height });
      for (const language of languages) {
        for (const [path, lead] of [
          ['/logout', text(language, 'logout.body')],
          ['/timeout', text(language, 'timeout.rule', { minutes: 30 })],
        ]) {
          const where = `${language}${path} at ${width} px`;
          // A shift the page causes comes at every load; one seen once, on a machine busy with the rest of
          // the suite, is measured again (the first one's sources go into the message if it comes back).
          const earlier: string[] = [];
          for (let attempt = 1; ; attempt += 1) {
            await page.goto(`${base(language)}${path}`);
            await expect(heading(page)).toHaveText(text(language, path === '/logout' ? 'logout.heading' : 'timeout.heading'));
            // Two frames: a paint the change caused would be reported by now.
            await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
            const seen = await page.evaluate(
              () => (window as unknown as { seen: { shifts: { value: number; sources: string[] }[]; largest: { at: number; text: string }[] } }).seen,
            );
            if (seen.shifts.length > 0 && attempt === 1) {
              earlier.push(...seen.shifts.map((shift) => `${shift.value.toFixed(4)}: ${shift.sources.join('; ')}`));
              continue;
            }
            expect(seen.shifts, `${where} (measured twice; the first time: ${earlier.join(' | ') || 'none'})`).toEqual([]);
            // The largest text is one the first paint drew: its lead, or (where the lead fits on one line, as
            // English's at 1280 px) its heading "Logging out …"; never a text drawn after the check.
            expect([lead, text(language, 'logout.ending')], where).toContain(seen.largest.at(-1)?.text);
            break;
          }
        }
      }
    }
  });

  test('a logout that fails is an error screen with a retry, never the logged-out text (en)', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 500/);
    expect((await page.request.post('/dev/api/session', { data: { role: 'PRIVAT', nationalId: '01817010055', level: 103 } })).ok()).toBe(true);
    await page.route('**/post/api/logout**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ 'error-code': 'INTERNAL_ERROR', 'error-message': 'down', link: [] }),
      }),
    );
    await page.goto(`${base('en')}/timeout`);
    await expect(heading(page)).toHaveText(text('en', 'logout.failed'));
    await expect(page.getByText(text('en', 'logout.failed_body'))).toBeVisible();
    expect(await visibleText(page)).not.toContain(text('en', 'timeout.heading'));
    await expectNoAxeViolations(page);
    await page.unrouteAll();
    await page.getByRole('button', { name: text('en', 'error.retry') }).click();
    await expect(heading(page)).toHaveText(text('en', 'timeout.heading'));
    await expectSignedOut(page, '/postkasse/');
  });
});

test.describe('email verification links that do not work', () => {
  test('no token: the link is incomplete, no button that could only fail, and the broken-link picture (nb, nn, en)', async ({ page }) => {
    await page.goto(`${base('en')}/epost-verifisering/fullfort`);
    await expectAppRunning(page);
    const success = await page.locator('.page__illustration').innerHTML();
    for (const language of languages) {
      await page.goto(`${base(language)}/epost-verifisering${language === 'nn' ? '/?token=' : ''}`);
      await expect(page.getByText(text(language, 'email_verify.incomplete'))).toBeVisible();
      await expect(page.getByRole('button', { name: text(language, 'email_verify.button') })).toHaveCount(0);
      await expect(page.getByRole('link', { name: text(language, 'email_verify.to_login') })).toHaveAttribute('href', new RegExp(`^${base(language)}/?$`));
      expect(await page.locator('.page__illustration').innerHTML()).not.toBe(success);
    }
    await expectNoAxeViolations(page);
  });

  test('a link that fails: the failure page has its own picture, not the success envelope (nn)', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 400/);
    await page.goto(`${base('nn')}/epost-verifisering/fullfort`);
    await expectAppRunning(page);
    const success = await page.locator('.page__illustration').innerHTML();
    await page.goto(`${base('nn')}/epost-verifisering?token=finst-ikkje-0123456789`);
    await expectAppRunning(page);
    expect(await page.locator('.page__illustration').innerHTML()).toBe(success);
    await page.getByRole('button', { name: text('nn', 'email_verify.button') }).click();
    await expect(page).toHaveURL(new RegExp(`${base('nn')}/epost-verifisering/feilet$`));
    await expect(heading(page)).toHaveText(text('nn', 'email_verify.failed_heading'));
    const failure = page.locator('.page__illustration svg');
    await expect(failure).toHaveAttribute('aria-hidden', 'true');
    expect(await page.locator('.page__illustration').innerHTML()).not.toBe(success);
    await expectNoAxeViolations(page);
  });
});
