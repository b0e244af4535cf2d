/**
 * With a real backend (API_UPSTREAM: here the suite's own server plays it) the emulator's stand-ins
 * are off unless configured: the pages fetch no status page, show no chat button and load no
 * analytics script, and say nothing about it in the console; the prerendered screens, which the build
 * draws with the chat button, hydrate without a difference.
 */
import { startServer, type RunningServer } from './support/server';
import { base, expect, expectAppRunning, expectNoAxeViolations, languages, test, text, viewports } from './support/fixtures';

let server: RunningServer;

test.beforeAll(async ({ baseURL }) => {
  server = await startServer({ API_UPSTREAM: new URL(baseURL!).origin });
});

test.afterAll(async () => {
  await server?.stop();
});

for (const language of languages) {
  test(`${language}: no status page, chat button or analytics with API_UPSTREAM and nothing configured`, async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    for (const viewport of Object.values(viewports)) {
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}${base(language)}/`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'login.heading'));
      await expectAppRunning(page);
      // Time for what would come after the first paint: the banner's calls, the analytics script.
      await page.waitForLoadState('networkidle');
      await expect(page.locator('#root')).toHaveAttribute('data-rendered', 'hydrated');
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: text(language, 'footer.status_page') })).toBeVisible();
      await expect(footer.getByRole('button', { name: text(language, 'footer.chatbot') })).toHaveCount(0);
      await expect(page.locator('#chatbot-status')).toHaveCount(0);
      await expect(page.getByRole('region', { name: text(language, 'status.label') })).toHaveCount(0);
      await expectNoAxeViolations(page);
    }
    // The page's own calls went to the API, proxied; nothing asked for a /dev/ stand-in.
    expect(requested.filter((path) => path.startsWith('/dev/'))).toEqual([]);
    expect(requested).toContain('/post/api');
    expect(await page.evaluate(() => 'DigipostAnalytics' in window)).toBe(false);
  });
}
