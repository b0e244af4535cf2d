/**
 * The mobile app's web login and OAuth code handoff, end to end. Navigation to the app's custom
 * scheme is asserted by catching the browser's request for it, not by opening an app.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { Language } from '../../src/contract/languages';
import { appLaunchRefused, base, expect, expectNoAxeViolations, languages, test, text } from './support/fixtures';

interface Started {
  token: string;
  state: string;
}

async function startAuthorization(request: APIRequestContext, client = 'ios'): Promise<Started> {
  const response = await request.get(`/dev/api/oauth/start?client=${client}`);
  expect(response.status()).toBe(201);
  return (await response.json()) as Started;
}

const appPrefix = { ios: 'no.digipost.ios://oauth-callback/', android: 'no.digipost.android://oauth-callback/' };

/** Waits for the browser to ask for the app's URL and answers its code and state. */
function appRequest(page: Page, prefix: string) {
  return page.waitForRequest((request) => request.url().startsWith(prefix)).then((request) => new URL(request.url()).searchParams);
}

async function role(page: Page): Promise<string | undefined> {
  return ((await (await page.request.get('/post/api')).json()) as { role?: string }).role;
}

for (const language of languages) {
  test.describe(language, () => {
    test('password login in the app: back to the app with a code that works once', async ({ page, consoleGuard }) => {
      consoleGuard.allow(appLaunchRefused);
      const started = await startAuthorization(page.request);
      await page.goto(`${base(language)}/mobileLogin/${started.token}/password`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'login.heading'));
      await expect(page.getByRole('banner')).toHaveCount(0);
      await expectNoAxeViolations(page);
      await page.getByLabel(text(language, 'login.national_id')).fill('01817010055');
      await page.getByLabel(text(language, 'login.password'), { exact: true }).fill('Sommerfugl-42');
      const app = appRequest(page, appPrefix.ios);
      await page.getByRole('button', { name: text(language, 'login.submit'), exact: true }).click();
      const query = await app;
      expect(query.get('state')).toBe(started.state);
      const code = query.get('code') as string;
      expect(code.length).toBeGreaterThan(20);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'mobile.redirect_title'));
      await expectNoAxeViolations(page);
      const exchange = await page.request.post('/post/api/oauth/token', { data: { code, client_id: 'ios' } });
      expect(exchange.status()).toBe(200);
      expect(await exchange.json()).toMatchObject({ token_type: 'Bearer', person: '01817010055' });
      const again = await page.request.post('/post/api/oauth/token', { data: { code, client_id: 'ios' } });
      expect(again.status()).toBe(400);
      expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
    });

    test('eID login in the app ends the ID-porten session on the way back', async ({ page, consoleGuard }) => {
      consoleGuard.allow(appLaunchRefused);
      const started = await startAuthorization(page.request, 'android');
      await page.goto(`${base(language)}/mobileLogin/${started.token}/idporten4`);
      await expect(page).toHaveURL(/\/dev\/idporten\?request=/);
      await expect(page.getByText(/: 4$/)).toBeVisible();
      const app = appRequest(page, appPrefix.android);
      await page.getByRole('button', { name: 'Kari Nordmann' }).click();
      const query = await app;
      expect(query.get('state')).toBe(started.state);
      await expect.poll(() => role(page)).toBeUndefined();
    });

    test('eID login in the app that keeps the ID-porten session', async ({ page, consoleGuard }) => {
      consoleGuard.allow(appLaunchRefused);
      const started = await startAuthorization(page.request);
      await page.goto(`${base(language)}/mobileLogin/${started.token}/idporten3/keepIdportenSessionAfterLogin`);
      await expect(page).toHaveURL(/\/dev\/idporten\?request=/);
      const app = appRequest(page, appPrefix.ios);
      await page.getByRole('button', { name: 'Kari Nordmann' }).click();
      expect((await app).get('state')).toBe(started.state);
      await expect(page).toHaveURL(new RegExp(`${base(language)}/mobileSuccess/${started.token}$`));
      expect(await role(page)).toBe('PRIVAT');
    });

    test('a business session in a mobile flow is logged out first', async ({ page }) => {
      await page.request.post('/dev/api/session', { data: { role: 'VIRKSOMHET' } });
      const started = await startAuthorization(page.request);
      await page.goto(`${base(language)}/mobileLogin/${started.token}/idporten3`);
      await expect(page).toHaveURL(/\/dev\/idporten\?request=/);
      expect(await role(page)).toBeUndefined();
    });

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

    test('app redirect follows an allowed app and refuses anything else', async ({ page, consoleGuard }) => {
      consoleGuard.allow(appLaunchRefused);
      const app = appRequest(page, 'no.digipost.test://oauth-callback/');
      await page.goto(`${base(language)}/mobileRedirect/${encodeURIComponent('no.digipost.test://oauth-callback/?done=1')}`);
      expect((await app).get('done')).toBe('1');
      await page.goto(`${base(language)}/mobileRedirect/${encodeURIComponent('https://evil.example/')}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'mobile.not_allowed_title'));
      await expectNoAxeViolations(page);
    });

    test('logout then redirect: logs out and goes back to the app', async ({ page, consoleGuard }) => {
      consoleGuard.allow(appLaunchRefused);
      await page.request.post('/dev/api/session', { data: { role: 'PRIVAT', nationalId: '01817010055', level: 103 } });
      const app = appRequest(page, 'no.digipost.ios://oauth-callback/');
      await page.goto(`${base(language)}/mobileLogout/${encodeURIComponent('no.digipost.ios://oauth-callback/?logout=1')}`);
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

test('a token can be approved once: the second approve fails', async ({ page, consoleGuard }) => {
  consoleGuard.allow(appLaunchRefused);
  consoleGuard.allow(/status of 404/);
  const started = await startAuthorization(page.request);
  await page.request.post('/dev/api/session', { data: { role: 'PRIVAT', nationalId: '01817010055', level: 103 } });
  const app = appRequest(page, appPrefix.ios);
  await page.goto(`/innlogging/mobileSuccess/${started.token}`);
  await app;
  await page.goto(`/innlogging/mobileSuccess/${started.token}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nb', 'mobile.error_title'));
  const root = (await (await page.request.get('/post/api')).json()) as { csrfToken: string };
  const direct = await page.request.post(`/post/api/oauth/authorize/tokens/${started.token}/approve`, {
    headers: { 'X-CSRF-TOKEN': root.csrfToken },
  });
  expect(direct.status()).toBe(400);
});

test('the password page of the app has no header at any width', async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/innlogging/mobileLogin/AbCdEf123456/password');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
  }
});

export type { Language };
