/**
 * Issue #18, "Login errors and pages": one name per destination, a logo whose picture and name agree,
 * hyphenated words kept whole in headings, "Skriv inn …" for an empty field, an error summary that
 * says what it is for, and a language segment in any letter case (decisions 001 and 014). The
 * matrices are at the unit and HTTP level; here one visit per point, in sample languages.
 */
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { Language } from '../../src/contract/languages';
import { base, expect, expectAppRunning, expectNoAxeViolations, test, text } from './support/fixtures';

const screenshots = path.resolve(import.meta.dirname, '..', '..', 'docs', 'screenshots');

/** Saves a picture for docs/screenshots when asked to (SAVE_SCREENSHOTS=1): the ones kept in git. */
async function saveScreenshot(page: Page, name: string, options: { clip?: Locator; fullPage?: boolean } = {}) {
  if (process.env.SAVE_SCREENSHOTS !== '1') return;
  const file = path.join(screenshots, `${name}.png`);
  if (options.clip) await options.clip.screenshot({ path: file, animations: 'disabled' });
  else await page.screenshot({ path: file, fullPage: options.fullPage ?? true, animations: 'disabled' });
}

/**
 * How many lines a heading takes, and how many each hyphenated word in it takes, as laid out: the tops
 * of the characters' boxes, told apart.
 */
async function linesOf(heading: Locator): Promise<{ heading: number; words: Record<string, number> }> {
  return heading.evaluate((element) => {
    const characters: { character: string; top: number }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (let index = 0; index < node.data.length; index += 1) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const box = range.getClientRects()[0];
        characters.push({ character: node.data[index], top: box ? Math.round(box.top) : Number.NaN });
      }
    }
    const lines = (from: number, to: number) =>
      new Set(
        characters
          .slice(from, to)
          .filter(({ character }) => character.trim() !== '')
          .map(({ top }) => top),
      ).size;
    const full = characters.map(({ character }) => character).join('');
    const words: Record<string, number> = {};
    for (const match of full.matchAll(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu)) words[match[0]] = lines(match.index, match.index + match[0].length);
    return { heading: lines(0, characters.length), words };
  });
}

/** The header's own link to a login (the wide navigation). */
const headerLink = (page: Page, name: string) => page.getByRole('navigation').getByRole('link', { name, exact: true });
const pageLink = (page: Page, name: string) => page.getByRole('main').getByRole('link', { name, exact: true });

