/**
 * Dialogs, menus and focus as people use them (issue 18): by keyboard, on a phone, with a screen
 * reader's live regions, in forced colours and with reduced motion.
 */
import type { Locator, Page } from '@playwright/test';
import { base, expect, expectAppRunning, expectNoAxeViolations, languages, test, text, viewports } from './support/fixtures';

/** Where focus is: in a dialog (with its text), on the page behind, or gone to the browser's own controls. */
function focusIsAt(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'browser';
    return active.closest('dialog') ? `dialog: ${active.textContent}` : `page: ${active.outerHTML.slice(0, 120)}`;
  });
}

async function tabUntilFocused(page: Page, target: Locator, most = 8) {
  for (let press = 0; press < most; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test.describe('wrong-role dialog', () => {
  test('no number of Escapes closes it, and Tab never reaches the page behind', async ({ page }) => {
    await page.request.post('/dev/api/session', { data: { role: 'VIRKSOMHET' } });
    await page.goto(`${base('en')}/`);
    const dialog = page.getByRole('dialog', { name: text('en', 'wrong_role.heading_business') });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('closedby', 'none');

    const holds = async () => {
      for (let press = 0; press < 5; press += 1) await page.keyboard.press('Escape');
      await expect(dialog).toBeVisible();
      expect(await dialog.evaluate((element) => (element as HTMLDialogElement).open && element.matches(':modal'))).toBe(true);
      // Chrome lets Tab leave a modal dialog for its own controls (the address bar) between the last
      // control and the first; never for the page behind.
      const visited = new Set<string>();
      for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
        await page.keyboard.press(key);
        const where = await focusIsAt(page);
        expect(where, `focus after ${key}`).not.toMatch(/^page/);
        visited.add(where);
      }
      expect([...visited].sort()).toEqual(['browser', `dialog: ${text('en', 'wrong_role.logout')}`, `dialog: ${text('en', 'wrong_role.stay')}`].sort());
    };

    await holds();
    // A browser without closedby closes a modal dialog on the second Escape whatever the page does
    // (a page may cancel only one per user activation): this one comes straight back.
    await dialog.evaluate((element) => element.removeAttribute('closedby'));
    await holds();
    await expectNoAxeViolations(page);
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: viewports.phone });

  for (const language of ['nb', 'en'] as const) {
    test(`${language}: Escape closes it with focus back on its button; a link chosen in it leaves focus on the new heading`, async ({ page }) => {
      await page.goto(`${base(language)}/`);
      await expectAppRunning(page);
      const openButton = page.getByRole('button', { name: text(language, 'header.menu_open'), exact: true });
      const closeButton = page.getByRole('button', { name: text(language, 'header.menu_close'), exact: true });
      const main = page.locator('main');

      // From the top of the page by keyboard: skip link, logo, the menu button.
      await tabUntilFocused(page, openButton);
      await expect(openButton).toHaveAttribute('aria-expanded', 'false');
      await page.keyboard.press('Enter');
      // Named by its state, as its icon (a cross) shows it.
      await expect(closeButton).toHaveAttribute('aria-expanded', 'true');
      await expect(closeButton).toBeFocused();
      await expect(main).toHaveAttribute('inert');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Escape');
      await expect(openButton).toHaveAttribute('aria-expanded', 'false');
      await expect(openButton).toBeFocused();
      await expect(main).not.toHaveAttribute('inert');
      // Again: nothing more happens.
      await page.keyboard.press('Escape');
      await expect(openButton).toBeFocused();
      await expect(openButton).toHaveAttribute('aria-expanded', 'false');

      await page.keyboard.press('Enter');
      await expect(closeButton).toHaveAttribute('aria-expanded', 'true');
      await expectNoAxeViolations(page, { include: 'header' });
      const navigation = page.getByRole('navigation', { name: text(language, 'header.navigation') });
      await tabUntilFocused(page, navigation.getByRole('link', { name: text(language, 'header.login_business') }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/business$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
      await expect(openButton).toHaveAttribute('aria-expanded', 'false');
      await expect(main).not.toHaveAttribute('inert');
    });
  }
});

test.describe('show-password toggle', () => {
  for (const language of languages) {
    test(`${language}: says shown, then hidden, in its live region; nothing on load`, async ({ page }) => {
      await page.goto(`${base(language)}/`);
      await page.getByRole('button', { name: text(language, 'login.password_accordion') }).click();
      const password = page.getByLabel(text(language, 'login.password'), { exact: true });
      await password.fill('Sommerfugl-42');
      const announcement = page.locator('.password-input [aria-live="polite"]');
      await expect(announcement).toHaveText('');
      const show = page.getByRole('button', { name: text(language, 'login.show_password') });
      await expect(show).not.toHaveAttribute('aria-pressed');

      await show.focus();
      await page.keyboard.press('Enter');
      await expect(password).toHaveAttribute('type', 'text');
      await expect(announcement).toHaveText(text(language, 'login.password_shown'));
      const hide = page.getByRole('button', { name: text(language, 'login.hide_password') });
      await expect(hide).toBeFocused();
      await expect(hide).not.toHaveAttribute('aria-pressed');

      await page.keyboard.press('Space');
      await expect(password).toHaveAttribute('type', 'password');
      await expect(announcement).toHaveText(text(language, 'login.password_hidden'));
      await expect(show).toBeFocused();

      // Shown, then the form is sent (Enter in the field; the ID is missing): hidden again.
      await page.keyboard.press('Space');
      await expect(password).toHaveAttribute('type', 'text');
      await password.press('Enter');
      await expect(password).toHaveAttribute('type', 'password');
    });
  }
});

test('forced colours keep boxes, borders and icons; reduced motion stills the accordion and the dialog', async ({ page }) => {
  await page.goto(`${base('nb')}/`);
  await expectAppRunning(page);
  const style = (locator: Locator, property: string, pseudo?: string) =>
    locator.evaluate((element, [name, before]) => getComputedStyle(element, before).getPropertyValue(name as string), [property, pseudo] as const);

  const accordionContent = page.locator('.hds-accordion-item-content').first();
  expect(await style(accordionContent, 'transition-duration')).not.toMatch(/^0s(, 0s)*$/);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await style(accordionContent, 'transition-duration')).toMatch(/^0s(, 0s)*$/);

  await page.emulateMedia({ reducedMotion: 'reduce', forcedColors: 'active' });
  await page.getByRole('button', { name: text('nb', 'login.password_accordion') }).click();
  await page.getByRole('button', { name: text('nb', 'login.submit'), exact: true }).click();
  const summary = page.locator('.form-error-summary');
  await expect(summary).toBeVisible();
  expect(await style(summary, 'border-top-style')).toBe('solid');
  expect(await style(summary, 'border-top-width')).toBe('2px');
  const invalid = page.locator('.hds-input-group--error .hds-input-group__input-wrapper').first();
  expect(await style(invalid, 'border-top-style')).toBe('solid');
  expect(await style(invalid, 'border-top-width')).not.toBe('0px');
  // Invalid: a second line inside the border, as colour no longer tells it apart.
  expect(await style(invalid, 'outline-style')).toBe('solid');
  // The error icon is drawn in the text colour (CanvasText), not the forced background's.
  const message = page.locator('.hds-error-message:not(:empty)').first();
  expect(await style(message, 'mask-image', '::before')).toMatch(/^url\(/);
  expect(await style(message, 'background-color', '::before')).toBe(await style(message, 'color'));

  await page.getByRole('link', { name: text('nb', 'login.forgot_password') }).click();
  await page.getByRole('button', { name: text('nb', 'forgot.code_button') }).click();
  const dialog = page.getByRole('dialog', { name: text('nb', 'reset.dialog_title') });
  await expect(dialog).toBeVisible();
  expect(await style(dialog, 'border-top-style')).toBe('solid');
  expect(await style(dialog, 'border-top-width')).toBe('2px');
  expect(await style(dialog, 'animation-name')).toBe('none');
  expect(await style(dialog, 'animation-name', '::backdrop')).toBe('none');
  // Its cross is drawn in the button text colour, not Hedwig's black picture.
  const cross = dialog.getByRole('button', { name: text('nb', 'modal.close') });
  expect(await style(cross, 'background-image')).toBe('none');
  expect(await style(cross, 'mask-image', '::before')).toMatch(/^url\(/);
  expect(await style(cross, 'background-color', '::before')).not.toBe(await style(dialog, 'background-color'));
  await expectNoAxeViolations(page);

  // Without the preferences, Hedwig's own look and motion are back.
  await page.emulateMedia({ reducedMotion: 'no-preference', forcedColors: 'none' });
  expect(await style(dialog, 'border-top-style')).toBe('none');
  expect(await style(dialog, 'animation-name')).toBe('hds-modal-fade-in');
});
