// `npm run screenshots`: every screen in nb, nn and en at phone and desktop width, as PNG files in
// docs/screenshots/<screen>-<language>-<phone|desktop>.png. It runs the route tests of the end-to-end
// suite (the same visits, the same axe checks) against the built app with the emulator, and saves a
// picture of each visit.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt, ensureChromium, ensureInstalled, log, root, run } from './lib.mjs';

ensureInstalled();
ensureChromium();
ensureBuilt();
const dir = path.join(root, 'docs', 'screenshots');
mkdirSync(dir, { recursive: true });
log(`Screenshots of every screen into ${path.relative(root, dir)}/`);
run(path.join(root, 'node_modules', '.bin', 'playwright'), ['test', 'tests/e2e/routes.spec.ts', '--reporter=line'], {
  env: { ...process.env, SCREENSHOTS_DIR: dir },
});
