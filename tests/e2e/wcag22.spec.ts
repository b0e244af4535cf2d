/**
 * WCAG 2.2 AA, the automated part of issue #37: target size on every screen at both widths (2.5.8),
 * paste into every ID, password and code field and codes written with spaces or dashes (3.3.8), the
 * focused element never under the status banner at 400 % zoom (2.4.11), the autocomplete tokens a
 * password manager needs (3.3.8), and help in the same relative place on every screen (3.2.6). axe runs
 * the WCAG 2.2 AA rules in every visit of the suite (expectNoAxeViolations); the first test here shows
 * that its target-size rule does run.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { Language } from '../../src/contract/languages';
import type { TextKey } from '../../src/i18n/nb';
import { screenManifest, type ScreenName } from '../../src/screens/screens';
import {
  appLaunchRefused,
  axeResults,
  base,
  type ConsoleGuard,
  guardPage,
  expect,
  expectNoAxeViolations,
  freshPerson,
  type TestPerson,
  test,
  text,
  viewports,
} from './support/fixtures';
import { atStep, codesTo, dialog, openWizard, toNewPasswordStep } from './support/reset-wizard';
import { visitEntries, visits, visitScreen } from './support/visits';
import { withAppToken } from './support/app-client';
import { samplePath } from '../../scripts/first-load';

const language: Language = 'nb';

/** What WCAG counts as a target here: every interactive element a pointer can hit. */
const interactive = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';

/**
 * A screen visited in a context of its own (a signed-in screen's cookies stay there), at a viewport,
 * the visit table's way (holds never released: the page stays as checked). Answers once its heading
 * shows and the app has taken over where it does.
 */
async function openScreen(
  browser: Browser,
  consoleGuard: ConsoleGuard,
  name: ScreenName,
  viewport: { width: number; height: number },
  before?: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({ viewport, baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  await guardPage(page, consoleGuard);
  // The visits' own, expected: the not-found screen answers 404, and the app's redirect page tries to open the app.
  consoleGuard.allow(/status of 404/);
  consoleGuard.allow(appLaunchRefused);
  await before?.(page);
  await visitScreen(page, language, name);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, screenManifest[name].heading));
  return { context, page };
}

/** Runs `work` over `items`, `width` at a time (one page per screen: the run stays short on a busy machine). */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

