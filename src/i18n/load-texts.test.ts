import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nbLater } from './later/nb';
import { nb } from './nb';
import { nbPage } from './page/nb';
import { loadAllTexts, loadLaterTexts, loadTexts } from './texts';

describe('loading the texts in the browser', () => {
  it('gives a page its part first, and the later part into the same table when a part loaded later asks', async () => {
    const texts = await loadTexts('en');
    expect(Object.keys(texts).sort()).toEqual(Object.keys(nbPage).sort());
    expect(texts).not.toHaveProperty('wrong_role.body');

    await loadLaterTexts();
    expect(Object.keys(texts).sort()).toEqual(Object.keys(nb).sort());
    expect(texts['wrong_role.logout']).toBe('Log out');
    // Once: a second part asking again gets the same promise.
    expect(loadLaterTexts()).toBe(loadLaterTexts());
  });

  it('every text at once for the prerender, in each language', async () => {
    for (const language of ['nb', 'nn', 'en'] as const) expect(Object.keys(await loadAllTexts(language)).sort()).toEqual(Object.keys(nb).sort());
  });

  it('splits the texts in two parts that share no key', () => {
    expect(Object.keys(nbPage).filter((key) => key in nbLater)).toEqual([]);
  });
});

/**
 * The modules that name a later text, and the lazy boundary each loads behind, which awaits
 * loadLaterTexts (router.tsx routesWithLaterTexts, root-layout.tsx, lazy-wrong-role-dialog.tsx,
 * forgot-password.tsx). A module on this list rendered before its boundary would show a key; a new
 * module naming a later text fails here until it is placed behind one (or its text moves to page/).
 */
const behindBoundary: Record<string, string> = {
  'features/email-verification/email-verification-result.tsx': 'routes email-verification-done and -failed',
  'features/mobile/consent-step.tsx': 'routes/mobile-success.tsx (lazy, with loadLaterTexts)',
  'errors/password-rules.ts': 'the reset wizard (a rule text at its field)',
  'errors/reset.ts': 'the reset wizard',
  'features/password-reset/reset-journey.ts': 'the reset wizard',
  'features/password-reset/reset-machine.ts': 'the reset wizard',
  'features/password-reset/reset-wizard.tsx': 'the reset wizard (forgot-password.tsx)',
  'features/password-reset/steps/code-step.tsx': 'the reset wizard',
  'features/password-reset/steps/done-step.tsx': 'the reset wizard',
  'features/password-reset/steps/identify-step.tsx': 'the reset wizard',
  'features/password-reset/steps/new-password-step.tsx': 'the reset wizard',
  'features/password-reset/steps/step-parts.tsx': 'the reset wizard',
  'features/password-strength/password-rules.ts': 'the reset wizard (keys only; the strength meter shows them)',
  'features/password-strength/strength-meter.tsx': 'the reset wizard',
  'features/session/wrong-role-dialog.tsx': 'lazy-wrong-role-dialog.tsx',
  'features/status-banner/select-banner.ts': 'the status banner (root-layout.tsx)',
  'features/status-banner/status-banner.tsx': 'root-layout.tsx',
  'routes/admin.tsx': 'router.tsx routesWithLaterTexts',
  'routes/email-verification.tsx': 'router.tsx routesWithLaterTexts',
  // Its one later text shows after the consent question, which the flow asks only after loadLaterTexts.
  'routes/mobile-success.tsx': 'the approve flow awaits loadLaterTexts before it asks',
  // Title and heading keys: the browser's build drops them (build/browser-manifest-plugin.ts).
  'screens/manifest.ts': 'none needed: the server and the build read these keys',
  'test-support/reset-wizard.tsx': 'none needed: tests only, with every text loaded',
  'ui/modal.tsx': 'its users, the reset wizard and the wrong-role dialog',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'i18n' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('later texts are named only behind a boundary that loads them', () => {
  it('the modules naming one are exactly the known ones', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const laterKeys = Object.keys(nbLater);
    const naming = sourceFiles(src)
      .filter((file) => {
        const code = readFileSync(file, 'utf8');
        return laterKeys.some((key) => code.includes(`'${key}'`)) || /`(password|reset|status|wrong_role|email_verify|admin|modal)\.\$\{/.test(code);
      })
      .map((file) => path.relative(src, file).split(path.sep).join('/'))
      .sort();
    expect(naming).toEqual(Object.keys(behindBoundary).sort());
  });
});
