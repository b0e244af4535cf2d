/**
 * The chatbot loaded on demand, and analytics queued until their script has loaded, against the
 * emulator's stand-ins (/dev/chatbot/widget.js, /dev/analytics/analytics.js, /dev/api/analytics).
 * Other specs share the emulator: recorded analytics are filtered by a marker unique to each test.
 */
import type { Page } from '@playwright/test';
import { startAppLogin } from './support/app-client';
import { recorded, recordedWith, uniqueMarker } from './support/analytics';
import { base, expect, expectNoAxeViolations, freshPerson, test, text } from './support/fixtures';

function chatButton(page: Page, language: 'nb' | 'en') {
  return page.getByRole('contentinfo').getByRole('button', { name: text(language, 'footer.chatbot') });
}

test.describe('chatbot', () => {
  for (const [language, lang, placeholder, answer] of [
    ['nb', 'no', 'Skriv en melding', /Takk for meldingen!/],
    ['en', 'en', 'Write a message', /Thanks for your message!/],
  ] as const) {
    test(`${language}: loads on demand with ?lang=${lang} and opens an accessible chat`, async ({ page }) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/dev/chatbot/widget.js')) scripts.push(request.url());
      });
      await page.goto(`${base(language)}/`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'login.heading'));
      expect(scripts).toEqual([]);

      await chatButton(page, language).click();
      const chat = page.getByRole('dialog', { name: 'Digipost chat' });
      await expect(chat).toBeVisible();
      expect(scripts).toHaveLength(1);
      expect(new URL(scripts[0]).search).toBe(`?lang=${lang}`);
      await expect(chat.getByRole('heading', { name: 'Digipost chat' })).toBeVisible();
      await expectNoAxeViolations(page);

      await chat.getByLabel(placeholder).fill('Hei');
      await chat.getByRole('button', { name: 'Send' }).click();
      await expect(chat.getByRole('log')).toContainText(answer);

      await chat.getByRole('button', { name: language === 'en' ? 'Close the chat' : 'Lukk chatten' }).click();
      await expect(chat).toBeHidden();
      // Once loaded, it opens again without loading the script again.
      await chatButton(page, language).click();
      await expect(chat).toBeVisible();
      expect(scripts).toHaveLength(1);
    });
  }

  test('a failed load is told politely, and pressing again retries', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/Failed to load resource/);
    await page.route('**/dev/chatbot/widget.js*', (route) => route.abort());
    await page.goto(`${base('en')}/`);
    await chatButton(page, 'en').click();
    await expect(page.getByRole('status').filter({ hasText: text('en', 'chatbot.failed') })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Digipost chat' })).toHaveCount(0);

    await page.unroute('**/dev/chatbot/widget.js*');
    await chatButton(page, 'en').click();
    await expect(page.getByRole('dialog', { name: 'Digipost chat' })).toBeVisible();
    await expect(page.getByText(text('en', 'chatbot.failed'))).toHaveCount(0);
  });
});

test.describe('analytics', () => {
  test('events tracked before the script has loaded arrive in order once it has', async ({ page, request }) => {
    const marker = uniqueMarker();
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/dev/analytics/analytics.js', async (route) => {
      await released;
      await route.continue();
    });
    const scriptRequested = page.waitForRequest('**/dev/analytics/analytics.js');
    await page.goto(`${base('nb')}/?run=${marker}`);
    await scriptRequested;

    const accordion = page.getByRole('button', { name: text('nb', 'login.password_accordion') });
    await accordion.click();
    await expect(accordion).toHaveAttribute('aria-expanded', 'true');
    await accordion.click();
    await expect(accordion).toHaveAttribute('aria-expanded', 'false');
    await accordion.click();
    await expect(accordion).toHaveAttribute('aria-expanded', 'true');
    await page.waitForTimeout(800);
    expect(await recordedWith(request, marker)).toEqual([]);

    release();
    await expect
      .poll(async () => (await recordedWith(request, marker)).map((event) => event.action))
      .toEqual(['accordion open', 'accordion close', 'accordion open']);
    const [first] = await recordedWith(request, marker);
    expect(first).toMatchObject({ category: 'login-private-user-password', label: 'password login' });

    // After the flush, events go straight through.
    await page.getByRole('link', { name: text('nb', 'login.register') }).evaluate((link) => {
      link.addEventListener('click', (event) => event.preventDefault());
    });
    await page.getByRole('link', { name: text('nb', 'login.register') }).click();
    await expect.poll(async () => (await recordedWith(request, marker)).map((event) => event.action)).toContain('link click');
  });

  test('events carry no national ID number or token', async ({ page, request, consoleGuard }) => {
    consoleGuard.allow(/status of 403/);
    const marker = uniqueMarker();
    const token = `tok${marker}secret`;
    // A person of its own: the wrong password below counts towards a lockout (issue 15).
    const { nationalId } = await freshPerson(page.request);
    await page.goto(`${base('nb')}/?run=${marker}&token=${token}&code=${token}`);
    await page.getByRole('button', { name: text('nb', 'login.password_accordion') }).click();
    await page.getByLabel(text('nb', 'login.national_id')).fill(nationalId);
    await page.getByLabel(text('nb', 'login.password'), { exact: true }).fill('wrong-password-1');
    await page.getByRole('button', { name: text('nb', 'login.submit'), exact: true }).click();
    await expect.poll(async () => (await recordedWith(request, marker)).map((event) => event.action)).toEqual(['accordion open', 'button click']);
    const events = await recordedWith(request, marker);
    expect(events[0].url).toContain('token=[token]');
    for (const event of events) {
      const sent = JSON.stringify(event);
      expect(sent).not.toContain(token);
      expect(sent).not.toContain(nationalId);
      expect(sent).not.toContain(nationalId.slice(0, 6));
    }

    // The mobile password login has the token in its path: nothing recorded may contain it or the ID.
    const mobileToken = (await startAppLogin(request)).token;
    await page.goto(`/innlogging/mobileLogin/${mobileToken}/password`);
    await page.getByLabel(text('nb', 'login.national_id')).fill(nationalId);
    await page.waitForTimeout(1500);
    const everything = JSON.stringify(await recorded(request));
    expect(everything).not.toContain(mobileToken);
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(nationalId);
  });
});