test.describe('one name per destination, and the logo', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('nb: the login error page names business login as the header does, and the logo shows the name it is called by', async ({ page }) => {
    await page.goto(`${base('nb')}/loginError`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nb', 'login_error.heading'));
    await expectAppRunning(page);
    // The same words, the same place.
    expect(text('nb', 'error.back_business')).toBe('Logg inn som bedrift');
    expect(text('nb', 'error.back_private')).toBe('Logg inn som privatperson');
    await expect(headerLink(page, 'Logg inn som bedrift')).toHaveAttribute('href', `${base('nb')}/business`);
    await expect(pageLink(page, 'Logg inn som bedrift')).toHaveAttribute('href', `${base('nb')}/business`);
    await expect(pageLink(page, 'Logg inn som privatperson')).toHaveAttribute('href', /^\/innlogging\/?$/);

    // The logo: Posten's picture with Digipost written beside it, called "Digipost – til forsiden".
    const logo = page.getByRole('link', { name: 'Digipost – til forsiden', exact: true });
    await expect(logo).toHaveAttribute('href', '/');
    await expect(logo).toHaveText('Digipost');
    await expect(logo).toBeVisible();
    const picture = await logo.evaluate((element) => getComputedStyle(element, '::before').backgroundImage);
    expect(picture).toMatch(/^url\("data:image\/svg\+xml/);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'header-logo-nb-desktop', { clip: page.locator('.site-header') });
  });

  test('nn, typed as /innlogging/Nn/timeout?x=1: the Nynorsk page at its one address, its buttons named as the header names them', async ({ page }) => {
    const response = await page.goto('/innlogging/Nn/timeout?x=1');
    expect(response?.url()).toMatch(/\/innlogging\/nn\/timeout\?x=1$/);
    await expect(page).toHaveURL(/\/innlogging\/nn\/timeout\?x=1$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nn');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nn', 'timeout.heading'));
    await expectAppRunning(page);
    const business = text('nn', 'header.login_business');
    expect(text('nn', 'logout.login_business')).toBe(business);
    expect(text('nn', 'logout.login_private')).toBe(text('nn', 'header.login_private'));
    await expect(headerLink(page, business)).toHaveAttribute('href', `${base('nn')}/business`);
    await expect(pageLink(page, business)).toHaveAttribute('href', `${base('nn')}/business`);
    await expect(pageLink(page, text('nn', 'header.login_private'))).toHaveAttribute('href', /^\/innlogging\/nn\/?$/);
    await expect(page.getByRole('link', { name: text('nn', 'header.logo'), exact: true })).toHaveText('Digipost');
    // Onwards by keyboard: the page's business button leads to the Nynorsk business login.
    await pageLink(page, business).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${base('nn')}/business$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(business);
    await expectNoAxeViolations(page);
  });
});

test.describe('headings, empty fields and error summaries on a phone', () => {
  test('nb at 375 px: a heading breaks between words, never inside e-postadressen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${base('nb')}/epost-verifisering/feilet`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(text('nb', 'email_verify.failed_heading'));
    // A screen reader gets the words as written (a plain hyphen), whatever keeps them together.
    await expect(heading).toHaveAccessibleName(text('nb', 'email_verify.failed_heading'));
    const lines = await linesOf(heading);
    expect(lines.heading, 'the heading wraps at this width').toBeGreaterThan(1);
    expect(lines.words).toEqual({ 'e-postadressen': 1 });
  });

  for (const [language, width] of [
    ['nb', 375],
    ['en', 320],
  ] as [Language, number][]) {
    test(`${language} at ${width} px: the reset wizard asks for empty fields, calls a wrong form invalid, and its summary is for a new password`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${base(language)}/forgot-password`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'forgot.heading'));
      await expectAppRunning(page);
      for (const heading of await page.getByRole('heading', { level: 2 }).all()) {
        for (const [word, count] of Object.entries((await linesOf(heading)).words)) expect(count, word).toBe(1);
      }
      await page.getByRole('button', { name: text(language, 'forgot.code_button') }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: text(language, 'reset.dialog_title') });
      await expect(dialog).toBeVisible();
      const title = dialog.getByRole('heading', { level: 2, name: text(language, 'reset.dialog_title') });
      for (const [word, count] of Object.entries((await linesOf(title)).words)) expect(count, word).toBe(1);

      // Nothing typed: asked for, under a summary that names the task.
      await dialog.getByLabel(text(language, 'reset.phone')).focus();
      await page.keyboard.press('Enter');
      const summary = dialog.getByRole('heading', { level: 2, name: text(language, 'reset.error_summary') });
      await expect(summary).toBeFocused();
      expect(text(language, 'reset.error_summary')).not.toMatch(/logge inn|log in/i);
      await expect(dialog.getByRole('link', { name: text(language, 'reset.enter_phone'), exact: true })).toHaveAttribute('href', '#reset-phone');
      await expect(dialog.getByRole('link', { name: text(language, 'login.enter_foedselsnummer'), exact: true })).toBeVisible();
      expect(text(language, 'reset.enter_phone')).toMatch(language === 'en' ? /^Enter / : /^Skriv inn /);
      await expectNoAxeViolations(page);
      if (language === 'en') await saveScreenshot(page, 'reset-wizard-empty-en-phone', { fullPage: false });

      // Something of the wrong form: now it is invalid.
      await dialog.getByLabel(text(language, 'reset.phone')).fill('1234');
      await dialog.getByLabel(text(language, 'login.national_id')).fill('123');
      await page.keyboard.press('Enter');
      await expect(dialog.getByRole('link', { name: text(language, 'reset.invalid_phone'), exact: true })).toBeVisible();
      await expect(dialog.getByRole('link', { name: text(language, 'login.invalid_foedselsnummer'), exact: true })).toBeVisible();
      await expect(dialog.getByRole('link', { name: text(language, 'reset.enter_phone'), exact: true })).toHaveCount(0);
    });
  }

  test('nb at 375 px: the password form asks for what is missing, by keyboard, and says what its summary is for', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${base('nb')}/`);
    await expectAppRunning(page);
    await page.getByRole('button', { name: text('nb', 'login.password_accordion') }).click();
    await page.getByLabel(text('nb', 'login.national_id')).focus();
    await page.keyboard.press('Enter');
    const summary = page.getByRole('heading', { level: 2, name: 'Rett opp dette for å logge inn:' });
    await expect(summary).toBeFocused();
    await expect(page.getByRole('link', { name: 'Skriv inn fødselsnummeret ditt', exact: true })).toHaveAttribute('href', '#login-national-id');
    await expect(page.getByRole('link', { name: 'Skriv inn passordet ditt', exact: true })).toHaveAttribute('href', '#login-password');
    await expect(page.getByLabel(text('nb', 'login.national_id'))).toHaveAccessibleDescription(
      `${text('nb', 'login.national_id_hint')} Skriv inn fødselsnummeret ditt`,
    );
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'password-login-empty-nb-phone');
    // The summary's link to the field, then a number of the wrong form: invalid; the password still asked for.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(text('nb', 'login.national_id'))).toBeFocused();
    await page.keyboard.type('123');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: 'Ugyldig fødselsnummer (11 siffer)', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Skriv inn passordet ditt', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Skriv inn fødselsnummeret ditt', exact: true })).toHaveCount(0);
  });
});
