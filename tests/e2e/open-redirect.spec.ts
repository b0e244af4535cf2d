/**
 * Open redirects, through the browser (issue #9, item 2): every place where a URL parameter says where
 * the browser goes next is given tricks, and the browser must never leave the site, never run a
 * javascript: or data: URL, and never get a header injected. Each entry point also gets a good target
 * first, so a test that refuses everything cannot pass. The app's own redirects (mobileRedirect,
 * mobileLogout) have their table in mobile.spec.ts.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { dotSegmentTricks } from './support/redirect-tricks';

/**
 * A sample of the HTTP-level table (server/redirect-sinks.test.ts has every trick at every sink):
 * the nine, the classic forms, and a look-alike and a double encoding.
 */
const tricks = [
  ...dotSegmentTricks,
  '/\uff0f\uff0fevil.example',
  '/%252f%252fevil.example',
  'https://evil.example/',
  'http://evil.example/innlogging/',
  '//evil.example/',
  '///evil.example/',
  '/\\evil.example/',
  '\\\\evil.example\\',
  '/innlogging/\\..\\\\evil.example',
  'javascript:alert(document.domain)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '%2F%2Fevil.example%2F',
  'https:%2F%2Fevil.example',
  '/%2F%2Fevil.example',
  'https://localhost@evil.example/',
  '/innlogging/\r\nSet-Cookie: injected=1',
  '/innlogging/\r\nLocation: https://evil.example/',
  ' https://evil.example/',
];

/**
 * Percent-encoded line breaks: a decoding proxy would make them a header, so they are refused like the
 * raw ones (issue #16), and the browser ends on the logged-out page of this site.
 */
const encodedLineBreaks = ['/innlogging/%0d%0aLocation:%20https://evil.example/', '/innlogging/%0D%0ASet-Cookie:%20injected=1'];

/** Records every request that leaves the site and every dialog a javascript: URL would open. */
function watch(page: Page, origin: string) {
  const left: string[] = [];
  const dialogs: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== origin) left.push(request.url());
  });
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { left, dialogs };
}

async function expectStillHere(page: Page, origin: string, seen: ReturnType<typeof watch>, trick: string) {
  expect(new URL(page.url()).origin, `after ${JSON.stringify(trick)}`).toBe(origin);
  expect(seen.left, `requests off the site after ${JSON.stringify(trick)}`).toEqual([]);
  expect(seen.dialogs, `dialogs after ${JSON.stringify(trick)}`).toEqual([]);
  const cookies = await page.context().cookies();
  expect(
    cookies.map((cookie) => cookie.name),
    `cookies after ${JSON.stringify(trick)}`,
  ).not.toContain('injected');
}

