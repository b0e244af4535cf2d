/**
 * The layout on a phone, 375 px wide (issue #50), measured in the browser: every primary button as
 * wide as its column, the password form in the private login's accordion not indented under the
 * heading's chevron (its warnings no narrow column), the strength bar as wide as the password field
 * (on the desktop too, where it was narrower), and the reset wizard's Back a link at the top of each
 * step, before the dialog's title and the step's heading, reached by keyboard and going back a step.
 * axe runs at every visit.
 */
import type { Locator, Page } from '@playwright/test';
import type { ScreenName } from '../../src/screens/screens';
import { base, expect, expectNoAxeViolations, freshPerson, test, text, viewports } from './support/fixtures';
import { mainScreens } from './support/main-screens';
import { atStep, dialog, identify, openWizard, toNewPasswordStep } from './support/reset-wizard';
import { visitScreen, visits } from './support/visits';

test.use({ viewport: viewports.phone });

/** Pixels a measure may be off by (sub-pixel widths, rounded). */
const slack = 1;

/**
 * Each visible primary button in `scope`, with its width and its column's: the content box (without
 * padding) of the dialog's content or of <main>, whichever holds it.
 */
function primaryButtons(scope: Locator) {
  return scope.locator('.hds-button--primary:visible').evaluateAll((buttons) =>
    buttons.map((button) => {
      const column = button.closest('.hds-modal__content, main') as HTMLElement;
      const style = getComputedStyle(column);
      return {
        button: button.textContent?.trim(),
        width: button.getBoundingClientRect().width,
        column: column.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight),
      };
    }),
  );
}

async function expectFullWidthPrimaries(scope: Locator, at: string) {
  const found = await primaryButtons(scope);
  expect(found.length, `a primary button on ${at}`).toBeGreaterThan(0);
  for (const { button, width, column } of found)
    expect(Math.abs(width - column), `"${button}" (${width} px) on ${at}, in a column of ${column} px`).toBeLessThanOrEqual(slack);
}

const left = async (locator: Locator) => (await locator.boundingBox())?.x ?? Number.NaN;
const width = async (locator: Locator) => (await locator.boundingBox())?.width ?? Number.NaN;

/** Screens of the main ones with a primary button when first shown (the others have only links or secondary ones). */
const withPrimary: ScreenName[] = ['privateLogin', 'forgotPassword', 'logout', 'loginError', 'mobilePasswordLogin'];

for (const { name } of mainScreens.filter((screen) => withPrimary.includes(screen.name))) {
  test(`${name}: every primary button is as wide as its column`, async ({ page, consoleGuard }) => {
    const visit = visits[name];
    if (visit.allowConsole) consoleGuard.allow(visit.allowConsole);
    const { release } = await visitScreen(page, 'nb', name);
    release();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('main .hds-button--primary:visible').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await expectFullWidthPrimaries(page.locator('main'), name);
  });
}

/** The private login with its password accordion open. */
async function openPasswordForm(page: Page) {
  await page.goto(`${base('nb')}/`);
  await page.getByRole('button', { name: text('nb', 'login.password_accordion') }).click();
  const nationalId = page.getByLabel(text('nb', 'login.national_id'));
  await expect(nationalId).toBeVisible();
  return nationalId;
}

test('the password form in the accordion: not indented under the heading, its warning as wide as the column, its button too', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 403/);
  const person = await freshPerson(page.request);
  const nationalId = await openPasswordForm(page);
  const heading = page.getByRole('button', { name: text('nb', 'login.password_accordion') });
  const fieldBox = page.locator('.password-login .hds-input-group__input-wrapper').first();
  expect(Math.abs((await left(fieldBox)) - (await left(heading))), 'the field under the heading, not indented').toBeLessThanOrEqual(4);
  expect(Math.abs((await width(fieldBox)) - (await width(heading)))).toBeLessThanOrEqual(slack);

  await nationalId.fill(person.nationalId);
  await page.getByLabel(text('nb', 'login.password'), { exact: true }).fill('Feil-passord-1');
  await page.getByRole('button', { name: text('nb', 'login.submit'), exact: true }).click();
  const warning = page.getByRole('alert').filter({ hasText: text('nb', 'login.wrong_password_title') });
  await expect(warning).toBeVisible();
  expect(Math.abs((await left(warning)) - (await left(heading)))).toBeLessThanOrEqual(4);
  expect(Math.abs((await width(warning)) - (await width(heading)))).toBeLessThanOrEqual(slack);
  await expectNoAxeViolations(page);
  await expectFullWidthPrimaries(page.locator('main'), 'the private login, password form open');
});