test('axe runs the WCAG 2.2 AA rules: target-size runs, and finds a tiny button', async ({ page }) => {
  await page.goto(`${base(language)}/timeout`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const ran = (results: Awaited<ReturnType<typeof axeResults>>) =>
    [...results.passes, ...results.incomplete, ...results.violations, ...results.inapplicable].map((rule) => rule.id);
  const clean = await axeResults(page);
  expect(ran(clean)).toContain('target-size');
  expect(ran(clean)).toContain('region'); // a best practice: axe's default rules still run
  expect(clean.violations).toEqual([]);
  // Two 10 × 10 px buttons side by side in the page: too small, and too close for the spacing exception.
  await page.evaluate(() => {
    const main = document.querySelector('main') as HTMLElement;
    for (const label of ['A', 'B']) {
      const button = document.createElement('button');
      button.textContent = label;
      button.style.cssText = 'width:10px;height:10px;padding:0;margin:0;font-size:6px;line-height:1;display:inline-block;min-width:0;min-height:0';
      main.append(button);
    }
  });
  const broken = await axeResults(page);
  expect(broken.violations.map((violation) => violation.id)).toContain('target-size');
  await expect(expectNoAxeViolations(page)).rejects.toThrow(/target-size/);
});

/** A target that fails 2.5.8: what it is and its size. */
interface TooSmall {
  target: string;
  size: string;
}

/** Measures every visible target of the page (run in the page): those too small and not spaced, not inline, not the browser's own. */
function smallTargets(selector: string): TooSmall[] {
  const minimum = 24;
  const nameOf = (element: Element) => {
    const id = element.id ? `#${element.id}` : '';
    const classes = [...element.classList]
      .slice(0, 2)
      .map((name) => `.${name}`)
      .join('');
    const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${element.tagName.toLowerCase()}${id}${classes} "${label}"`;
  };
  const isShown = (element: Element, rect: DOMRect) => {
    if (rect.width <= 1 || rect.height <= 1) return false; // visually hidden (a skip link until focused)
    if (!element.checkVisibility({ visibilityProperty: true })) return false;
    if (rect.right <= 0 || rect.left >= document.documentElement.scrollWidth) return false;
    if (element.closest('[inert]')) return false;
    const style = getComputedStyle(element);
    if (style.clipPath === 'inset(50%)' || /^rect\(0(px)?,? 0(px)?/.test(style.clip)) return false;
    // Clipped away by a box that hides its overflow (a folded accordion's content).
    for (let box = element.parentElement; box; box = box.parentElement) {
      if (getComputedStyle(box).overflow === 'visible') continue;
      const clip = box.getBoundingClientRect();
      const width = Math.min(clip.right, rect.right) - Math.max(clip.left, rect.left);
      const height = Math.min(clip.bottom, rect.bottom) - Math.max(clip.top, rect.top);
      if (width <= 1 || height <= 1) return false;
    }
    return true;
  };
  const targets = [...document.querySelectorAll(selector)]
    .map((element) => ({ element, box: element.getBoundingClientRect() }))
    .filter(({ element, box }) => isShown(element, box));
  // A link in a sentence: its block has text besides the link's own.
  const isInline = (element: Element) => {
    if (element.tagName !== 'A') return false;
    let block = element.parentElement;
    while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
    const all = (block?.textContent ?? '').replace(/\s+/g, '');
    return all.length > (element.textContent ?? '').replace(/\s+/g, '').length;
  };
  // The browser's own control, its size left as the browser draws it (a checkbox, a radio button).
  const isBrowsers = (element: Element) =>
    element instanceof HTMLInputElement && ['checkbox', 'radio'].includes(element.type) && getComputedStyle(element).appearance !== 'none';
  const small = (box: DOMRect) => box.width < minimum - 0.01 || box.height < minimum - 0.01;
  const centre = (box: DOMRect) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
  const circleMeetsBox = (point: { x: number; y: number }, box: DOMRect) => {
    const x = Math.max(box.left, Math.min(point.x, box.right));
    const y = Math.max(box.top, Math.min(point.y, box.bottom));
    return Math.hypot(point.x - x, point.y - y) < minimum / 2;
  };
  const related = (a: Element, b: Element) => a === b || a.contains(b) || b.contains(a);
  const failures: TooSmall[] = [];
  for (const { element, box } of targets) {
    if (!small(box) || isInline(element) || isBrowsers(element)) continue;
    const mine = centre(box);
    const crowded = targets.some(
      (other) =>
        !related(element, other.element) &&
        (circleMeetsBox(mine, other.box) || (small(other.box) && Math.hypot(mine.x - centre(other.box).x, mine.y - centre(other.box).y) < minimum)),
    );
    if (crowded) failures.push({ target: nameOf(element), size: `${box.width.toFixed(1)} × ${box.height.toFixed(1)}` });
  }
  return failures;
}

/** The status banner with two lines: an incident now and a maintenance planned (its API answered here). */
async function showStatusBanner(page: Page) {
  await page.route('**/statuspage/api/v2/**', async (route) => {
    const url = route.request().url();
    const components = [{ id: 'innlogging', status: 'degraded_performance' }];
    const soon = Date.now() + 2 * 60 * 60 * 1000;
    const body = url.endsWith('/incidents/unresolved.json')
      ? { incidents: [{ id: 'e2e-incident', name: 'Treg innlogging med BankID', status: 'investigating', impact: 'major', components }] }
      : url.endsWith('/upcoming.json')
        ? {
            scheduled_maintenances: [
              {
                id: 'e2e-maintenance',
                name: 'Oppgradering',
                status: 'scheduled',
                impact: 'maintenance',
                scheduled_for: new Date(soon).toISOString(),
                scheduled_until: new Date(soon + 60 * 60 * 1000).toISOString(),
                components,
              },
            ],
          }
        : { scheduled_maintenances: [] };
    await route.fulfill({ json: { page: { id: 'e2e' }, ...body } });
  });
}

/**
 * Where help is on the page, in the page's order (3.2.6): the customer-service block (where the screen
 * has one) is the last of the main content, nothing to press after it there; the footer comes after the
 * main content and holds its help in one row, in this order: help and contact, the status page, then
 * (web pages) the chat. Every screen of a group shows the same footer row.
 */
async function helpOutOfPlace(page: Page, name: ScreenName): Promise<string[]> {
  const { group } = screenManifest[name];
  if (group === 'web') await expect(page.getByRole('button', { name: text(language, 'footer.chatbot') })).toBeVisible();
  // The screens with customer service have it (issue #37 names them): the private login and forgotten password.
  if (name === 'privateLogin' || name === 'forgotPassword')
    await expect(page.getByRole('main').getByRole('heading', { name: text(language, 'customer_service.heading') })).toBeVisible();
  const found = await page.evaluate(
    ({ serviceHeading, helpLink, statusLink, chat }) => {
      const main = document.querySelector('main');
      const footer = document.querySelector('footer.site-footer');
      const problems: string[] = [];
      if (!main || !footer) return { problems: ['no main or no footer'], row: [] };
      if (!(main.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING)) problems.push('the footer is not after the main content');
      const service = [...main.querySelectorAll('section')].find((section) => section.querySelector('h2')?.textContent?.trim() === serviceHeading);
      if (service) {
        const after = [...main.querySelectorAll('a[href], button, input, select, textarea')].filter(
          (element) => !service.contains(element) && service.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING,
        );
        if (after.length > 0)
          problems.push(`customer service is followed by ${after.map((element) => element.textContent?.trim()).join(', ')} in the main content`);
      }
      const names = [helpLink, statusLink, chat];
      const row = [...footer.querySelectorAll('a[href], button')].map((element) => element.textContent?.trim() ?? '').filter((label) => names.includes(label));
      return { problems, row };
    },
    {
      serviceHeading: text(language, 'customer_service.heading'),
      helpLink: text(language, 'footer.help_and_contact'),
      statusLink: text(language, 'footer.status_page'),
      chat: text(language, 'footer.chatbot'),
    },
  );
  const expected = [text(language, 'footer.help_and_contact'), text(language, 'footer.status_page')];
  if (group === 'web') expected.push(text(language, 'footer.chatbot'));
  const problems = found.problems.map((problem) => `${name}: ${problem}`);
  if (JSON.stringify(found.row) !== JSON.stringify(expected)) problems.push(`${name}: the footer's help row is ${found.row.join(' / ')}`);
  return problems;
}

/** Every focus stop the Tab key reaches, round the page once: those under the status banner or out of the window (2.4.11). */
async function focusUnderBanner(page: Page, name: ScreenName): Promise<string[]> {
  const failures: string[] = [];
  let first: string | null = null;
  for (let press = 0; press < 60; press += 1) {
    await page.keyboard.press('Tab');
    const seen = await page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return null;
      const bar = document.querySelector('.status-banner');
      const key = `${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ''} "${(active.textContent ?? '').trim().slice(0, 30)}"`;
      if (!bar || bar.contains(active)) return { key, covered: null };
      const box = active.getBoundingClientRect();
      const barBox = bar.getBoundingClientRect();
      const overlap = Math.max(0, Math.min(box.bottom, barBox.bottom) - Math.max(box.top, barBox.top));
      const outside = box.bottom <= 0 || box.top >= window.innerHeight;
      return {
        key,
        covered:
          overlap > 0 || outside
            ? `${key} at y ${box.top.toFixed(0)}–${box.bottom.toFixed(0)}, banner from y ${barBox.top.toFixed(0)} (window ${window.innerHeight})`
            : null,
      };
    });
    // Focus has gone round the page (to the browser's own controls, or back to the first).
    if (!seen || seen.key === first) break;
    first ??= seen.key;
    if (seen.covered) failures.push(`${name}: ${seen.covered}`);
  }
  return failures;
}

