/**
 * Issue #18, "Status banner and analytics", as a person meets them:
 * - the status banner appears after the page is drawn (its content is fetched at run time, on a static
 *   deployment too) and moves nothing: CLS ≤ 0.01 at phone and desktop size, the eID button stays in
 *   view and uncovered; it is reached by keyboard; it says what is going on now and what is planned,
 *   and a maintenance's time once (docs/decisions/015);
 * - analytics events tracked before the analytics script has come survive the page leaving for
 *   ID-porten or the identity provider's logout (the wrong-role dialog's), though the person never
 *   comes back (docs/decisions/016).
 * The status page is answered per page (page.route), not through the emulator's shared items, so
 * nothing here shows a banner on another spec's pages.
 */
import type { Page } from '@playwright/test';
import { fontsClass } from '../../src/app/boot/boot-script';
import type { Language } from '../../src/contract/languages';
import { startAppLogin } from './support/app-client';
import { recordedWith, uniqueMarker } from './support/analytics';
import { statusItem } from '../../src/test-support/status-items';
import { base, expect, expectNoAxeViolations, test, text, viewports } from './support/fixtures';

// ---------------------------------------------------------------------------------------------------
// The status banner
// ---------------------------------------------------------------------------------------------------

interface Items {
  maintenances: Record<string, unknown>[];
  incidents: Record<string, unknown>[];
}

/** Fixed browser time for the texts: 22 November 2031, 12:00 in Oslo (UTC+1). */
const noonInOslo = '2031-11-22T11:00:00Z';

const maintenance = (id: string, from: string, until: string, name = 'Oppgradering av innloggingstjenesten') =>
  statusItem('maintenance', id, name, { from, until });

const incident = statusItem('incident', 'e2e-incident', 'Treg innlogging med BankID');

/** 19.08–21.08 in Oslo today (the fixed time), and 08.00–09.00 tomorrow. */
const thisEvening = maintenance('e2e-evening', '2031-11-22T18:08:00Z', '2031-11-22T20:08:00Z');
const tomorrowMorning = maintenance('e2e-morning', '2031-11-23T07:00:00Z', '2031-11-23T08:00:00Z', 'Ny versjon');

/**
 * The status page for this page only. With `until`, it answers once that promise resolves, as a real
 * one answers after the page is drawn: the banner comes in after the first paint, as it did when it
 * moved everything.
 */
async function statusPage(page: Page, items: Items, until: Promise<void> = Promise.resolve()) {
  await page.route('**/statuspage/api/v2/**', async (route) => {
    await until;
    const url = route.request().url();
    const body = url.endsWith('/incidents/unresolved.json')
      ? { incidents: items.incidents }
      : { scheduled_maintenances: url.endsWith('/upcoming.json') ? items.maintenances : [] };
    await route.fulfill({ json: { page: { id: 'e2e' }, ...body } });
  });
}

/** Adds up the layout shifts of the page from its start (what CLS counts: shifts not caused by input). */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts = { total: 0, count: 0 };
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (entry.hadRecentInput) continue;
        shifts.total += entry.value;
        shifts.count += 1;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

function layoutShifts(page: Page) {
  return page.evaluate(() => (window as unknown as { layoutShifts: { total: number; count: number } }).layoutShifts);
}

function banner(page: Page, language: Language) {
  return page.getByRole('region', { name: text(language, 'status.label') });
}

for (const [size, viewport] of Object.entries(viewports)) {
  test(`the status banner moves nothing on the page (CLS ≤ 0.01, ${size} ${viewport.width}×${viewport.height})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.clock.setFixedTime(noonInOslo);
    await recordLayoutShifts(page);
    // Answered once the page is drawn and the eID button measured (not after a fixed time).
    let drawn: () => void = () => {};
    await statusPage(page, { maintenances: [thisEvening], incidents: [] }, new Promise<void>((resolve) => (drawn = resolve)));
    await page.goto(`${base('nb')}/`);
    const eid = page.getByRole('button', { name: text('nb', 'login.eid_button') });
    await expect(eid).toBeVisible();
    // Measured once Posten Sans has swapped in (a first visit's own, src/app/boot/fonts.ts): this test is the banner's.
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${fontsClass}\\b`));
    await page.evaluate(() => document.fonts.ready);
    const eidBefore = await eid.boundingBox();
    drawn();
    await expect(banner(page, 'nb')).toBeVisible();
    // Whatever could still move the page has happened: fonts and images loaded, the banner's own
    // transitions finished, and two more frames drawn (waited for, not timed).
    await page.evaluate(async () => {
      await document.fonts.ready;
      await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
      const ending = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
      await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    });
    const shifts = await layoutShifts(page);
    expect(shifts.total, `CLS ${shifts.total} over ${shifts.count} shifts`).toBeLessThanOrEqual(0.01);

    // The eID button stays where it was, in view, and the banner does not cover it.
    const eidAfter = await eid.boundingBox();
    const bannerBox = await banner(page, 'nb').boundingBox();
    expect(eidAfter).toEqual(eidBefore);
    expect(eidAfter!.y + eidAfter!.height).toBeLessThanOrEqual(bannerBox!.y);
    expect(bannerBox!.y + bannerBox!.height).toBeLessThanOrEqual(viewport.height + 1);
    await expectNoAxeViolations(page);
  });
}

