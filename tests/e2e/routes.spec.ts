/**
 * Every registered screen, the not-found page and the generic error page, in nb, nn and en.
 *
 * The whole matrix (screens × languages) over HTTP: the document's status, language, title and
 * heading as the server (and nginx, in the @deploy run) sends them. In the browser a sample, with axe:
 * each screen once, the languages and the two widths taken in turn so every language meets every width,
 * and the not-found page through nginx in each language. `npm run screenshots` (SCREENSHOTS_DIR) visits
 * the whole matrix in the browser, for the pictures.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Language } from '../../src/contract/languages';
import { screenManifest, type ScreenName } from '../../src/screens/screens';
import { samplePath } from '../../scripts/first-load';
import { withAppToken } from './support/app-client';
import { base, deploy, deployIf, expect, expectNoAxeViolations, languages, test, text, viewports } from './support/fixtures';
import { visitEntries, visitScreen } from './support/visits';

type ViewportName = keyof typeof viewports;
const viewportNames = Object.keys(viewports) as ViewportName[];
const everyVisit = Boolean(process.env.SCREENSHOTS_DIR);

/** `npm run screenshots` sets SCREENSHOTS_DIR: each visit is then also saved as a picture for people. */
async function saveScreenshot(page: Page, screen: string, language: string, viewportName: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  const name = screen.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  await page.screenshot({ path: path.join(dir, `${name}-${language}-${viewportName}.png`), fullPage: true, animations: 'disabled' });
}

/** The text of an HTML fragment as a reader gets it: tags gone, entities read, white space single. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

test.describe('every screen over HTTP', () => {
  for (const language of languages) {
    for (const [name, visit] of visitEntries) {
      const { title, heading } = screenManifest[name];
      test(`${language} ${name}: status, language, title and heading in the document`, deploy, async ({ request }) => {
        // The document is one for any query (a screen that reads one, as the not-me link's, does so in the browser).
        const visited = await withAppToken(request, visit.path ?? samplePath(name));
        const response = await request.get(`${base(language)}${visited}`, { maxRedirects: 0 });
        expect(response.status()).toBe(name === 'notFound' ? 404 : 200);
        const html = await response.text();
        expect(html.match(/<html[^>]* lang="([^"]+)"/)?.[1]).toBe(language);
        const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => plainText(match[1]));
        expect(titles).toEqual([text(language, 'app.title', { page: text(language, title) })]);
        const headings = [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => plainText(match[1]));
        expect(headings).toEqual([text(language, heading)]);
      });
    }
  }
});

interface BrowserVisit {
  name: ScreenName;
  language: Language;
  viewportName: ViewportName;
}

/** Each screen once, the languages and widths in turn (every language meets every width); the not-found page in each language. */
function browserVisits(): BrowserVisit[] {
  if (everyVisit) {
    return languages.flatMap((language) => viewportNames.flatMap((viewportName) => visitEntries.map(([name]) => ({ name, language, viewportName }))));
  }
  const sample = visitEntries.map(([name], index) => ({
    name,
    language: languages[index % languages.length],
    viewportName: viewportNames[index % viewportNames.length],
  }));
  for (const language of languages) {
    if (!sample.some((visit) => visit.name === 'notFound' && visit.language === language && visit.viewportName === 'desktop')) {
      sample.push({ name: 'notFound', language, viewportName: 'desktop' });
    }
  }
  return sample;
}

test.describe('screens in the browser', () => {
  for (const { name, language, viewportName } of browserVisits()) {
    const visit = visitEntries.find(([entry]) => entry === name)?.[1] ?? {};
    const { title, heading } = screenManifest[name];
    const status = name === 'notFound' ? 404 : 200;
    test.describe(`${language} ${viewportName}`, () => {
      // The passkey offer is visited as the screen it is.
      test.use({ viewport: viewports[viewportName], passkeyOfferSnoozed: false });
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
    });
  }

  // The error page in each language, the widths in turn (every width in the screenshots run).
  for (const [index, language] of languages.entries()) {
    for (const viewportName of everyVisit ? viewportNames : [viewportNames[index % viewportNames.length]]) {
      test.describe(`${language} ${viewportName}`, () => {
        test.use({ viewport: viewports[viewportName] });
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
});

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
