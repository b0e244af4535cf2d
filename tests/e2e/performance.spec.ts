import { readFileSync } from 'node:fs';
import path from 'node:path';
import { firstLoadBytes, firstLoadLimit, measuredScreens } from '../../scripts/first-load';
import { readManifest, screenFirstLoadFiles } from '../../server/manifest';
import { base, expect, expectNoAxeViolations, languages, test, text, viewports } from './support/fixtures';
import { mainScreens } from './support/main-screens';

const distDir = path.resolve(import.meta.dirname, '..', '..', 'dist');

test.describe('first-load budget (issue #8)', () => {
  test('every main screen loads at most 125 KiB of gzipped JavaScript first, in every language (issue #52; the app password page: decision 029)', () => {
    const manifest = readManifest(distDir);
    for (const language of languages) {
      for (const screen of measuredScreens) {
        const { js } = firstLoadBytes(distDir, manifest, screen.modules, language);
        expect(js, `${screen.name} (${language}): ${js} gzip bytes of first-load JavaScript`).toBeLessThanOrEqual(firstLoadLimit(screen.name));
      }
    }
  });

  test('React and React Router, whose code nearly all runs at start, are marked for eager compilation', () => {
    // V8 then compiles them while they download, off the main thread (docs/decisions/008).
    const manifest = readManifest(distDir);
    for (const name of ['react', 'react-router']) {
      const chunks = Object.values(manifest).filter((chunk) => chunk.name === name);
      expect(chunks, `one ${name} chunk`).toHaveLength(1);
      const firstLine = readFileSync(path.join(distDir, chunks[0].file), 'utf8').split('\n', 1)[0];
      expect(firstLine, `${chunks[0].file} starts with the compile hint`).toBe('//# allFunctionsCalledOnLoad');
    }
  });

  test('the reset wizard, the common-password list and the error-reporting SDK are in no first load', () => {
    const manifest = readManifest(distDir);
    const lazyOnly = ['src/features/password-reset/reset-wizard.tsx', 'virtual:common-passwords', 'node_modules/@sentry/browser/build/npm/esm/prod/index.js'];
    for (const key of lazyOnly) expect(manifest[key], `${key} is its own chunk`).toBeDefined();
    for (const screen of measuredScreens) {
      const { js } = screenFirstLoadFiles(manifest, 'nb', screen.modules);
      for (const key of lazyOnly) expect(js, `${screen.name} loads ${key} on first paint`).not.toContain(manifest[key].file);
    }
  });
});

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });
  for (const language of languages) {
    test(`every main screen shows its heading and says JavaScript is needed (${language})`, async ({ page, consoleGuard }) => {
      consoleGuard.allow(/status of 404/);
      for (const [index, visit] of mainScreens.entries()) {
        await page.setViewportSize(index % 2 === 0 ? viewports.phone : viewports.desktop);
        await page.goto(`${base(language)}${visit.path}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, visit.heading));
        // Prerendered screens are all there, with the note in a region above them; the others show the
        // note in their main area.
        const note = page.getByRole('region', { name: 'JavaScript' });
        await expect((await note.count()) > 0 ? note : page.getByRole('main')).toContainText(text(language, 'app.noscript'));
        await expect(page).toHaveTitle(/– Digipost$/);
      }
    });
  }
});

// axe needs script in the page, so the markup a browser without JavaScript shows is checked in one
// with it: the same HTML with the <noscript> content unwrapped (the note, and in <head> the stylesheet)
// and the app's scripts, the boot script among them, left out.
test.describe('what a browser without JavaScript shows', () => {
  for (const language of languages) {
    test(`passes axe on every main screen (${language})`, async ({ page, request, consoleGuard }) => {
      consoleGuard.allow(/status of 404/);
      for (const visit of mainScreens) {
        const url = `${base(language)}${visit.path}`;
        const html = (await (await request.get(url)).text())
          .replace(/<script type="module"[^>]*><\/script>/g, '')
          .replace(/<script>[\s\S]*?<\/script>/g, '')
          .replace(/<link rel="modulepreload"[^>]*>/g, '')
          .replace(/<\/?noscript[^>]*>/g, '');
        await page.route(`**${url}`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, visit.heading));
        await expectNoAxeViolations(page);
        await page.unrouteAll();
      }
    });
  }
});
