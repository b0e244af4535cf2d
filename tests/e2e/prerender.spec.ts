/**
 * Prerendered screens (docs/decisions/008): the page arrives drawn, the app hydrates it, and what a
 * person does before the app has taken over is neither sent by the browser itself nor lost. The first
 * paint needs the HTML alone (critical CSS inline, the stylesheet after it, Posten Sans from the
 * second visit), and draws the page exactly as the whole stylesheet does.
 */
import type { Page, Route } from '@playwright/test';
import { fontsClass, fontsKey } from '../../src/app/boot/boot-script';
import { deferredId } from '../../src/app/boot/prerender-marks';
import { withAppToken } from './support/app-client';
import { base, deploy, deployIf, expect, expectNoAxeViolations, languages, test, text, viewports } from './support/fixtures';
import { mainScreens } from './support/main-screens';
import { recordLayoutShifts } from './support/layout-shifts';
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

/** Where each element of the page is and how it looks: what a late stylesheet must not change. */
function layoutOf() {
  const round = (value: number) => Math.round(value * 10) / 10;
  return [...document.querySelectorAll('#root, #root *')].map((element) => {
    const style = getComputedStyle(element);
    const before = getComputedStyle(element, '::before');
    const box = element.getBoundingClientRect();
    return [
      `${element.tagName}.${element.getAttribute('class') ?? ''}`,
      [box.x, box.y, box.width, box.height].map(round).join(' '),
      style.color,
      style.backgroundColor,
      style.backgroundImage.slice(0, 60),
      style.fontFamily,
      style.fontWeight,
      style.borderTopWidth,
      style.visibility,
      `${before.content} ${before.width} ${before.backgroundImage.slice(0, 60)}`,
    ].join(' | ');
  });
}

/** What the boot script does after the first paint (src/app/boot/boot-script.ts). */
function loadStylesheet(id: string) {
  const holder = document.getElementById(id);
  const hrefs = [...(holder?.textContent ?? '').matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
  if (hrefs.length === 0) throw new Error('no deferred stylesheet');
  return Promise.all(
    hrefs.map(
      (href) =>
        new Promise((resolve, reject) => {
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.href = href;
          link.onload = resolve;
          link.onerror = reject;
          holder?.before(link);
        }),
    ),
  );
}

test.describe('the first paint', () => {
  for (const [width, viewport] of Object.entries(viewports)) {
    test(`draws every prerendered main screen from its HTML exactly as the whole stylesheet does (${width})`, async ({ page, consoleGuard }) => {
      consoleGuard.allow(/status of 404/);
      // Without the entry, the page stays as its HTML draws it: the critical CSS alone.
      consoleGuard.allow(/Failed to load resource: net::ERR_FAILED/);
      await page.setViewportSize(viewport);
      await page.route(/\.js$/, (route) => route.abort());
      for (const screen of prerenderedScreens) {
        await page.goto(`${base('nb')}${await withAppToken(page.request, screen.path)}`);
        const drawn = await page.evaluate(layoutOf);
        await page.evaluate(loadStylesheet, deferredId);
        expect(await page.evaluate(layoutOf), screen.path).toEqual(drawn);
      }
    });
  }

  test('needs no stylesheet, font or script file, and a first visit loads Posten Sans only after the app runs, then shows it', async ({ page }) => {
    const held: Route[] = [];
    let holding = true;
    const requested: { file: string; at: number }[] = [];
    await page.route(/\/innlogging\/assets\//, (route) => {
      requested.push({ file: route.request().url().replace(/^.*\//, ''), at: Date.now() });
      if (holding) held.push(route);
      else void route.continue();
    });
    await page.goto(`${base('nb')}/`, { waitUntil: 'commit' });
    // Every file of the app, its stylesheet and fonts held back: the page paints all the same, styled.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    const painted = await page.evaluate(() => performance.timeOrigin + performance.getEntriesByName('first-contentful-paint')[0].startTime);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nb', 'login.heading'));
    await expect(page.getByRole('button', { name: text('nb', 'login.eid_button') })).toHaveCSS('background-color', 'rgb(227, 45, 34)');
    // Until the app has started, the page is drawn in Posten Sans's fallback (src/app/fonts.css).
    expect(await page.getByRole('heading', { level: 1 }).evaluate((heading) => getComputedStyle(heading).fontFamily)).toMatch(/^"Posten Sans Fallback"/);
    // The stylesheet and the entry are asked for after that paint, by the boot script.
    await expect.poll(() => requested.map(({ file }) => file.replace(/-[\w-]+\./, '.'))).toEqual(['index.css', 'index.js']);
    expect(requested.filter(({ at }) => at < painted)).toEqual([]);
    holding = false;
    for (const route of held.splice(0)) await route.continue();
    await expect(rendered(page)).toHaveAttribute('data-rendered', 'hydrated');
    // After it has, the fonts come and are shown (tests/e2e/fonts.spec.ts: in place, within 3 s), and remembered.
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), fontsKey)).toBe('1');
    expect(requested.filter(({ file }) => file.endsWith('.woff2'))).toHaveLength(3);
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${fontsClass}\\b`));
    expect(await page.getByRole('heading', { level: 1 }).evaluate((heading) => getComputedStyle(heading).fontFamily)).toMatch(/^"Posten Sans"/);
  });

  test('shows Posten Sans from the first layout of the second visit on, and nothing moves', async ({ page }) => {
    const layoutShifts = await recordLayoutShifts(page);
    for (const visit of ['first', 'second', 'third']) {
      await page.goto(`${base('en')}/business`);
      await expect(rendered(page)).toHaveAttribute('data-rendered', 'hydrated');
      await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), fontsKey)).toBe('1');
      const family = await page.getByRole('heading', { level: 1 }).evaluate((heading) => getComputedStyle(heading).fontFamily);
      expect(family, visit).toMatch(/^"Posten Sans"/);
      // The first visit swaps fonts in place (fonts.spec.ts holds it to a score of 0.01); the later ones start in Posten Sans.
      const shifts = await layoutShifts();
      if (visit === 'first')
        expect(
          shifts.reduce((sum, value) => sum + value, 0),
          visit,
        ).toBeLessThanOrEqual(0.01);
      else expect(shifts, visit).toEqual([]);
    }
  });
});