/** The window made another size, as a person does (or zooms), and the page's layout flags settled after it (150 ms throttle). */
async function resize(page: Page, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(viewport.width);
  await page.waitForTimeout(300);
}

// 1280 × 1024 at 400 %: 320 × 256 CSS px.
const zoomed = { width: 320, height: 256 };

test('every screen, one visit each with the status banner up: help in its place (3.2.6) and targets of 24 × 24 CSS px or spaced (2.5.8) at desktop and phone width, then at 400 % zoom no focused element under the banner (2.4.11)', async ({
  browser,
  consoleGuard,
}) => {
  // Twenty-five visits, three at a time (the three checks visited every screen on their own before:
  // a hundred visits, about 380 s of a worker's time in a full run). About 2 min alone, 3.5 min beside
  // another copy of itself: room for a busy machine, not for a hang.
  test.setTimeout(420_000);
  const help: string[] = [];
  const small: string[] = [];
  const covered: string[] = [];
  const checked = new Set<ScreenName>();
  const noBanner: ScreenName[] = [];
  let zoomChecked = 0;
  await inParallel(visitEntries, 3, async ([name]) => {
    const { context, page } = await openScreen(browser, consoleGuard, name, viewports.desktop, showStatusBanner);
    try {
      const region = page.getByRole('region', { name: text(language, 'status.label') });
      // A screen that moves on by itself (its call held here: on to ID-porten) may never draw the app's
      // layout while its loader waits, and nobody tabs through it: its banner is not required. Every
      // other screen must show it.
      const bannerShown = await region.waitFor({ state: 'visible', timeout: 15_000 }).then(
        () => true,
        () => false,
      );
      if (!bannerShown && !visits[name].holds) noBanner.push(name);
      help.push(...(await helpOutOfPlace(page, name)));
      for (const [width, viewport] of [
        ['desktop', viewports.desktop],
        ['phone', viewports.phone],
      ] as const) {
        if (viewport !== viewports.desktop) await resize(page, viewport);
        for (const failure of await page.evaluate(smallTargets, interactive)) small.push(`${name} ${width}: ${failure.target} is ${failure.size} px`);
      }
      checked.add(name);
      if (!bannerShown) return;
      await resize(page, zoomed);
      // The banner's height is kept as room and scroll padding, measured again at the new width.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const bar = document.querySelector('.status-banner');
            return bar
              ? `${Math.ceil(bar.getBoundingClientRect().height)}px` === document.documentElement.style.getPropertyValue('--status-banner-height')
              : false;
          }),
        )
        .toBe(true);
      covered.push(...(await focusUnderBanner(page, name)));
      zoomChecked += 1;
    } finally {
      await context.close();
    }
  });
  expect([...checked].sort()).toEqual(visitEntries.map(([name]) => name).sort());
  expect(noBanner, 'screens a person stays on, without the status banner').toEqual([]);
  expect(zoomChecked, 'screens swept at 400 %').toBeGreaterThanOrEqual(visitEntries.filter(([, visit]) => !visit.holds).length);
  expect(help, 'help out of its place').toEqual([]);
  expect(small, 'targets under 24 × 24 CSS px without the spacing, inline or browser-control exception').toEqual([]);
  expect(covered, 'focused elements covered by the status banner').toEqual([]);
});