test('the status banner by keyboard: reached right after the skip link, its details open and close', async ({ page }) => {
  await page.setViewportSize(viewports.phone);
  await page.clock.setFixedTime(noonInOslo);
  await statusPage(page, { maintenances: [thisEvening], incidents: [] });
  await page.goto(`${base('nb')}/`);
  const region = banner(page, 'nb');
  await expect(region).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: text('nb', 'app.skip_to_content') })).toBeFocused();
  await page.keyboard.press('Tab');
  const details = region.getByRole('button', { name: text('nb', 'status.details') });
  await expect(details).toBeFocused();
  await expect(details).toHaveAttribute('aria-expanded', 'false');
  await expect(region.getByText(thisEvening.name)).toBeHidden();

  await page.keyboard.press('Enter');
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  await expect(region.getByText(thisEvening.name)).toBeVisible();
  await expect(region).toContainText(text('nb', 'status.impact', { impact: text('nb', 'status.impact_maintenance') }));
  await page.keyboard.press('Tab');
  const more = region.getByRole('link', { name: text('nb', 'status.more') });
  await expect(more).toBeFocused();
  await expect(more).toHaveAttribute('href', thisEvening.shortlink);
  await expectNoAxeViolations(page);

  // Escape folds it away again, back on the button.
  await page.keyboard.press('Escape');
  await expect(details).toHaveAttribute('aria-expanded', 'false');
  await expect(details).toBeFocused();
  await expect(region.getByText(thisEvening.name)).toBeHidden();
});

for (const [language, evening] of [
  ['nb', 'Planlagt vedlikehold 22. november kl. 19.08–21.08'],
  ['nn', 'Planlagt vedlikehald 22. november kl. 19.08–21.08'],
  ['en', 'Planned maintenance 22 November 19:08–21:08'],
] as const) {
  test(`${language}: a maintenance's time is written once and plainly`, async ({ page }) => {
    await page.clock.setFixedTime(noonInOslo);
    await statusPage(page, { maintenances: [thisEvening], incidents: [] });
    await page.goto(`${base(language)}/logout`);
    // The summary, always shown: the title, the date once, the times; then the button for the details.
    await expect(banner(page, language).getByRole('paragraph')).toHaveText(`${evening} ${text(language, 'status.details')}`);
  });
}

