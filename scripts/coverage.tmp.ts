import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { startServer } from '../tests/e2e/support/server';
import { chromiumFlags } from './lib.mjs';
import { measuredScreens } from './first-load';

const server = await startServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumFlags });
const names = process.argv.slice(2);
const unusedBySource = new Map<string, number>();
for (const screen of measuredScreens.filter((s) => names.includes(s.name))) {
  const page = await browser.newPage({ baseURL: server.url });
  await page.coverage.startJSCoverage({ resetOnNavigation: false });
  await page.goto(screen.path);
  await page.waitForTimeout(4000);
  const cov = await page.coverage.stopJSCoverage();
  for (const entry of cov) {
    const m = entry.url.match(/assets\/(common-[^/]+\.js)$/);
    if (!m) continue;
    const code = entry.source ?? '';
    // used ranges: block coverage; mark count>0 innermost
    const used = new Uint8Array(code.length);
    for (const fn of entry.functions) for (const r of fn.ranges) used.fill(r.count > 0 ? 1 : 0, r.startOffset, r.endOffset);
    const map = new SourceMapConsumer(JSON.parse(readFileSync(`dist-sourcemaps/assets/${m[1]}.map`, 'utf8')));
    const lineStarts = [0];
    for (let i = 0; i < code.length; i++) if (code[i] === '\n') lineStarts.push(i + 1);
    let prev: { off: number; src: string } | null = null;
    const seg: { off: number; src: string }[] = [];
    map.eachMapping((mm) => seg.push({ off: lineStarts[mm.generatedLine - 1] + mm.generatedColumn, src: mm.source ?? '?' }));
    seg.sort((a, b) => a.off - b.off);
    for (let i = 0; i < seg.length; i++) {
      const end = i + 1 < seg.length ? seg[i + 1].off : code.length;
      let unused = 0;
      for (let k = seg[i].off; k < end; k++) if (!used[k]) unused++;
      const key = `${screen.name} ${seg[i].src.replace(/.*node_modules\//, 'nm/').replace(/.*\/src\//, 'src/')}`;
      unusedBySource.set(key, (unusedBySource.get(key) ?? 0) + unused);
    }
    void prev;
  }
  await page.close();
}
for (const [k, v] of [...unusedBySource].sort((a, b) => b[1] - a[1]).slice(0, 45)) console.log(String(v).padStart(6), k);
await browser.close();
await server.stop();
