import path from 'node:path';
import { chromium } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { measuredScreens } from './first-load';
import { gzipBytes } from '../server/manifest';
import { startServer } from '../tests/e2e/support/server';
import { chromiumFlags } from './lib.mjs';

const distDir = path.resolve('dist');
const server = await startServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumFlags });
const only = process.argv[2];
for (const screen of measuredScreens) {
  if (only && screen.name !== only) continue;
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const got: { file: string; bytes: number; t: number }[] = [];
  let lastAsked = Date.now();
  page.on('request', () => {
    lastAsked = Date.now();
  });
  const start = Date.now();
  page.on('response', async (response) => {
    const url = response.url();
    if (!/\.m?js$/.test(new URL(url).pathname) && response.request().resourceType() !== 'script') return;
    const own = new URL(url).pathname.match(/\/innlogging\/(assets\/[^/]+\.js)$/)?.[1];
    const bytes = own ? gzipBytes(distDir, [own]) : gzipSync(await response.body(), { level: 9 }).length;
    got.push({ file: own ?? url, bytes, t: Date.now() - start });
  });
  await page.goto(screen.path);
  while (Date.now() - lastAsked < 3000) await page.waitForTimeout(300);
  const unique = [...new Map(got.map((g) => [g.file, g])).values()];
  const total = unique.reduce((s, g) => s + g.bytes, 0);
  console.log(`\n## ${screen.name}: ${(total / 1024).toFixed(2)} KiB (${total} B) in ${unique.length}`);
  for (const g of unique.sort((a, b) => b.bytes - a.bytes)) console.log(`  ${String(g.bytes).padStart(7)}  ${String(g.t).padStart(5)}ms  ${g.file}`);
  await context.close();
}
await browser.close();
await server.stop();
