import { offerDeclinedKey } from '../../../src/features/passkeys/offer';
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { fontsKey } from '../../../src/app/boot/boot-script';
import { test as playwrightTest, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import type { Language } from '../../../src/contract/languages';
import { en } from '../../../src/i18n/en';
import { nb, type TextKey, type Texts } from '../../../src/i18n/nb';
import { nn } from '../../../src/i18n/nn';
import { translate } from '../../../src/i18n/translate';
import type { Person as TestPerson } from '../../../server/test-http';

export const languages: Language[] = ['nb', 'nn', 'en'];
export const viewports = {
  phone: { width: 375, height: 800 },
  desktop: { width: 1280, height: 900 },
} as const;

const tables: Record<Language, Texts> = { nb, nn, en };

/**
 * The languages in turn, for a block that runs its tests once per language: `if (turn()) test(…)`
 * keeps each test in one language only, the block's first test in nb, its second in nn, its third in
 * en, and so on (by the order the block declares them: the same every run, on every worker). Every
 * language's texts are checked in routes.spec over HTTP, on every screen, and the text tables have the
 * same keys by type; the behaviour behind them is the same in each. E2E_EVERY_LANGUAGE=1 runs every
 * test in each (a test tagged @deploy then goes through nginx in each).
 */
export function languageTurns(language: Language) {
  let declared = 0;
  return () => {
    const turn = languages[declared % languages.length];
    declared += 1;
    return turn === language || process.env.E2E_EVERY_LANGUAGE === '1';
  };
}

/**
 * Each of `chosen` languages once, at one width each, the widths in turn from `start` (the suite's
 * sample of languages × widths: a test run with another `start` meets the other width in each language).
 */
export function oneWidthEach<L extends Language>(chosen: readonly L[], start = 0) {
  const names = Object.keys(viewports) as (keyof typeof viewports)[];
  return chosen.map((language, index) => {
    const viewportName = names[(index + start) % names.length] as keyof typeof viewports;
    return { language, viewportName, viewport: viewports[viewportName] };
  });
}

/** A text as a person sees it, placeholders and plurals filled in as the app does (one left out stays as written). */
export function text(language: Language, key: TextKey, params: Record<string, string | number> = {}): string {
  return translate(tables, language, key, params, () => {});
}

/** The base path of the app in a language: nb has no segment. */
export function base(language: Language): string {
  return language === 'nb' ? '/innlogging' : `/innlogging/${language}`;
}

// An ordinary user of the emulator's, made for one test (POST /dev/api/persons): as the HTTP tests have it.
export type { TestPerson };

/**
 * A person of the test's own: wrong passwords and password resets lock people out (issue 15), so a test
 * that makes them never uses a demo person another test signs in with.
 */
export async function freshPerson(
  request: APIRequestContext,
  /** `language`: the emails' (the emulator's persons have one; nb by default). */
  options: { origin?: string; fullName?: string; language?: Language } = {},
): Promise<TestPerson> {
  const data = { ...(options.fullName ? { fullName: options.fullName } : {}), ...(options.language ? { language: options.language } : {}) };
  const response = await request.post(`${options.origin ?? ''}/dev/api/persons`, { data });
  expect(response.status(), 'POST /dev/api/persons').toBe(201);
  return (await response.json()) as TestPerson;
}

/**
 * The tag of the main flows, which `npm test` runs once more through Debian's nginx serving the static
 * build (scripts/test.mjs, E2E_VIA_NGINX=1; docs/deploy). Only tests that go through the one shared
 * server carry it, not those that start a server of their own or read what only our server does.
 */
export const deploy = { tag: '@deploy' };

/** `deploy` for one case of a loop (one language, one width): each flow once through nginx is enough. */
export const deployIf = (chosen: boolean) => (chosen ? deploy : {});

/** Console errors and uncaught page errors; the test fails on any it did not declare as expected. */
export interface ConsoleGuard {
  problems: string[];
  /** Expect console errors matching this pattern (the browser logs every 4xx/5xx answer as one). */
  allow(pattern: RegExp): void;
}

interface Fixtures {
  consoleGuard: ConsoleGuard;
  /**
   * The passkey offer after a password sign-in (issue #36) is snoozed, as a "not now" in this browser
   * does, so the flows that sign in with a password reach the mailbox as before; the passkey tests
   * turn it off (`test.use({ passkeyOfferSnoozed: false })`).
   */
  passkeyOfferSnoozed: boolean;
}

/**
 * React's words for markup that hydration could not keep (#418 text, #419, #422, #423, #425 in a
 * production build; "hydrat…" in a development one), at whatever level they are logged.
 */
const hydrationProblem = /hydrat|Minified React error #4(18|19|22|23|25)\b/i;

/**
 * What the guard watches on a page: console errors, uncaught errors, CSP violations (a blocked script,
 * style, font or call is a defect even when the browser stays quiet about it), and a hydration problem
 * logged at any level. The `page` fixture's page has it; a page a test opens itself (another context,
 * another tab) is given it with this.
 */
export async function guardPage(page: Page, consoleGuard: ConsoleGuard) {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} in ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() !== 'error' && !hydrationProblem.test(message.text())) return;
    // Chromium's "Failed to load resource" names no address in its text; its location does.
    const where = message.text().startsWith('Failed to load resource') ? ` (${message.location().url})` : '';
    consoleGuard.problems.push(`console ${message.type()}: ${message.text()}${where}`);
  });
  page.on('pageerror', (error) => consoleGuard.problems.push(`pageerror: ${error.message}`));
}

