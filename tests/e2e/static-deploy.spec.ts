/**
 * What the static build behind Debian's nginx (docs/deploy/nginx.conf) must do besides the main flows:
 * headers, caching, referrer policies, the language-case redirects. All of it is tagged @deploy, so
 * `npm test` runs it once more with E2E_VIA_NGINX=1 (our server then only the API upstream) together
 * with the main flows of the other specs. In the ordinary run it checks the same against our own server.
 */
import { samplePath } from '../../scripts/first-load';
import { screenManifest, type Screen, type ScreenName } from '../../src/screens/screens';
import { request as httpRequest } from 'node:http';
import { base, deploy, expect, expectNoAxeViolations, test, text } from './support/fixtures';
import { dotSegmentTricks } from './support/redirect-tricks';

const kari = { nationalId: '01817010055', password: 'Sommerfugl-42' };

/** A GET with the path exactly as given (fetch and Playwright resolve dot segments first; a raw client does not). */
function rawGet(origin: string, pathAndQuery: string): Promise<{ status: number; location: string | null }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: hostname, port, path: pathAndQuery, agent: false }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? null });
    });
    request.on('error', reject);
    request.end();
  });
}

test.describe('static deploy smoke', deploy, () => {
  test('the login page loads with its security headers, passes axe, and a password login works', async ({ page }) => {
    const response = await page.goto(`${base('nb')}/`);
    const headers = response?.headers() ?? {};
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(headers['content-security-policy'] ?? '')?.[1] ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toContain('max-age=');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(headers['content-security-policy']).not.toContain('unsafe-inline');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nb', 'login.heading'));
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: text('nb', 'login.password_accordion') }).click();
    await page.getByLabel(text('nb', 'login.national_id')).fill(kari.nationalId);
    await page.getByLabel(text('nb', 'login.password'), { exact: true }).fill(kari.password);
    await page.getByRole('button', { name: text('nb', 'login.submit'), exact: true }).click();
    await expect(page).toHaveURL(/\/postkasse\/$/);
  });

  test('deep links in another language, the eID round trip and the logged-out page', async ({ page }) => {
    await page.goto(`${base('en')}/business`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'business.heading'));
    await page.goto(`${base('nn')}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nn');
    await page.getByRole('button', { name: text('nn', 'login.eid_button') }).click();
    await page.getByRole('button', { name: 'Kari Nordmann' }).click();
    await expect(page).toHaveURL(/\/postkasse\/\?login-successful=true$/);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/innlogging\/logout$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nb', 'logout.heading'));
    await expectNoAxeViolations(page);
  });

  test('hashed assets are cached for a year and have no source maps, the HTML is not cached, token pages send no referrer', async ({ page, request }) => {
    const html = await request.get(`${base('nb')}/timeout`);
    expect(html.headers()['cache-control']).toBe('no-cache');
    await page.goto(`${base('nb')}/timeout`);
    const script = await page.locator('script[type="module"]').first().getAttribute('src');
    const asset = await request.get(script ?? '');
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers()['cross-origin-resource-policy']).toBe('same-origin');
    expect((await request.get(`${script}.map`)).status(), 'no source map at the public asset path').toBe(404);
    const tokenPage = await request.get(`${base('nb')}/mobileLogin/AbCdEf123456/password`);
    expect(tokenPage.headers()['referrer-policy']).toBe('no-referrer');
  });

  test('every screen of the manifest has the referrer policy of its secrets, in any letter case and language', async ({ request }) => {
    const policyOf = async (pathname: string) => (await request.get(pathname, { maxRedirects: 0 })).headers()['referrer-policy'];
    for (const [name, screen] of Object.entries(screenManifest) as [ScreenName, Screen][]) {
      const expected = screen.secretParams ? 'no-referrer' : 'strict-origin-when-cross-origin';
      for (const prefix of [base('nb'), base('en'), '/innlogging/de']) {
        for (const path of [samplePath(name), samplePath(name).toUpperCase()]) {
          expect(await policyOf(`${prefix}${path}`), `${prefix}${path}`).toBe(expected);
        }
      }
    }
    // What the app's router reads as a screen with a secret once decoded, with slashes merged or repeated.
    for (const pathname of [
      `${base('nb')}/mobile%4Cogin/AbCdEf123456/password`,
      `${base('nb')}/epost%2Dverifisering?token=AbCdEf123456`,
      `${base('nb')}/epost-verifisering//?token=AbCdEf123456`,
      `${base('nb')}//mobileLogin/AbCdEf123456/password`,
      `${base('en')}/mobileSuccess/AbCdEf123456//`,
    ]) {
      expect(await policyOf(pathname), pathname).toBe('no-referrer');
    }
  });

  test('nb, nn and en in other letter case lead to the lower-case segment (301), the rest of the address kept and never off the site', async ({
    request,
    baseURL,
  }) => {
    const cases: [string, string][] = [
      ['/innlogging/EN', '/innlogging/en'],
      ['/innlogging/En/', '/innlogging/en/'],
      ['/innlogging/eN/business?x=1&y=%C3%A6', '/innlogging/en/business?x=1&y=%C3%A6'],
      ['/innlogging/EN?x=1', '/innlogging/en?x=1'],
      ['/innlogging/NN/logout/', '/innlogging/nn/logout/'],
      ['/innlogging/Nn/loginError?kode=IKKE_AUTORISERT', '/innlogging/nn/loginError?kode=IKKE_AUTORISERT'],
      ['/innlogging/NB/timeout', '/innlogging/nb/timeout'],
      ['/innlogging/nB/mobileLogin/AbCdEf123456/password', '/innlogging/nb/mobileLogin/AbCdEf123456/password'],
      ['/innlogging/EN//evil.example', '/innlogging/en//evil.example'],
      ['/innlogging/EN/?next=//evil.example', '/innlogging/en/?next=//evil.example'],
    ];
    for (const [from, to] of cases) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(301);
      const location = new URL(response.headers().location ?? '', baseURL);
      expect(location.origin, from).toBe(new URL(baseURL ?? '').origin);
      expect(`${location.pathname}${location.search}`, from).toBe(to);
      expect(response.headers()['content-security-policy'], from).toContain("frame-ancestors 'none'");
      // The address it leads to is the page itself (no screen owns //evil.example: the Node server says 404).
      expect([200, 404], to).toContain((await request.get(to, { maxRedirects: 0 })).status());
    }
    // Tricks sent as a raw client sends them (a browser resolves dot segments first): wherever a redirect
    // leads, a browser following it stays on this site, under the base.
    const origin = new URL(baseURL ?? '').origin;
    for (const trick of [
      ...dotSegmentTricks,
      '/%2e%2e/',
      '/%2e%2e/%2e%2e/evil.example',
      '/%2F%2Fevil.example',
      '/x/..\\..\\..\\/evil.example',
      '//evil.example',
    ]) {
      for (const segment of ['EN', 'Nn', 'nB']) {
        const pathname = `/innlogging/${segment}${trick}`;
        const answer = await rawGet(origin, pathname);
        expect(answer.status, pathname).toBeLessThan(500);
        if (answer.location === null) continue;
        const followed = new URL(answer.location, origin);
        expect(followed.origin, `${pathname} → ${answer.location}`).toBe(origin);
        expect(followed.pathname, `${pathname} → ${answer.location}`).toMatch(/^\/innlogging\//);
      }
    }
    // Lower case, and what only starts like a language, is served as it is.
    for (const pathname of ['/innlogging/en/', '/innlogging/nn/logout', '/innlogging/ENx', '/innlogging/English/']) {
      expect((await request.get(pathname, { maxRedirects: 0 })).status(), pathname).not.toBe(301);
    }
  });
});
