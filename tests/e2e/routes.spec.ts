/**
 * Every registered screen, the not-found page and the generic error page, in nb, nn and en, at phone
 * and desktop width: the right status, language, title and heading, and zero axe violations.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { screenManifest } from '../../src/screens/screens';
import { base, deploy, deployIf, expect, expectNoAxeViolations, languages, test, text, viewports } from './support/fixtures';
import { visitEntries, visitScreen } from './support/visits';

/** `npm run screenshots` sets SCREENSHOTS_DIR: each visit is then also saved as a picture for people. */
async function saveScreenshot(page: Page, screen: string, language: string, viewportName: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  const name = screen.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  await page.screenshot({ path: path.join(dir, `${name}-${language}-${viewportName}.png`), fullPage: true, animations: 'disabled' });
}

for (const language of languages) {
  for (const [viewportName, viewport] of Object.entries(viewports)) {
    test.describe(`${language} ${viewportName}`, () => {
      // The passkey offer is visited as the screen it is.
      test.use({ viewport, passkeyOfferSnoozed: false });

      for (const [name, visit] of visitEntries) {
        const { title, heading } = screenManifest[name];
        const status = name === 'notFound' ? 404 : 200;
        // The not-found page through nginx: its own status, in each language (one width).
        test(`${name} renders and passes axe`, deployIf(name === 'notFound' && viewportName === 'desktop'), async ({ page, consoleGuard }) => {
          // The browser reports a 404 document itself as a failed resource.
          if (status === 404) consoleGuard.allow(/status of 404/);
          if (visit.allowConsole) consoleGuard.allow(visit.allowConsole);
          const { response, release } = await visitScreen(page, language, name);
          expect(response?.status()).toBe(status);
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, heading));
          await expect(page).toHaveTitle(text(language, 'app.title', { page: text(language, title) }));
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await expectNoAxeViolations(page);
          await saveScreenshot(page, name, language, viewportName);
          release();
          if (visit.holds?.reaches) await expect(page).toHaveURL(visit.holds.reaches);
        });
      }

      test('error page when a screen cannot load, and passes axe', async ({ page, consoleGuard }) => {
        consoleGuard.allow(/ERR_FAILED|Failed to fetch dynamically imported module/);
        // A deploy while the page is open: the screen's code is gone. The person gets the error page.
        await page.route(/\/assets\/timeout-[^/]+\.js$/, (route) => route.abort());
        await page.goto(`${base(language)}/timeout`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'error.heading'));
        await expect(page).toHaveTitle(text(language, 'app.title', { page: text(language, 'error.title') }));
        await expect(page.getByRole('link', { name: text(language, 'error.back_private') })).toHaveAttribute('href', `${base(language)}/`);
        await expect(page.getByRole('main').getByRole('link', { name: text(language, 'error.back_business') })).toHaveAttribute(
          'href',
          `${base(language)}/business`,
        );
        await expectNoAxeViolations(page);
        await saveScreenshot(page, 'error', language, viewportName);
      });
    });
  }
}

test('an unsupported language falls back to the same screen in nb', deploy, async ({ page }) => {
  await page.goto('/innlogging/de/timeout');
  await expect(page).toHaveURL(/\/innlogging\/timeout$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nb', 'timeout.heading'));
});

test('the root of the site goes to the login app', async ({ request }) => {
  const response = await request.get('/', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe('/innlogging/');
});
