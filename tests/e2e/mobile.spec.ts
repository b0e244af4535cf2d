/**
 * The mobile app's web login and OAuth code handoff, end to end. Navigation to the app's custom
 * scheme is asserted by catching the browser's request for it, not by opening an app.
 */
import type { Page } from '@playwright/test';
import type { Language } from '../../src/contract/languages';
import { appPrefix, appRedirect, finishAppLogin, replayAppLogin, startAppLogin, type AppClientName } from './support/app-client';
import {
  appLaunchRefused,
  base,
  deploy,
  deployIf,
  expect,
  expectAppRunning,
  expectNoAxeViolations,
  guardPage,
  languages,
  languageTurns,
  test,
  text,
  viewports,
} from './support/fixtures';

async function role(page: Page): Promise<string | undefined> {
  return ((await (await page.request.get('/post/api')).json()) as { role?: string }).role;
}

const origin = (page: Page) => new URL(page.url()).origin;

/** Waits for the browser to ask for an app URL with this prefix and answers its query. */
function appQuery(page: Page, prefix: string) {
  return page.waitForRequest((request) => request.url().startsWith(prefix)).then((request) => new URL(request.url()).searchParams);
}

const signIn = (page: Page) => page.request.post('/dev/api/session', { data: { role: 'PRIVAT', nationalId: '01817010055', level: 103 } });

/**
 * The eID logins the app may ask for: both levels, with and without keeping the ID-porten session. A
 * level-4 login is a new authentication, so it counts as made in the flow; after a level-3 one the
 * approval asks "is this you?" (decision 019).
 */
const eidLogins: { language: Language; level: 'idporten3' | 'idporten4'; keep: boolean; client: AppClientName }[] = [
  { language: 'nb', level: 'idporten4', keep: false, client: 'android' },
  { language: 'nn', level: 'idporten3', keep: true, client: 'ios' },
  { language: 'en', level: 'idporten3', keep: false, client: 'test' },
  { language: 'nb', level: 'idporten4', keep: true, client: 'ios' },
];

for (const { language, level, keep, client } of eidLogins) {
  const title = `${language}: the app's backend (a real OAuth client) gets a code from an eID login at ${level}${keep ? ', keeping the ID-porten session' : ''}`;
  // Through nginx once: level 4, the session ended at ID-porten on the way back.
  test(title, deployIf(language === 'nb' && !keep), async ({ page, consoleGuard }) => {
    consoleGuard.allow(appLaunchRefused);
    const login = await startAppLogin(page.request, client);
    await page.goto(`${base(language)}/mobileLogin/${login.token}/${level}${keep ? '/keepIdportenSessionAfterLogin' : ''}`);
    await expect(page).toHaveURL(/\/dev\/idporten\?request=/);
    await expect(page.getByText(new RegExp(`: ${level === 'idporten4' ? 4 : 3}$`))).toBeVisible();
    const redirect = appRedirect(page, client);
    await page.getByRole('button', { name: 'Kari Nordmann' }).click();
    if (level === 'idporten3') {
      // Level 3 may pass unseen on ID-porten's own session: the approval asks first (decision 019).
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'mobile.consent_title', { name: 'Kari Nordmann' }));
      await page.getByRole('button', { name: text(language, 'mobile.consent_continue') }).click();
    }
    const tokens = await finishAppLogin(origin(page), login, await redirect);
    expect(tokens).toMatchObject({ token_type: 'bearer', person: '01817010055' });
    if (keep) {
      await expect(page).toHaveURL(new RegExp(`${base(language)}/mobileSuccess/${login.token}$`));
      expect(await role(page)).toBe('PRIVAT');
    } else {
      // The session ends at ID-porten on the way back (mobileSuccessWithIDportenLogout).
      await expect.poll(() => role(page)).toBeUndefined();
    }
  });
}

