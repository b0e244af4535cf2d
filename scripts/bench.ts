/**
 * `npm run bench`: builds the product and prints, per screen, the gzipped bytes of JavaScript and CSS
 * that its first load fetches (in nb).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { firstLoadBytes, measuredScreens, readManifest } from './first-load';

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, 'dist');

const build = spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const manifest = readManifest(distDir);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const rows = measuredScreens.map((screen) => {
  const bytes = firstLoadBytes(distDir, manifest, screen.module);
  return { screen: screen.name, path: screen.path, js: kb(bytes.js), css: kb(bytes.css), jsBytes: bytes.js, cssBytes: bytes.css };
});

console.log('\nFirst load, gzip (level 9), language nb:\n');
console.log(`| ${'screen'.padEnd(26)} | ${'path'.padEnd(36)} | ${'JS'.padStart(9)} | ${'CSS'.padStart(9)} |`);
console.log(`|${'-'.repeat(28)}|${'-'.repeat(38)}|${'-'.repeat(11)}|${'-'.repeat(11)}|`);
for (const row of rows) {
  console.log(`| ${row.screen.padEnd(26)} | ${row.path.padEnd(36)} | ${row.js.padStart(9)} | ${row.css.padStart(9)} |`);
}
