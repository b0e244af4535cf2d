/**
 * The status-page banner end to end against the emulator's status page, in nb, nn and en.
 * Its status items show on every page, now as a bar over the bottom of the window: this file runs its own
 * server, so no other spec meets a banner it did not ask for; serially, resetting the items before and after
 * each test.
 */
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Language } from '../../src/contract/languages';
import { hoursFromNow, statusItem } from '../../src/test-support/status-items';
import { base, expect, expectNoAxeViolations, test as fixturesTest, languages, text, viewports } from './support/fixtures';
import { startServer, type RunningServer } from './support/server';

const test = fixturesTest.extend<object, { ownServer: RunningServer }>({
  ownServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; none
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ ownServer }, use) => use(ownServer.url),
});

test.describe.configure({ mode: 'serial' });

const shots = '/tmp/status-shots';
const statusApi = '**/dev/statuspage/api/v2/**';

interface Items {
  scheduled_maintenances: unknown[];
  incidents: unknown[];
}

const empty: Items = { scheduled_maintenances: [], incidents: [] };

const maintenance = (id = 'e2e-maintenance') =>
  statusItem('maintenance', id, 'Oppgradering av innloggingstjenesten', { from: hoursFromNow(2), until: hoursFromNow(4) });

/** With the nulls statuspage.io writes for an incident's times. */
const incident = (id = 'e2e-incident') => ({ ...statusItem('incident', id, 'Treg innlogging med BankID'), scheduled_for: null, scheduled_until: null });

async function setItems(request: APIRequestContext, items: Items) {
  const response = await request.put('/dev/api/statuspage', { data: items });
  expect(response.status()).toBe(200);
}

/** Opens a page and waits until the three status-page answers have arrived. */
async function open(page: Page, language: Language) {
  const answers = ['upcoming.json', 'active.json', 'unresolved.json'].map((name) =>
    page.waitForResponse((response) =>
      response.url().endsWith(`/dev/statuspage/api/v2/${name.includes('unresolved') ? 'incidents' : 'scheduled-maintenances'}/${name}`),
    ),
  );
  await page.goto(`${base(language)}/logout`);
  await Promise.all(answers);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Axe at phone and desktop width, with a screenshot of the top of the page at each. */
async function checkWidths(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  for (const [width, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${shots}/${name}-${width}.png` });
  }
}

test.beforeEach(async ({ request }) => {
  await setItems(request, empty);
});

test.afterEach(async ({ request }) => {
  await setItems(request, empty);
});

for (const language of languages) {
  test.describe(language, () => {
    test('one maintenance starting in 2 hours: title, name, times, impact and link', async ({ page, request }) => {
      const item = maintenance();
      await setItems(request, { scheduled_maintenances: [item], incidents: [] });
      await open(page, language);
      const banner = page.getByRole('region', { name: text(language, 'status.label') });
      await expect(banner).toBeVisible();
      // The summary: the title and the time, once (the exact wording: banner-analytics.spec.ts).
      const summary = banner.getByRole('paragraph');
      await expect(summary).toContainText(text(language, 'status.maintenance'));
      // From and to: on one day "10:00–12:00"; in the two hours before midnight the window ends the
      // next day and both ends carry their date ("25 November 23:58 – 26 November 01:58", a no-break
      // space between day and month).
      await expect(summary).toContainText(language === 'en' ? /\d\d:\d\d(–| – \d{1,2}\s\w+ )\d\d:\d\d/ : /kl\. \d\d\.\d\d/);
      await expect(banner.getByText(item.name)).toBeHidden();
      await banner.getByRole('button', { name: text(language, 'status.details') }).click();
      await expect(banner.getByText(item.name)).toBeVisible();
      await expect(banner).toContainText(text(language, 'status.impact', { impact: text(language, 'status.impact_maintenance') }));
      await expect(banner.getByRole('link', { name: text(language, 'status.more') })).toHaveAttribute('href', item.shortlink);
      // At the bottom of the window, over the page: it moves nothing (banner-analytics.spec.ts).
      await expect(banner).toHaveCSS('position', 'fixed');
      await checkWidths(page, `${language}-maintenance`);
    });

    test('one unresolved incident: title, name, impact and link', async ({ page, request }) => {
      const item = incident();
      await setItems(request, { scheduled_maintenances: [], incidents: [item] });
      await open(page, language);
      const banner = page.getByRole('region', { name: text(language, 'status.label') });
      await expect(banner.getByRole('paragraph')).toContainText(text(language, 'status.incident'));
      await banner.getByRole('button', { name: text(language, 'status.details') }).click();
      await expect(banner.getByText(item.name)).toBeVisible();
      await expect(banner).toContainText(text(language, 'status.impact', { impact: text(language, 'status.impact_major') }));
      await expect(banner.getByRole('link', { name: text(language, 'status.more') })).toHaveAttribute('href', item.shortlink);
      await checkWidths(page, `${language}-incident`);
    });

    test('several items: what is going on now and what is planned, each listed, and a link to the status page', async ({ page, request }) => {
      await setItems(request, { scheduled_maintenances: [maintenance()], incidents: [incident(), incident('e2e-incident-2')] });
      await open(page, language);
      const banner = page.getByRole('region', { name: text(language, 'status.label') });
      const summary = banner.getByRole('paragraph');
      await expect(summary).toContainText(text(language, 'status.several'));
      await expect(summary).toContainText(text(language, 'status.maintenance'));
      await expect(banner.getByText(incident().name).first()).toBeHidden();
      await banner.getByRole('button', { name: text(language, 'status.details') }).click();
      await expect(banner.getByRole('listitem')).toHaveCount(3);
      await expect(banner.getByRole('listitem').first()).toContainText(incident().name);
      await expect(banner.getByRole('link', { name: text(language, 'status.more_all') })).toBeVisible();
      await checkWidths(page, `${language}-several`);
    });

    test('no items: no banner', async ({ page, request }) => {
      // Only finished items: the status page lists none of them.
      await setItems(request, {
        scheduled_maintenances: [{ ...maintenance(), status: 'completed' }],
        incidents: [{ ...incident(), status: 'resolved' }],
      });
      await open(page, language);
      await page.waitForTimeout(300);
      await expect(page.getByRole('region', { name: text(language, 'status.label') })).toHaveCount(0);
    });

    test('the status page answering 500: no banner and no error screen', async ({ page, request, consoleGuard }) => {
      consoleGuard.allow(/status of 500/);
      await setItems(request, { scheduled_maintenances: [], incidents: [incident()] });
      await page.route(statusApi, (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' }));
      await open(page, language);
      await page.waitForTimeout(300);
      await expect(page.getByRole('region', { name: text(language, 'status.label') })).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'logout.heading'));
      await expectNoAxeViolations(page);
    });
  });
}