for (const [language, planned] of [
  ['nn', 'Planlagt vedlikehald 23. november kl. 08.00–09.00'],
  ['en', 'Planned maintenance 23 November 08:00–09:00'],
] as const) {
  test(`${language}: an incident now and a maintenance tomorrow are told apart, not "several disruptions now"`, async ({ page }) => {
    await page.setViewportSize(viewports.desktop);
    await page.clock.setFixedTime(noonInOslo);
    await statusPage(page, { maintenances: [tomorrowMorning], incidents: [incident] });
    await page.goto(`${base(language)}/logout`);
    const region = banner(page, language);
    await expect(region).toContainText(text(language, 'status.incident'));
    await expect(region).toContainText(planned);
    await expect(region).not.toContainText(text(language, 'status.several'));
    await region.getByRole('button', { name: text(language, 'status.details') }).click();
    const items = region.getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText(`${text(language, 'status.incident')}${incident.name}`);
    await expect(items.last()).toContainText(`${planned}${tomorrowMorning.name}`);
    await expect(region.getByRole('link', { name: text(language, 'status.more_all') })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

// ---------------------------------------------------------------------------------------------------
// Analytics through a page that leaves
// ---------------------------------------------------------------------------------------------------

/** ID-porten (the emulator's stand-in) as a blank page: the person goes on from there and never comes back. */
async function idportenIsElsewhere(page: Page) {
  await page.route('**/dev/idporten?*', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>ID-porten</title><p>ID-porten' }));
}

/** Holds the analytics script back until `release()`; answers whether it was asked for. */
async function holdAnalyticsScript(page: Page) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = false;
  await page.route('**/dev/analytics/analytics.js', async (route) => {
    requested = true;
    await released;
    await route.continue().catch(() => {});
  });
  return { release, requested: () => requested };
}

test('the eID button pressed at once after load: its event arrives though the page leaves for ID-porten', async ({ page, request }) => {
  const marker = uniqueMarker();
  await idportenIsElsewhere(page);
  const script = await holdAnalyticsScript(page);
  // The script is let through once the login has started: the page has to wait for it on its way out.
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname.startsWith('/post/')) script.release();
  });
  await page.goto(`${base('nb')}/?run=${marker}`);
  await page.getByRole('button', { name: text('nb', 'login.eid_button') }).click();
  await expect(page).toHaveURL(/\/dev\/idporten\?request=/);
  await expect(page.getByText('ID-porten')).toBeVisible();
  await expect
    .poll(async () => (await recordedWith(request, marker)).map(({ category, action, label }) => ({ category, action, label })))
    .toEqual([{ category: 'login-private-user', action: 'button click', label: 'eid login' }]);
});

test('the wrong-role dialog, logging out: its event arrives though the page leaves for the identity provider to log out', async ({ page, request }) => {
  const marker = uniqueMarker();
  await page.request.post('/dev/api/session', { data: { role: 'VIRKSOMHET' } });
  // The identity provider's logout as a page elsewhere: the person does not come back to a page of ours.
  await page.route('**/dev/idp/logout?*', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Utlogging</title><p>Utlogging' }));
  const script = await holdAnalyticsScript(page);
  // The script is let through once the logout call is sent: the page has to wait for it on its way out.
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname.startsWith('/post/api/logout')) script.release();
  });
  await page.goto(`${base('en')}/?run=${marker}`);
  const dialog = page.getByRole('dialog', { name: text('en', 'wrong_role.heading_business') });
  await dialog.getByRole('button', { name: text('en', 'wrong_role.logout') }).click();
  await expect(page).toHaveURL(/\/dev\/idp\/logout\?next=/);
  await expect(page.getByText('Utlogging')).toBeVisible();
  await expect
    .poll(async () => (await recordedWith(request, marker)).map(({ category, label }) => ({ category, label })))
    .toEqual([{ category: 'logout-private-user', label: 'logout_idp' }]);
});

test('the mobile eID start: its event arrives though the page leaves for ID-porten at once', async ({ page, request }) => {
  const marker = uniqueMarker();
  const started = await startAppLogin(request);
  await idportenIsElsewhere(page);
  // The page leaves by itself as soon as the flow has started, before an idle moment would ever have
  // loaded the analytics script: the script is fetched for the event and waited for on the way out.
  // (Not held back further here: on a busy machine the fetch alone can take most of the 300 ms.)
  await page.goto(`${base('en')}/mobileLogin/${started.token}/idporten3?run=${marker}`);
  await expect(page).toHaveURL(/\/dev\/idporten\?request=/);
  await expect
    .poll(async () => (await recordedWith(request, marker)).map(({ action, label }) => ({ action, label })))
    .toEqual([{ action: 'login with identity-provider session logout', label: 'mobile eid level 3' }]);
  const [event] = await recordedWith(request, marker);
  expect(event.url).not.toContain(started.token);
});

test('a script that never comes in time: the events wait in the tab, redacted, and our next page sends them once', async ({ page, request }) => {
  const marker = uniqueMarker();
  await idportenIsElsewhere(page);
  // Never let through on this page: the page leaves after its bounded wait.
  const script = await holdAnalyticsScript(page);
  await page.goto(`${base('nb')}/?run=${marker}`);
  await page.getByRole('button', { name: text('nb', 'login.eid_button') }).click();
  await expect(page).toHaveURL(/\/dev\/idporten\?request=/);
  expect(script.requested()).toBe(true);
  const kept = await page.evaluate(() => window.sessionStorage.getItem('innlogging.analytics.pending'));
  expect(JSON.parse(kept ?? '[]')).toEqual([expect.objectContaining({ label: 'eid login', url: expect.stringContaining(marker) })]);
  expect(await recordedWith(request, marker)).toEqual([]);

  // Back at a page of ours in the same tab, with the script working: sent, once.
  await page.unroute('**/dev/analytics/analytics.js');
  await page.goto(`${base('nb')}/logout`);
  await expect.poll(async () => (await recordedWith(request, marker)).map((event) => event.label)).toEqual(['eid login']);
  await page.goto(`${base('nb')}/logout`);
  await page.waitForTimeout(1000);
  expect((await recordedWith(request, marker)).map((event) => event.label)).toEqual(['eid login']);
});