test.describe('open redirects are refused (issue #9)', () => {
  test("the identity broker's returnUrl and returnUrlError", async ({ page, baseURL, consoleGuard }) => {
    // The emulator answers a refused target with 400, which the browser logs; on such a JSON answer
    // Chrome also asks for /favicon.ico, which does not exist (404).
    consoleGuard.allow(/status of 40[04]/);
    const origin = new URL(baseURL as string).origin;
    const seen = watch(page, origin);
    const broker = (returnUrl: string, returnUrlError?: string) =>
      `/post/api/login/idp?provider=signicat&rolle=VIRKSOMHET&returnUrl=${encodeURIComponent(returnUrl)}` +
      (returnUrlError === undefined ? '' : `&returnUrlError=${encodeURIComponent(returnUrlError)}`);

    // A target on this site is followed to the simulated broker.
    await page.goto(broker('/virksomhetsadmin/'));
    expect(new URL(page.url()).pathname).toBe('/dev/broker');

    for (const trick of tricks) {
      for (const [returnUrl, returnUrlError] of [
        [trick, undefined],
        ['/virksomhetsadmin/', trick],
      ] as const) {
        const response = await page.goto(broker(returnUrl, returnUrlError));
        expect(response?.status(), `broker with ${JSON.stringify(trick)}`).toBe(400);
        expect(response?.headers().location).toBeUndefined();
        await expectStillHere(page, origin, seen, trick);
      }
    }
  });

  test("logout's FINAL_DESTINATION, in the query and in the body, and the identity provider's logout", async ({ page, baseURL, consoleGuard }) => {
    // On the icon's own page Chrome asks for /favicon.ico, which does not exist.
    consoleGuard.allow(/status of 404/);
    const origin = new URL(baseURL as string).origin;
    const seen = watch(page, origin);
    // A page of the site that starts no session, so the logout calls need no CSRF token.
    await page.goto('/innlogging/favicon.svg');

    // The logout answers with a Location header, which the app follows (after its own check).
    const logoutLocation = (path: string, body?: unknown) =>
      page.evaluate(
        async ({ path, body }) => {
          const response = await fetch(path, {
            method: 'POST',
            headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          return response.headers.get('Location');
        },
        { path, body },
      );
    const viaIdentityProvider = (destination: string) => `/dev/idp/logout?next=${encodeURIComponent(destination)}`;

    // A target on this site is where the person ends.
    expect(await logoutLocation(`/post/api/logout?FINAL_DESTINATION=${encodeURIComponent('/innlogging/en/')}`)).toBe('/innlogging/en/');
    expect(await logoutLocation('/post/api/logout', { FINAL_DESTINATION: '/innlogging/nn/' })).toBe('/innlogging/nn/');
    expect(await logoutLocation(`/post/api/logout/idp?FINAL_DESTINATION=${encodeURIComponent('/innlogging/en/')}`)).toBe(
      viaIdentityProvider('/innlogging/en/'),
    );
    await page.goto(viaIdentityProvider('/innlogging/en/'));
    expect(new URL(page.url()).pathname).toBe('/innlogging/en/');

    for (const trick of tricks) {
      const label = JSON.stringify(trick);
      await page.goto('/innlogging/favicon.svg');
      // The logged-out page the last round ended on asks for the root document, which starts a session.
      await page.context().clearCookies();
      expect(await logoutLocation(`/post/api/logout?FINAL_DESTINATION=${encodeURIComponent(trick)}`), label).toBe('/innlogging/logout');
      expect(await logoutLocation('/post/api/logout', { FINAL_DESTINATION: trick }), label).toBe('/innlogging/logout');
      expect(await logoutLocation(`/post/api/logout/idp?FINAL_DESTINATION=${encodeURIComponent(trick)}`), label).toBe(
        viaIdentityProvider('/innlogging/logout'),
      );
      // The identity provider's logout, reached directly with a trick.
      await page.goto(viaIdentityProvider(trick));
      expect(new URL(page.url()).pathname, label).toBe('/innlogging/logout');
      await expectStillHere(page, origin, seen, trick);
    }
  });

  test('percent-encoded line breaks are refused: no header is injected and the browser stays on the site', async ({ page, baseURL, consoleGuard }) => {
    consoleGuard.allow(/status of 404/);
    const origin = new URL(baseURL as string).origin;
    const seen = watch(page, origin);
    for (const path of encodedLineBreaks) {
      await page.goto('/innlogging/favicon.svg');
      // The logged-out page the last round ended on asks for the root document, which starts a session.
      await page.context().clearCookies();
      const answer = await page.evaluate(async (path) => {
        const response = await fetch(`/post/api/logout?FINAL_DESTINATION=${encodeURIComponent(path)}`, { method: 'POST' });
        return { location: response.headers.get('Location'), headers: [...response.headers.keys()] };
      }, path);
      expect(answer.location).toBe('/innlogging/logout');
      expect(answer.headers).not.toContain('set-cookie');
      await page.goto(`/dev/idp/logout?next=${encodeURIComponent(path)}`);
      expect(page.url()).toBe(`${origin}/innlogging/logout`);
      await expectStillHere(page, origin, seen, path);
      // The language fallback (/innlogging/xx/… → /innlogging/…) once decoded them into its Location: a 500.
      const fallback = await page.goto(path.replace('/innlogging/', '/innlogging/xx/'));
      expect(fallback?.status(), `fallback of ${path}`).toBe(404);
      await expectStillHere(page, origin, seen, path);
    }
  });
});
