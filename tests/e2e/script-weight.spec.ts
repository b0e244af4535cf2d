/**
 * Only what the screen needs (issue #52): every main screen, the app's password page among them,
 * fetches at most 125 KiB of JavaScript (gzip, 1 KiB = 1,024 B) within 10 s of its navigation with no
 * input, prefetches and idle loads included. A test of sizes, not of timings: it counts every script
 * the page fetches until it has asked for none for 3 s (so a machine too busy to get to the idle loads
 * within 10 s does not pass by it), which is at least what a quick browser fetches within 10 s. Each
 * script is weighed as the budget weighs the first load (gzip level 9 of the file as built; a script
 * from elsewhere, the analytics stand-in, of its body as sent).
 */
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { scriptsFetchedWithin } from '../../scripts/fetched-scripts';
import { firstLoadBytes, type mainScreenNames, measuredScreens } from '../../scripts/first-load';
import { gzipBytes, readManifest } from '../../server/manifest';
import { expect, guardPage, test } from './support/fixtures';

const distDir = path.resolve(process.env.DIST_DIR ?? path.join(import.meta.dirname, '..', '..', 'dist'));
/** Issue #52's budget, for every screen: not reached yet (its notes say what is left). */
export const fetchedScriptBudget = 125 * 1024;

/**
 * Until then, each screen's weight as it is (2026-11-29, after the texts of the reset, the passkey pages
 * and the statement left the later texts), rounded up to the half KiB: none may grow. Lower a figure
 * when a change brings a screen down; at 125 KiB the budget takes over.
 */
const ceilings: Record<(typeof mainScreenNames)[number], number> = {
  privateLogin: 143,
  business: 131.5,
  forgotPassword: 132.5,
  logout: 133.5,
  timeout: 133.5,
  loginError: 131.5,
  notFound: 131.5,
  mobilePasswordLogin: 137.5,
};

test('no main screen fetches more JavaScript than it did, with no input (issue #52: 125 KiB each, not reached yet)', async ({ browser, consoleGuard }) => {
  test.setTimeout(120_000);
  // The not-found screen's own document answers 404, and the app's password page its sample token's
  // bind (no app login made it); nothing else may (a script that fails weighs nothing).
  consoleGuard.allow(/status of 404 \(Not Found\) \(http:\/\/[^)]*\/(finnes-ikke|tokens\/AbCdEf123456\/bind)\)$/);
  const manifest = readManifest(distDir);
  const weights: { name: string; bytes: number; firstLoad: number; count: number; files: (string | undefined)[]; failed: string[] }[] = [];
  const queue = [...measuredScreens];
  // Two at a time: the run stays short, and the machine free enough to reach the idle loads.
  await Promise.all(
    [0, 1].map(async () => {
      for (let screen = queue.shift(); screen; screen = queue.shift()) {
        const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
        const page = await context.newPage();
        await guardPage(page, consoleGuard);
        const fetched: { url: string; resourceType: string; rendererStartTime: number; statusCode: number; bytes: number }[] = [];
        const failed: string[] = [];
        let start = 0;
        let lastAsked = 0;
        page.on('request', () => {
          lastAsked = Date.now();
        });
        page.on('response', async (response) => {
          const request = response.request();
          const url = response.url();
          if (!/^https?:/.test(url) || !(request.resourceType() === 'script' || /\.m?js$/.test(new URL(url).pathname))) return;
          const asked = request.timing().startTime;
          if (!response.ok()) failed.push(`${response.status()} ${url}`);
          try {
            const own = new URL(url).pathname.match(/\/innlogging\/(assets\/[^/]+\.js)$/)?.[1];
            const bytes = own ? gzipBytes(distDir, [own]) : gzipSync(await response.body(), { level: 9 }).length;
            fetched.push({ url, resourceType: 'Script', rendererStartTime: asked - start, statusCode: response.status(), bytes });
          } catch (error) {
            failed.push(`${url}: ${error instanceof Error ? error.message : String(error)}`);
          }
        });
        start = Date.now();
        await page.goto(screen.path);
        // Quiet for 3 s: nothing more comes without input (at most 30 s, for a page that polls).
        while (Date.now() - lastAsked < 3_000 && Date.now() - start < 30_000) await page.waitForTimeout(500);
        await context.close();
        const urls = scriptsFetchedWithin(fetched, Number.POSITIVE_INFINITY);
        // Each script once, as the bench counts them.
        const bytes = urls.reduce((sum, url) => sum + (fetched.find((script) => script.url === url)?.bytes ?? 0), 0);
        const firstLoad = firstLoadBytes(distDir, manifest, screen.modules).js;
        weights.push({ name: screen.name, bytes, firstLoad, count: urls.length, files: urls.map((url) => new URL(url).pathname.split('/').pop()), failed });
      }
    }),
  );
  const report = weights.map(({ name, bytes, count }) => `${name}: ${(bytes / 1024).toFixed(1)} KiB in ${count} scripts`).join('\n');
  test.info().annotations.push({ type: 'weights', description: report });
  expect(weights).toHaveLength(measuredScreens.length);
  for (const { name, bytes, firstLoad, files, failed } of weights) {
    expect(failed, `${name}: scripts that did not arrive`).toEqual([]);
    // At least the first load the manifest names: a screen that never started weighs less, and fails here.
    expect(bytes, `${name}: its first load (${firstLoad} B) is among what it fetched`).toBeGreaterThanOrEqual(firstLoad);
    const limit = Math.max(fetchedScriptBudget, Math.ceil(ceilings[name as keyof typeof ceilings] * 1024));
    expect(bytes, `${name} fetched ${bytes} B of JavaScript without input: ${files.join(', ')}`).toBeLessThanOrEqual(limit);
  }
});
