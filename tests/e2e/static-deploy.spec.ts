/**
 * Smoke run of the static build behind Debian's nginx (docs/deploy/nginx.conf), with our server only
 * as the API upstream: `npm test` runs this spec once more with E2E_VIA_NGINX=1. In the ordinary run
 * it checks the same things against our own server.
 */
import { samplePath } from '../../scripts/first-load';
import { screenManifest, type Screen, type ScreenName } from '../../src/screens/screens';
import { base, expect, expectNoAxeViolations, test, text } from './support/fixtures';

const kari = { nationalId: '01817010055', password: 'Sommerfugl-42' };

test.describe('static deploy smoke', () => {
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
});