test('the strength bar is as wide as the password field, on a phone and on a desktop', async ({ page, request }) => {
  await toNewPasswordStep(page, request, 'nb', await freshPerson(request));
  const bar = dialog(page, 'nb').locator('.strength-meter__bar');
  const field = dialog(page, 'nb')
    .locator('.hds-input-group__input-wrapper')
    .filter({ has: page.locator('#reset-new-password') });
  await expectNoAxeViolations(page);
  for (const size of [viewports.phone, viewports.desktop]) {
    await page.setViewportSize(size);
    await expect.poll(async () => Math.abs((await width(bar)) - (await width(field))), `bar and field at ${size.width} px`).toBeLessThanOrEqual(slack);
    expect(Math.abs((await left(bar)) - (await left(field)))).toBeLessThanOrEqual(slack);
  }
  await page.setViewportSize(viewports.phone);
  await expectFullWidthPrimaries(dialog(page, 'nb'), 'step 4');
});

for (const language of ['nb', 'nn'] as const) {
  test(`${language}: the reset's Back is a link at the top of the step, reached by keyboard, back a step`, async ({ page, request }) => {
    const person = await freshPerson(request);
    await openWizard(page, language);
    const wizard = dialog(page, language);
    // Step 1 has no way back but the cross.
    await expect(wizard.getByRole('link', { name: text(language, 'reset.back') })).toHaveCount(0);
    await expect(wizard.getByRole('button', { name: text(language, 'reset.back') })).toHaveCount(0);
    await identify(page, language, person);
    await atStep(page, language, 'email-code', 'reset.email_heading');
    await expectNoAxeViolations(page);

    const back = wizard.getByRole('link', { name: text(language, 'reset.back') });
    await expect(back).toBeVisible();
    await expect(back).toHaveAttribute('href', /[?&]step=phone$/);
    // Before the dialog's title and the step's heading, and at the top: above them on the screen too.
    const stepHeading = wizard.getByRole('heading', { level: 3 });
    const before = await back.evaluate(
      (link, headings) => headings.every((heading) => Boolean(link.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING)),
      [await wizard.getByRole('heading', { level: 2 }).elementHandle(), await stepHeading.elementHandle()],
    );
    expect(before, 'the Back link comes before the headings').toBe(true);
    const backBox = await back.boundingBox();
    const titleBox = await wizard.getByRole('heading', { level: 2 }).boundingBox();
    expect((backBox?.y ?? Number.NaN) + (backBox?.height ?? 0)).toBeLessThanOrEqual(titleBox?.y ?? Number.NaN);
    // No Back button at the bottom any more; Next alone, as wide as the dialog.
    await expect(wizard.getByRole('button', { name: text(language, 'reset.back') })).toHaveCount(0);
    await expectFullWidthPrimaries(wizard, 'step 2');

    // By keyboard: from the step's heading (focused on arrival), back to the link, and Enter.
    await expect(stepHeading).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(back).toBeFocused();
    await page.keyboard.press('Enter');
    await atStep(page, language, 'phone', 'reset.identify_heading');
    await expect(wizard.getByLabel(text(language, 'reset.phone'))).toHaveValue(person.phone);
    await expectNoAxeViolations(page);
    // It was the history's Back (decision 017): Forward goes to step 2 again.
    await page.goForward();
    await atStep(page, language, 'email-code', 'reset.email_heading');
  });
}