export const test = playwrightTest.extend<Fixtures>({
  passkeyOfferSnoozed: [true, { option: true }],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; none
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; none
  consoleGuard: async ({}, use) => {
    const allowed: RegExp[] = [];
    const problems: string[] = [];
    await use({ problems, allow: (pattern) => allowed.push(pattern) });
    const unexpected = problems.filter((problem) => !allowed.some((pattern) => pattern.test(problem)));
    expect(unexpected, 'console errors or uncaught errors on the page').toEqual([]);
  },
  page: async ({ page, consoleGuard, passkeyOfferSnoozed }, use) => {
    if (passkeyOfferSnoozed) await snoozePasskeyOffer(page.context());
    // Pictures for docs/screenshots show the pages as a returning visitor sees them: in Posten Sans,
    // which a first visit does not wait for (src/app/boot/fonts.ts).
    if (process.env.SCREENSHOTS_DIR || process.env.SAVE_SCREENSHOTS === '1') {
      await page.addInitScript((key) => localStorage.setItem(key, '1'), fontsKey);
    }
    await guardPage(page, consoleGuard);
    // Through nginx (global-setup.ts) the browser talks to nginx alone: a redirect or a link to the
    // server behind it would work here and break in production, where that server is out of reach.
    // (Its port on any loopback name: localhost, 127.0.0.1 or [::1].)
    const upstreamPort = process.env.E2E_UPSTREAM_URL ? new URL(process.env.E2E_UPSTREAM_URL).port : null;
    const pastNginx: string[] = [];
    if (upstreamPort) {
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (/^https?:$/.test(url.protocol) && url.port === upstreamPort) pastNginx.push(`${request.method()} ${request.url()}`);
      });
    }
    await use(page);
    expect(pastNginx, 'requests the browser sent past nginx, straight to the server behind it').toEqual([]);
  },
});

/**
 * The passkey offer snoozed in a browser context, as a "not now" there does (the `page` fixture's
 * default; for contexts a test makes itself). Documents without storage (about:blank) are let be.
 */
export async function snoozePasskeyOffer(context: BrowserContext) {
  await context.addInitScript((key) => {
    try {
      localStorage.setItem(key, String(Date.now()));
    } catch {
      // No storage here.
    }
  }, offerDeclinedKey);
}

/** Desktop Chrome refuses to open an app from a script without a user gesture, and says so; phones do not. */
export const appLaunchRefused = /Not allowed to launch '[^']+' because a user gesture is required/;

/** The WCAG levels every axe run checks, up to 2.2 AA (issue #37). */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Every rule of those levels, turned on in every run on top of axe's default set (best practices
 * included): so those axe leaves off by default run too (in axe-core 4.13 target-size, 2.5.8, tagged
 * wcag22aa). Experimental and deprecated rules stay as axe has them (off).
 */
export const wcagRuleIds = axe
  .getRules(wcagTags)
  .filter((rule) => !rule.tags.includes('experimental') && !rule.tags.includes('deprecated'))
  .map((rule) => rule.ruleId);

/** axe-core's results for the page as it is now: its default rules and every WCAG 2.2 AA rule. */
export async function axeResults(page: Page, options: { include?: string } = {}) {
  const rules: Record<string, { enabled: boolean }> = {};
  for (const id of wcagRuleIds) rules[id] = { enabled: true };
  // Legacy mode: axe runs in the page itself, without the blank page the default mode opens to join
  // frames' results (our pages have no frames). Measured on the private login: 0.7–0.9 s a run against
  // 1.6–1.9 s, the same violations.
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (options.include) {
    builder = builder.include(options.include);
    for (const id of ['landmark-one-main', 'page-has-heading-one']) rules[id] = { enabled: false };
  }
  return builder.options({ rules }).analyze();
}

/**
 * Runs axe-core on the page as it is now, its default rules and every WCAG 2.2 AA rule (target size
 * too): zero violations of any impact. `include` limits the scan to a part of the page, for states
 * where the rest is rightly inert (an open full-screen menu).
 */
export async function expectNoAxeViolations(page: Page, options: { include?: string } = {}) {
  // Colours are judged as they end, not halfway through a dialog's fade-in or a button's transition (a
  // full run caught the passkey dialog's button mid-fade); endless animations (spinners) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await axeResults(page, options);
  const violations = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(violations, `axe violations on ${page.url()}`).toEqual([]);
}

/** The app has taken over the page (hydrated the prerendered markup, or drawn it). */
export async function expectAppRunning(page: Page) {
  await expect(page.locator('#root[data-rendered]')).toHaveCount(1);
}

/**
 * The private login's passkey autofill has been answered its options. By then the page has its own anonymous
 * session, so a request of the test's own (`page.request`, same cookies) can no longer race the page's first
 * root document into a second session, which refuses the page's next call (403) until it renews its token.
 * Start waiting before the navigation that opens the login page.
 */
export function passkeyAutofillAnswered(page: Page) {
  return page.waitForResponse((response) => response.url().endsWith('/passkeys/login/options'));
}

export { expect };