for (const language of languages) {
  test.describe(language, () => {
    const turn = languageTurns(language);
    const passwordLogin = "password login in the app: the app's backend (a real OAuth client) validates the redirect and exchanges the code, once";
    if (turn())
      test(passwordLogin, deploy, async ({ page, consoleGuard }) => {
        consoleGuard.allow(appLaunchRefused);
        const login = await startAppLogin(page.request);
        await page.goto(`${base(language)}${login.passwordLoginUrl.replace('/innlogging', '')}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'login.heading'));
        await expect(page.getByRole('banner')).toHaveCount(0);
        await expectNoAxeViolations(page);
        await page.getByLabel(text(language, 'login.national_id')).fill('01817010055');
        await page.getByLabel(text(language, 'login.password'), { exact: true }).fill('Sommerfugl-42');
        const redirect = appRedirect(page, 'ios');
        await page.getByRole('button', { name: text(language, 'login.submit'), exact: true }).click();
        const redirectUrl = await redirect;
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'mobile.redirect_title'));
        await expectNoAxeViolations(page);
        const tokens = await finishAppLogin(origin(page), login, redirectUrl);
        expect(tokens.access_token.length).toBeGreaterThan(20);
        expect(tokens.person).toBe('01817010055');
        expect(await replayAppLogin(origin(page), login, redirectUrl)).toBe('invalid_grant');
      });

    if (turn())
      test('a business session in a mobile flow is logged out first', async ({ page }) => {
        await page.request.post('/dev/api/session', { data: { role: 'VIRKSOMHET' } });
        const login = await startAppLogin(page.request);
        await page.goto(`${base(language)}/mobileLogin/${login.token}/idporten3`);
        await expect(page).toHaveURL(/\/dev\/idporten\?request=/);
        expect(await role(page)).toBeUndefined();
      });

    if (turn())
      test('invalid parameters show the mobile error screen and are reported', async ({ page, request, consoleGuard }) => {
        consoleGuard.allow(/status of 404/);
        await page.goto(`${base(language)}/mobileLogin/AbCdEf123456/idporten5`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'mobile.error_title'));
        await expect(page.getByText(text(language, 'mobile.error_body'))).toBeVisible();
        await expectNoAxeViolations(page);
        await expect
          .poll(async () =>
            ((await (await request.get('/dev/api/logs')).json()) as { message: string }[]).some((entry) => entry.message.includes('idportenLevel')),
          )
          .toBe(true);
        for (const path of ['/mobileLogin/x/password', '/mobileSuccess/%20', '/mobileSuccessWithIDportenLogout/short']) {
          await page.goto(`${base(language)}${path}`);
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'mobile.error_title'));
        }
        // A well-formed token the backend does not know.
        await page.goto(`${base(language)}/mobileSuccess/NoSuchToken12345`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'mobile.error_title'));
      });

    if (turn())
      test('app redirect follows an allowed app and refuses anything else', async ({ page, consoleGuard }) => {
        consoleGuard.allow(appLaunchRefused);
        const app = appQuery(page, 'no.digipost.test://oauth-callback/');
        // The page leaves for the app at once: its load event may never come (flaky under load), so no wait for it.
        await page.goto(`${base(language)}/mobileRedirect/${encodeURIComponent('no.digipost.test://oauth-callback/?done=1')}`, { waitUntil: 'commit' });
        expect((await app).get('done')).toBe('1');
        await page.goto(`${base(language)}/mobileRedirect/${encodeURIComponent('https://evil.example/')}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'mobile.not_allowed_title'));
        await expectNoAxeViolations(page);
      });

    if (turn())
      test('logout then redirect: logs out and goes back to the app', async ({ page, consoleGuard }) => {
        consoleGuard.allow(appLaunchRefused);
        await page.request.post('/dev/api/session', { data: { role: 'PRIVAT', nationalId: '01817010055', level: 103 } });
        const app = appQuery(page, 'no.digipost.ios://oauth-callback/');
        await page.goto(`${base(language)}/mobileLogout/${encodeURIComponent('no.digipost.ios://oauth-callback/?logout=1')}`, { waitUntil: 'commit' });
        expect((await app).get('logout')).toBe('1');
        expect(await role(page)).toBeUndefined();
      });
  });
}

test('look-alikes and tricks are never followed, by app redirect or logout', async ({ page }) => {
  const followed: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('http://localhost') && !request.url().startsWith('http://127.0.0.1')) followed.push(request.url());
  });
  await page.request.post('/dev/api/session', { data: { role: 'PRIVAT', nationalId: '01817010055', level: 103 } });
  const tricks = [
    'no.digipost.evil://oauth-callback/',
    'https://evil.example/',
    'javascript:alert(document.domain)',
    'data:text/html,<script>alert(1)</script>',
    'No.Digipost.IOS://oauth-callback/',
    'no.digipost.ios%3A%2F%2Foauth-callback%2F',
    'no.digipost.ios://evil@oauth-callback/',
    'no.digipost.ios://oauth-callback@evil.example/',
    'no.digipost.ios://oauth-callback./',
    '//evil.example/',
  ];
  for (const trick of tricks) {
    for (const route of ['mobileRedirect', 'mobileLogout']) {
      await page.goto(`/innlogging/en/${route}/${encodeURIComponent(trick)}`);
      await expect(page.getByRole('heading', { level: 1 }), `${route} ${trick}`).toHaveText(text('en', 'mobile.not_allowed_title'));
    }
  }
  expect(followed).toEqual([]);
  // Nothing was logged out either.
  expect(await role(page)).toBe('PRIVAT');
});