/** The clipboard as a person's: written by the page's own API, pasted with the keyboard. */
async function allowClipboard(context: BrowserContext, page: Page) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // Every paste the page sees, as it reaches the window after the page's own handlers.
  await page.addInitScript(() => {
    const pastes: { field: string; prevented: boolean }[] = [];
    (window as unknown as { pastes: typeof pastes }).pastes = pastes;
    window.addEventListener('paste', (event) => {
      const target = event.target as HTMLInputElement;
      pastes.push({ field: target.name || target.id, prevented: event.defaultPrevented });
    });
  });
}

/** Pastes `value` into the field with Control+V (a real paste event with the clipboard's data): the value arrives, unprevented. */
async function pasteInto(page: Page, field: ReturnType<Page['getByLabel']>, value: string, arrives = value) {
  await page.evaluate((data) => navigator.clipboard.writeText(data), value);
  await field.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  const before = await page.evaluate(() => (window as unknown as { pastes: unknown[] }).pastes.length);
  await page.keyboard.press('ControlOrMeta+v');
  await expect(field).toHaveValue(arrives);
  const pastes = await page.evaluate(() => (window as unknown as { pastes: { field: string; prevented: boolean }[] }).pastes);
  expect(pastes.slice(before), 'the paste event, not prevented').toEqual([
    { field: await field.evaluate((input: HTMLInputElement) => input.name || input.id), prevented: false },
  ]);
}

const field = (page: Page, label: TextKey) => dialog(page, language).getByLabel(text(language, label), { exact: true });
const newPassword = 'Tyttebær-Fjellvann-2031';

/** Through the wizard with pastes only: ID and phone, the two codes (written as `format` makes them), the new password twice. */
async function pasteThroughWizard(page: Page, person: TestPerson, format: { email: (code: string) => string; sms: (code: string) => string }) {
  await openWizard(page, language);
  await pasteInto(page, field(page, 'reset.phone'), person.phone);
  await pasteInto(page, field(page, 'login.national_id'), person.nationalId);
  await page.keyboard.press('Enter');
  await atStep(page, language, 'email-code', 'reset.email_heading');
  const [emailCode] = (await codesTo(page.request, person.email)) as [string];
  await pasteInto(page, field(page, 'reset.email_code'), format.email(emailCode));
  await page.keyboard.press('Enter');
  await atStep(page, language, 'sms-code', 'reset.sms_heading');
  const [smsCode] = (await codesTo(page.request, person.phone)) as [string];
  await pasteInto(page, field(page, 'reset.sms_code'), format.sms(smsCode));
  await page.keyboard.press('Enter');
  await atStep(page, language, 'new-password', 'reset.password_heading');
}

