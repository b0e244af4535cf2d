/**
 * Prerendered screens (docs/decisions/008): the page arrives drawn, the app hydrates it, and what a
 * person does before the app has taken over is neither sent by the browser itself nor lost.
 */
import type { Page } from '@playwright/test';
import { withAppToken } from './support/app-client';
import { base, deploy, deployIf, expect, expectNoAxeViolations, languages, test, text } from './support/fixtures';
import { mainScreens } from './support/main-screens';
import type { TextKey } from '../../src/i18n/nb';

const prerenderedScreens: { path: string; heading: TextKey; settledHeading?: TextKey }[] = [
  ...mainScreens,
  { path: '/epost-verifisering/fullfort', heading: 'email_verify.done_heading' },
  { path: '/no/such/page', heading: 'not_found.heading' },
];

function rendered(page: Page) {
  return page.locator('#root[data-rendered]');
}

/** Holds the app's code back until `release` is called: the prerendered page stays as it came. */
async function holdAppCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/innlogging\/assets\/start-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('prerendered screens', () => {
  for (const language of languages) {
    test(`arrive drawn and are hydrated, not drawn again (${language})`, deployIf(language === 'en'), async ({ page, consoleGuard }) => {
      consoleGuard.allow(/status of 404/);
      for (const screen of prerenderedScreens) {
        const response = await page.goto(`${base(language)}${await withAppToken(page.request, screen.path)}`);
        // The heading is in the HTML itself (its words, whatever markup holds a hyphenated one together).
        expect((await response?.text())?.replace(/<[^>]*>/g, '')).toContain(text(language, screen.heading));
        await expect(rendered(page)).toHaveAttribute('data-rendered', 'hydrated');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, screen.settledHeading ?? screen.heading));
      }
    });
  }

  test('a page with a query is drawn by the app (the prerendered markup knows no query)', deploy, async ({ page }) => {
    await page.goto(`${base('nb')}/timeout?from=test`);
    await expect(rendered(page)).toHaveAttribute('data-rendered', 'rendered');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nb', 'timeout.heading'));
  });

  test('before the app runs, the page is complete and passes axe', deploy, async ({ page }) => {
    const release = await holdAppCode(page);
    await page.goto(`${base('en')}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'login.heading'));
    await expect(page.getByRole('button', { name: text('en', 'login.eid_button') })).toBeVisible();
    await expect(rendered(page)).toHaveCount(0);
    await expectNoAxeViolations(page);
    release();
    await expect(rendered(page)).toHaveAttribute('data-rendered', 'hydrated');
  });

  test('a sign-in pressed before the app runs is sent by the app once it runs, never by the browser', deploy, async ({ page }) => {
    const release = await holdAppCode(page);
    const pagePosts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.isNavigationRequest()) pagePosts.push(request.url());
    });
    await page.goto(`${base('nb')}/`);
    await page.getByRole('button', { name: text('nb', 'login.eid_button') }).click();
    // Held: nothing has happened yet.
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/innlogging\/$/);
    release();
    await expect(page).toHaveURL(/\/dev\/idporten\?request=/);
    expect(pagePosts).toEqual([]);
  });

  test('a button pressed before the app runs is pressed again once it runs', async ({ page }) => {
    const release = await holdAppCode(page);
    await page.goto(`${base('nn')}/`);
    const accordion = page.getByRole('button', { name: text('nn', 'login.password_accordion') });
    await accordion.click();
    await expect(accordion).toHaveAttribute('aria-expanded', 'false');
    release();
    await expect(accordion).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByLabel(text('nn', 'login.password'), { exact: true })).toBeVisible();
  });
});