test("signed in before the app's login started: the page asks whose account the app gets (phone, keyboard), then a code only once", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(appLaunchRefused);
  consoleGuard.allow(/status of 404/);
  await page.setViewportSize(viewports.phone);
  await signIn(page);
  const login = await startAppLogin(page.request);
  await page.goto(login.passwordLoginUrl);
  const question = text('nb', 'mobile.consent_title', { name: 'Kari Nordmann' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(question);
  await expect(page).toHaveURL(new RegExp(`/innlogging/mobileSuccess/${login.token}$`));
  await expect(page).toHaveTitle(new RegExp(question.replace('?', '\\?')));
  await expectNoAxeViolations(page);
  // By keyboard alone: Tab to Continue, Enter.
  const proceed = page.getByRole('button', { name: text('nb', 'mobile.consent_continue') });
  for (let i = 0; i < 10 && !(await proceed.evaluate((element) => element === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(proceed).toBeFocused();
  const redirect = appRedirect(page, 'ios');
  await page.keyboard.press('Enter');
  const redirectUrl = await redirect;
  expect((await finishAppLogin(origin(page), login, redirectUrl)).person).toBe('01817010055');
  // Approvals are single-use: the page again is the error screen, and no second code.
  await page.goto(`/innlogging/mobileSuccess/${login.token}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nb', 'mobile.error_title'));
});

test('en: "Not me" logs out and starts the app\'s login again; the login made then goes straight to the app', async ({ page, consoleGuard }) => {
  consoleGuard.allow(appLaunchRefused);
  await signIn(page);
  const login = await startAppLogin(page.request, 'android');
  await page.goto(`/innlogging/en/mobileLogin/${login.token}/forgot-password`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'mobile.consent_title', { name: 'Kari Nordmann' }));
  await page.getByRole('button', { name: text('en', 'mobile.consent_not_me') }).click();
  // Through the identity provider's logout, back to the app's password page of the same login.
  await expect(page).toHaveURL(`/innlogging/en/mobileLogin/${login.token}/password`);
  // The page has its own anonymous session first: asked for at the same time, with no session
  // cookie, the two would start two sessions, and the page's CSRF token could be the other's.
  await expectAppRunning(page);
  expect(await role(page)).toBeUndefined();
  await page.getByLabel(text('en', 'login.national_id')).fill('01817010055');
  await page.getByLabel(text('en', 'login.password'), { exact: true }).fill('Sommerfugl-42');
  const redirect = appRedirect(page, 'android');
  await page.getByRole('button', { name: text('en', 'login.submit'), exact: true }).click();
  expect((await finishAppLogin(origin(page), login, await redirect)).person).toBe('01817010055');
});

test("the attacks: another browser's login link, or its approval page, gives a signed-in person no code for their account", async ({
  page,
  browser,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of (404|409)/);
  const appOpened: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(appPrefix('ios'))) appOpened.push(request.url());
  });
  // The attacker's app starts a login and opens it in the attacker's own browser (binding it there).
  const attacker = await browser.newContext();
  const attackerPage = await attacker.newPage();
  await guardPage(attackerPage, consoleGuard);
  await page.goto('/innlogging/');
  const login = await startAppLogin(page.request);
  await attackerPage.goto(new URL(login.passwordLoginUrl, page.url()).href);
  await expect(attackerPage.getByRole('heading', { level: 1 })).toHaveText(text('nb', 'login.heading'));
  // The victim, signed in, is sent the approval page and the login link: error screens, no app opened.
  // Off the login page first: seeing the new session when it is next used, it would go on to the
  // mailbox, and that move could interrupt the visit below (seen under load).
  await page.goto('about:blank');
  await signIn(page);
  await page.goto(`/innlogging/mobileSuccess/${login.token}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nb', 'mobile.error_title'));
  await page.goto(login.passwordLoginUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nb', 'mobile.error_title'));
  expect(appOpened).toEqual([]);
  await attacker.close();
});

test('the password page of the app has no header at any width', async ({ page }) => {
  const login = await startAppLogin(page.request);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(login.passwordLoginUrl);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nb', 'login.heading'));
    await expect(page.getByRole('banner')).toHaveCount(0);
  }
});

export type { Language };
