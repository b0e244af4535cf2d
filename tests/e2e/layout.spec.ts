/** Header, mobile menu, language switching and footer, as a person uses them. */
import { base, deploy, expect, expectAppRunning, expectNoAxeViolations, languages, test, text, viewports } from './support/fixtures';

test.describe('desktop header', () => {
  test.use({ viewport: viewports.desktop });

  for (const language of languages) {
    test(`${language}: logo, front page, login toggle and language menu`, async ({ page }) => {
      await page.goto(`${base(language)}/timeout`);
      const nav = page.getByRole('navigation', { name: text(language, 'header.navigation') });
      const front = language === 'nb' ? '/' : `/${language}`;
      await expect(page.getByRole('link', { name: text(language, 'header.logo') })).toHaveAttribute('href', front);
      await expect(nav.getByRole('link', { name: text(language, 'header.front_page') })).toHaveAttribute('href', front);
      // Not on a business page: the toggle offers business login.
      await expect(nav.getByRole('link', { name: text(language, 'header.login_business') })).toHaveAttribute('href', `${base(language)}/business`);
      await expect(nav.getByRole('link', { name: text(language, 'header.login_private') })).toHaveCount(0);

      const menuButton = nav.getByRole('button', { name: new RegExp(text(language, 'header.language')) });
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
      await menuButton.click();
      await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      await expectNoAxeViolations(page);
      const target = language === 'en' ? 'nn' : 'en';
      await nav.getByRole('link', { name: target === 'en' ? 'English' : 'Norsk nynorsk' }).click();
      await expect(page).toHaveURL(new RegExp(`/innlogging/${target}/timeout$`));
      await expect(page.locator('html')).toHaveAttribute('lang', target);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(target, 'timeout.heading'));
    });
  }

  test('the login toggle is hidden on the logout page', async ({ page }) => {
    await page.goto('/innlogging/en/logout');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const nav = page.getByRole('navigation', { name: text('en', 'header.navigation') });
    await expect(nav.getByRole('link', { name: text('en', 'header.login_business') })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: text('en', 'header.login_private') })).toHaveCount(0);
  });

  test('switching to nb removes the language segment and keeps the query', deploy, async ({ page }) => {
    await page.goto('/innlogging/en/timeout?from=test');
    await page.getByRole('button', { name: /Language/ }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Norsk bokmål' }).click();
    await expect(page).toHaveURL(/\/innlogging\/timeout\?from=test$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
  });

  test('the language menu closes with Escape and returns focus to its button', async ({ page }) => {
    await page.goto('/innlogging/en/timeout');
    // The menu is the app's: before it has taken over, a press is held for it, an Escape is not (seen flaky under load).
    await expectAppRunning(page);
    const button = page.getByRole('button', { name: /Language/ });
    await button.click();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
  });

  test('keyboard alone: the skip link, then the header, then the page buttons', async ({ page }) => {
    await page.goto('/innlogging/en/timeout');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: text('en', 'app.skip_to_content') });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: text('en', 'logout.login_private') })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('main').getByRole('link', { name: text('en', 'logout.login_business') })).toBeFocused();
  });

  test('a button on the logged-out page navigates in the app and focuses the new heading', async ({ page }) => {
    await page.goto('/innlogging/en/logout');
    // Before the app has taken over a link is an ordinary link (a page load); this is about the app's own.
    await expectAppRunning(page);
    await page.getByRole('link', { name: text('en', 'logout.login_business') }).click();
    await expect(page).toHaveURL(/\/innlogging\/en\/business$/);
    // Business login is a later issue: until then the path is the not-found page.
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: viewports.phone });

  for (const language of languages) {
    test(`${language}: opens by keyboard, holds the same items and a collapsible language list`, async ({ page }) => {
      await page.goto(`${base(language)}/timeout`);
      const toggle = page.getByRole('button', { name: text(language, 'header.menu_open') });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.focus();
      await page.keyboard.press('Enter');
      // Named by its state: open, it is the button that closes the menu.
      const close = page.getByRole('button', { name: text(language, 'header.menu_close'), exact: true });
      await expect(close).toHaveAttribute('aria-expanded', 'true');
      const nav = page.getByRole('navigation', { name: text(language, 'header.navigation') });
      await expect(nav.getByRole('link', { name: text(language, 'header.front_page') })).toBeVisible();
      await expect(nav.getByRole('link', { name: text(language, 'header.login_business') })).toBeVisible();
      const languageButton = nav.getByRole('button', { name: new RegExp(text(language, 'header.language')) });
      await expect(languageButton).toHaveAttribute('aria-expanded', 'false');
      await expect(nav.getByRole('link', { name: 'English' })).toBeHidden();
      await languageButton.click();
      await expect(nav.getByRole('link', { name: 'English' })).toBeVisible();
      // The open menu makes the rest of the page inert, as it should: scan the menu itself.
      await expectNoAxeViolations(page, { include: 'header' });
      await close.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    });
  }
});

test.describe('footer', () => {
  for (const language of languages) {
    test(`${language}: link groups with the language's paths, languages, social links, copyright`, async ({ page }) => {
      await page.setViewportSize(viewports.desktop);
      await page.goto(`${base(language)}/logout`);
      const footer = page.getByRole('contentinfo');
      const privacy = footer.getByRole('link', { name: text(language, 'footer.privacy'), exact: true });
      const business = footer.getByRole('link', { name: text(language, 'footer.business_services') });
      const help = footer.getByRole('link', { name: text(language, 'footer.help_and_contact') });
      if (language === 'en') {
        await expect(privacy).toHaveAttribute('href', /^\/en\/terms/);
        await expect(business).toHaveAttribute('href', '/en/business');
        await expect(help).toHaveAttribute('href', /^\/en\//);
      } else {
        await expect(privacy).toHaveAttribute('href', /^\/juridisk\//);
        await expect(business).toHaveAttribute('href', '/bedrift');
        await expect(help).toHaveAttribute('href', '/privat/hjelp-og-kontakt');
      }
      for (const key of [
        'footer.terms',
        'footer.cookies',
        'footer.business_prices',
        'footer.gdpr_help',
        'footer.business_resources',
        'footer.business_terms',
        'footer.partner_program',
        'footer.status_page',
      ] as const) {
        await expect(footer.getByRole('link', { name: text(language, key), exact: true })).toBeVisible();
      }
      await expect(footer.getByRole('link', { name: 'Norsk nynorsk' })).toHaveAttribute('href', '/innlogging/nn/logout');
      await expect(footer.getByRole('link', { name: text(language, 'footer.social_link', { network: 'LinkedIn' }) })).toBeVisible();
      await expect(footer.getByText(String(new Date().getFullYear()))).toBeVisible();
      await expect(footer.getByRole('button', { name: text(language, 'footer.chatbot') })).toBeVisible();
    });
  }

  test('every page links the accessibility statement, which is prerendered and links back to it (issue #37)', async ({ page }) => {
    for (const language of languages) {
      await page.goto(`${base(language)}/logout`);
      const link = page.getByRole('contentinfo').getByRole('link', { name: text(language, 'footer.accessibility') });
      await expect(link).toHaveAttribute('href', `${base(language)}/tilgjengelighet`);
      await link.click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'a11y_statement.heading'));
      await expect(page.getByRole('contentinfo').getByRole('link', { name: text(language, 'footer.accessibility') })).toBeVisible();
    }
    // Drawn before any script runs: the statement is a prerendered page.
    const html = await (await page.request.get(`${base('nn')}/tilgjengelighet`)).text();
    expect(html).toContain(text('nn', 'a11y_statement.gaps_heading'));
  });
});
