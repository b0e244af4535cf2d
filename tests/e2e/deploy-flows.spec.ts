/**
 * Main flows that no other spec walks in one test, for the run through nginx (tag @deploy, see
 * scripts/test.mjs); in the ordinary run they go through our own server like every other spec.
 */
import type { Language } from '../../src/contract/languages';
import { base, deploy, expect, expectNoAxeViolations, test, text } from './support/fixtures';

const languageNames: Record<Language, string> = { nb: 'Norsk bokmål', nn: 'Norsk nynorsk', en: 'English' };

test('the language menu takes the login page from nb to nn to en and back, each language a page of its own', deploy, async ({ page }) => {
  const heading = page.getByRole('heading', { level: 1 });
  await page.goto(`${base('nb')}/`);
  await expect(heading).toHaveText(text('nb', 'login.heading'));
  let from: Language = 'nb';
  for (const to of ['nn', 'en', 'nb'] as const) {
    const nav = page.getByRole('navigation', { name: text(from, 'header.navigation') });
    await nav.getByRole('button', { name: new RegExp(text(from, 'header.language')) }).click();
    await nav.getByRole('link', { name: languageNames[to] }).click();
    await expect(page).toHaveURL(new RegExp(`${base(to)}/$`));
    await expect(page.locator('html')).toHaveAttribute('lang', to);
    await expect(heading).toHaveText(text(to, 'login.heading'));
    await expectNoAxeViolations(page);
    // The address alone, loaded afresh (a bookmark, a reload): the same page in the same language.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', to);
    await expect(heading).toHaveText(text(to, 'login.heading'));
    await expect(page.getByRole('button', { name: text(to, 'login.eid_button') })).toBeVisible();
    from = to;
  }
});
