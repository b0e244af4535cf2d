/**
 * `npm run bench`: builds the product, then prints one row per main screen (in nb): the gzipped
 * JavaScript and CSS its first load fetches, and what Lighthouse 12 measures on it (mobile, simulated
 * throttling, Debian chromium, offline) against the real server with the emulator. Budgets of issue
 * #8 are checked and marked. Then load on loopback (issue #9, scripts/load.ts): the password login and
 * the static base route against our server, and the static route against Debian's nginx. The exit code
 * is 1 when a budget is broken or a load run had errors or timeouts.
 */
import path from 'node:path';
import { startNginx } from '../tests/e2e/support/nginx';
import { startServer } from '../tests/e2e/support/server';
import { readManifest } from '../server/manifest';
import { budgets, firstLoadBytes, measuredScreens } from './first-load';
import { buildFrontEnd, ensureChromium, ensureNginx, log, root } from './lib.mjs';
import { measureWithLighthouse, type LighthouseFigures } from './lighthouse';
import { loadPasswordLogin, loadStatic, type LoadFigures } from './load';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const started = Date.now();

buildFrontEnd();
ensureChromium();
ensureNginx();

const distDir = path.join(root, 'dist');
const manifest = readManifest(distDir);
const server = await startServer();
let figures: LighthouseFigures[];
const load: LoadFigures[] = [];
try {
  log(`Lighthouse, ${measuredScreens.length} screens × ${runs} runs (median kept)`);
  figures = await measureWithLighthouse(
    measuredScreens.map((screen) => `${server.url}${screen.path}`),
    runs,
  );
  log('Load: 200 connections, 20 s each (autocannon, loopback)');
  load.push(await loadPasswordLogin(server.url, '01817010055', 'Sommerfugl-42'));
  load.push(await loadStatic('static base route, our server', server.url));
  const nginx = await startNginx(server.url, distDir);
  try {
    load.push(await loadStatic('static base route, Debian nginx', nginx.url));
  } finally {
    await nginx.stop();
  }
} finally {
  await server.stop();
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const problems: string[] = [];
const check = (ok: boolean, text: string, problem: string) => {
  if (!ok) problems.push(problem);
  return ok ? text : `${text} ✗`;
};

const header = ['screen', 'JS gzip', 'CSS gzip', 'perf', 'a11y', 'best pr.', 'FCP', 'LCP', 'TBT', 'CLS'];
const rows = measuredScreens.map((screen, index) => {
  const bytes = firstLoadBytes(distDir, manifest, screen.modules);
  const jsBudget = index === 0 ? budgets.baseRouteJs : budgets.otherScreenJs;
  const lh = figures[index];
  const name = screen.name;
  return [
    name,
    check(bytes.js <= jsBudget, kb(bytes.js), `${name}: JS ${kb(bytes.js)} > ${kb(jsBudget)}`),
    kb(bytes.css),
    check(lh.performance >= 98, String(lh.performance), `${name}: performance ${lh.performance} < 98`),
    check(lh.accessibility === 100, String(lh.accessibility), `${name}: accessibility ${lh.accessibility} < 100`),
    // The not-found screen answers 404 on purpose, and Chrome logs that status as a console error: that
    // one line, and nothing else, is allowed to cost it the errors-in-console audit (marked "404").
    screen.answers404 && lh.bestPracticesLostOnlyToOwn404
      ? `${lh.bestPractices} (404)`
      : check(lh.bestPractices === 100, String(lh.bestPractices), `${name}: best practices ${lh.bestPractices} < 100`),
    `${(lh.fcpMs / 1000).toFixed(2)} s`,
    check(lh.lcpMs <= 1600, `${(lh.lcpMs / 1000).toFixed(2)} s`, `${name}: LCP ${Math.round(lh.lcpMs)} ms > 1600`),
    check(lh.tbtMs <= 100, `${Math.round(lh.tbtMs)} ms`, `${name}: TBT ${Math.round(lh.tbtMs)} ms > 100`),
    check(lh.cls <= 0.02, lh.cls.toFixed(3), `${name}: CLS ${lh.cls.toFixed(3)} > 0.02`),
  ];
});

const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
const line = (cells: string[]) =>
  `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join(' | ')} |`;
console.log(`\nFirst load and Lighthouse 12 (mobile, simulated Slow 4G, 4x CPU), language nb, ${new Date().toISOString().slice(0, 10)}:\n`);
console.log(line(header));
console.log(`|${widths.map((width, column) => (column === 0 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`);
for (const row of rows) console.log(line(row));
figures.forEach((lh, index) => {
  if (lh.failing.length > 0) console.log(`\n${measuredScreens[index].name}, audits below 0.9: ${lh.failing.join(', ')}`);
});
console.log('\nLoad on loopback, 200 connections, 20 s each (autocannon; client, server and nginx share the 2 cores):\n');
const loadHeader = ['run', 'req/s', 'p50', 'p99', 'requests', 'errors', 'timeouts', 'non-2xx'];
const loadRows = load.map((run) => [
  run.name,
  run.requestsPerSecond.toFixed(0),
  `${run.p50Ms} ms`,
  `${run.p99Ms} ms`,
  String(run.requests),
  check(run.errors === 0, String(run.errors), `${run.name}: ${run.errors} errors`),
  check(run.timeouts === 0, String(run.timeouts), `${run.name}: ${run.timeouts} timeouts`),
  check(run.non2xx === 0, String(run.non2xx), `${run.name}: ${run.non2xx} non-2xx answers`),
]);
const loadWidths = loadHeader.map((title, column) => Math.max(title.length, ...loadRows.map((row) => row[column].length)));
const loadLine = (cells: string[]) =>
  `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(loadWidths[column]) : cell.padStart(loadWidths[column]))).join(' | ')} |`;
console.log(loadLine(loadHeader));
console.log(`|${loadWidths.map((width, column) => (column === 0 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`);
for (const row of loadRows) console.log(loadLine(row));
const ours = load.find((run) => run.name.endsWith('our server'));
const nginxRun = load.find((run) => run.name.endsWith('nginx'));
if (ours && nginxRun)
  console.log(`\nStatic base route: nginx serves ${(nginxRun.requestsPerSecond / ours.requestsPerSecond).toFixed(1)}× the requests per second of our server.`);
console.log(`\nBench took ${Math.round((Date.now() - started) / 1000)} s.`);
if (problems.length > 0) {
  console.log(`\nOver budget:\n${problems.map((problem) => `  ✗ ${problem}`).join('\n')}`);
  process.exitCode = 1;
}