test('paste works in every ID, password and code field (3.3.8)', async ({ page, context }) => {
  await allowClipboard(context, page);
  // The private login: ID number and password.
  await page.goto(`${base(language)}/`);
  await page.getByRole('button', { name: text(language, 'login.password_accordion') }).click();
  await pasteInto(page, page.getByLabel(text(language, 'login.national_id'), { exact: true }), '01817010055');
  await pasteInto(page, page.getByLabel(text(language, 'login.password'), { exact: true }), 'Sommerfugl-42');

  // The app's password login.
  await page.goto(`${base(language)}${await withAppToken(page.request, samplePath('mobilePasswordLogin'))}`);
  await pasteInto(page, page.getByLabel(text(language, 'login.national_id'), { exact: true }), '01817010055');
  await pasteInto(page, page.getByLabel(text(language, 'login.password'), { exact: true }), 'Sommerfugl-42');

  // The reset wizard, every step, to the mailbox.
  const person = await freshPerson(page.request);
  await pasteThroughWizard(page, person, { email: (code) => code, sms: (code) => code });
  await pasteInto(page, field(page, 'reset.new_password'), newPassword);
  await pasteInto(page, field(page, 'reset.repeat_password'), newPassword);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/postkasse\/$/);
});

test('one-time codes accept spaces and dashes (3.3.8)', async ({ page, context }) => {
  await allowClipboard(context, page);
  const spaced = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;
  const dashed = (code: string) => `${code.slice(0, 3)}-${code.slice(3)}`;
  // Each format in each code step: two resets, by two people.
  await pasteThroughWizard(page, await freshPerson(page.request), { email: spaced, sms: dashed });
  await page.goto('about:blank');
  await context.clearCookies();
  await pasteThroughWizard(page, await freshPerson(page.request), { email: dashed, sms: spaced });
});

test('password managers: the login and new-password forms carry the autocomplete tokens (3.3.8)', async ({ page }) => {
  /** A form's fields and submit buttons as a password manager reads them. */
  const formOf = (input: ReturnType<Page['locator']>) =>
    input.evaluate((element: HTMLInputElement) => {
      const form = element.form;
      if (!form) return null;
      return {
        fields: [...form.querySelectorAll('input:not([type="hidden"])')].map((field) => {
          const input = field as HTMLInputElement;
          return { name: input.name, type: input.type, autocomplete: input.getAttribute('autocomplete'), value: input.type === 'password' ? '' : input.value };
        }),
        submit: form.querySelectorAll('button[type="submit"], input[type="submit"]').length,
      };
    });

  // The private login: ID number ("username", with "webauthn" where passkeys are offered) and the password, in one form with a submit button.
  await page.goto(`${base(language)}/`);
  await page.getByRole('button', { name: text(language, 'login.password_accordion') }).click();
  const login = await formOf(page.getByLabel(text(language, 'login.password'), { exact: true }));
  expect(login?.submit).toBe(1);
  expect(login?.fields.map((input) => [input.name, input.type])).toEqual([
    ['username', 'text'],
    ['password', 'password'],
  ]);
  expect(login?.fields[0]?.autocomplete).toMatch(/^username( webauthn)?$/);
  expect(login?.fields[1]?.autocomplete).toBe('current-password');

  // The app's password login.
  await page.goto(`${base(language)}${await withAppToken(page.request, samplePath('mobilePasswordLogin'))}`);
  // Its ID field offers passkeys too once the app runs (issue #51): the browser here has WebAuthn.
  await expect(page.getByLabel(text(language, 'login.national_id'))).toHaveAttribute('autocomplete', 'username webauthn');
  const app = await formOf(page.getByLabel(text(language, 'login.password'), { exact: true }));
  expect(app?.submit).toBe(1);
  expect(app?.fields.map((input) => [input.name, input.type, input.autocomplete])).toEqual([
    ['username', 'text', 'username webauthn'],
    ['password', 'password', 'current-password'],
  ]);

  // The reset wizard's new password: twice "new-password", and the account's ID number as "username" in the same form.
  const person = await freshPerson(page.request);
  await toNewPasswordStep(page, page.request, language, person);
  const reset = await formOf(field(page, 'reset.new_password'));
  expect(reset?.submit).toBe(1);
  const passwords = reset?.fields.filter((input) => input.type === 'password');
  expect(passwords?.map((input) => input.autocomplete)).toEqual(['new-password', 'new-password']);
  expect(reset?.fields.filter((input) => input.autocomplete === 'username').map((input) => input.value)).toEqual([person.nationalId]);
});
