/**
 * `npm run bench` (not in CI: timings stay out of pass/fail tests). Builds the product when its sources
 * changed, then prints one row per main screen (in nb) and server, our Node server with the emulator and
 * Debian's nginx serving the build over plain http on loopback (the API proxied to the Node server):
 *
 * - the bytes of the page (HTML as served, gzip) and of its first load (JavaScript and CSS gzip, fonts
 *   woff2; from Vite's manifest, as the budget test weighs them);
 * - the JavaScript the page fetched within 10 s of the navigation's start with no input, prefetches
 *   included (issue #52): which scripts from Lighthouse's network records, each request counted from
 *   its start (scripts/fetched-scripts.ts); each weighed as the other columns are, gzip level 9 of the
 *   body as served (fetched once more after the runs), not the record's transfer size, which is
 *   brotli here and carries some 1.6 KB of response headers per file; the median of the runs' sums, and
 *   how many files;
 * - Lighthouse 12, mobile defaults (simulated Slow 4G, 4x CPU): the LCP of the page and of its
 *   script-free twin (the same page through a proxy that takes its scripts out, scripts/twin-proxy.ts:
 *   the floor that the HTML, styles and fonts set) and their ratio, performance score, TBT and CLS; the median of BENCH_RUNS runs
 *   (default 5), interleaved: page, twin, page, twin… across every screen and server, so a noisy minute
 *   on this shared machine hits all cells alike;
 * - the budgets of issue #21 item 5, ✓ or ✗: LCP ≤ 1.0 s, LCP ≤ 1.05 × twin, CLS 0 (in every run),
 *   TBT ≤ 50 ms, performance 100; and the first-load JavaScript budget of issue #8.
 *
 * Then load on loopback (autocannon, scripts/load.ts): the password login and the static base route
 * against our server, and the static route against nginx. The exit code is 1 when a budget is broken
 * or a load run had errors or timeouts.
 *
 * Arguments: --baseline <dir>, more than once for several: another checkout, built, whose Node server
 * joins the interleaving as "node B" (then "node C"…): an A/B of builds
 * (`npm run bench -- --baseline ../innlogging-before`).
 *
 * Environment: BENCH_RUNS (runs per cell), BENCH_SCREENS (names from scripts/first-load.ts, comma
 * separated), BENCH_SERVERS (node, nginx), BENCH_LOAD=0 (skip the load part), BENCH_COMPARE (baselines
 * as --baseline, comma separated; they come before those of the arguments), BENCH_JSON (a file for
 * every run's figures).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { readManifest } from '../server/manifest';
import { startNginx } from '../tests/e2e/support/nginx';
import { startServer } from '../tests/e2e/support/server';
import { scriptFigures } from './fetched-scripts';
import { firstLoadBytes, firstLoadLimit, fontBytes, mainScreenNames, measuredScreens } from './first-load';
import { ensureBuilt, ensureChromium, ensureNginx, log, root } from './lib.mjs';
import { launchLighthouse, median, type LighthouseRun } from './lighthouse';
import { loadPasswordLogin, loadStatic, type LoadFigures } from './load';
import { startTwinProxy } from './twin-proxy';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const screenFilter = list(process.env.BENCH_SCREENS);
const unknownScreens = screenFilter.filter((name) => !(mainScreenNames as readonly string[]).includes(name));
if (unknownScreens.length > 0) throw new Error(`BENCH_SCREENS: no main screen ${unknownScreens.join(', ')} (${mainScreenNames.join(', ')})`);
const screens = screenFilter.length > 0 ? measuredScreens.filter((screen) => screenFilter.includes(screen.name)) : measuredScreens;
const serverNames = list(process.env.BENCH_SERVERS ?? 'node,nginx');
const unknownServers = serverNames.filter((name) => name !== 'node' && name !== 'nginx');
if (unknownServers.length > 0) throw new Error(`BENCH_SERVERS: ${unknownServers.join(', ')}? (node, nginx)`);
const withLoad = process.env.BENCH_LOAD !== '0';
const { values: options } = parseArgs({ options: { baseline: { type: 'string', multiple: true } } });
const compare = [...list(process.env.BENCH_COMPARE), ...(options.baseline ?? [])].map((dir) => path.resolve(dir));
for (const checkout of compare) {
  if (!existsSync(path.join(checkout, 'dist', 'index.html')) || !existsSync(path.join(checkout, 'node_modules', '.bin', 'tsx')))
    throw new Error(`baseline ${checkout}: not a built checkout (dist/index.html and node_modules/ wanted: npm ci && npm run build there)`);
}
const started = Date.now();

/** A file as the server sends it to a client that takes no compression, gzip level 9, as gzipBytes weighs the first load. */
async function gzipBytesOf(url: string): Promise<number> {
  const response = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
  if (!response.ok) throw new Error(`${url}: ${response.status} when weighed again`);
  return gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
}

/** The page as a browser asking for gzip gets it: its bytes on the wire (the body, compressed if the server did). */
function servedBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers: { 'Accept-Encoding': 'gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

ensureBuilt();
ensureChromium();
if (serverNames.includes('nginx') || withLoad) ensureNginx();

const distDir = path.join(root, 'dist');
const manifest = readManifest(distDir);
const stops: (() => Promise<void>)[] = [];
const servers: { name: string; url: string; twinUrl?: string }[] = [];
const results: { screen: string; server: string; page: LighthouseRun[]; twin: LighthouseRun[]; htmlBytes: number }[] = [];
const load: LoadFigures[] = [];
/** The gzip bytes of every script a page run fetched, by URL (each server's own). */
const scriptBytes = new Map<string, number>();
let lighthouse: Awaited<ReturnType<typeof launchLighthouse>> | undefined;
try {
  // The Node server is the API upstream of nginx, so it runs in any case.
  const node = await startServer();
  stops.push(node.stop);
  if (serverNames.includes('node')) servers.push({ name: 'node', url: node.url });
  for (const [index, checkout] of compare.entries()) {
    const other = await startServer({}, undefined, { root: checkout });
    stops.push(other.stop);
    servers.push({ name: `node ${String.fromCharCode(66 + index)}`, url: other.url });
  }
  let nginxUrl: string | undefined;
  if (serverNames.includes('nginx') || withLoad) {
    const nginx = await startNginx(node.url);
    stops.push(nginx.stop);
    nginxUrl = nginx.url;
    if (serverNames.includes('nginx')) servers.push({ name: 'nginx', url: nginx.url });
  }
  for (const server of servers) {
    const twin = await startTwinProxy(server.url);
    stops.push(twin.stop);
    server.twinUrl = twin.url;
  }
  for (const screen of screens)
    for (const server of servers)
      results.push({ screen: screen.name, server: server.name, page: [], twin: [], htmlBytes: await servedBytes(`${server.url}${screen.path}`) });

  log(`Lighthouse: ${screens.length} screens × ${servers.length} servers × ${runs} runs of page and twin, interleaved`);
  lighthouse = await launchLighthouse();
  for (let run = 0; run < runs; run += 1) {
    for (const screen of screens) {
      for (const server of servers) {
        const cell = results.find((result) => result.screen === screen.name && result.server === server.name)!;
        cell.page.push(await lighthouse.run(`${server.url}${screen.path}`, false));
        cell.twin.push(await lighthouse.run(`${server.twinUrl}${screen.path}`, true));
      }
    }
    log(`run ${run + 1} of ${runs} done (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  lighthouse.close();
  lighthouse = undefined;
  for (const run of results.flatMap((result) => result.page)) {
    for (const url of run.scripts ?? []) if (!scriptBytes.has(url)) scriptBytes.set(url, await gzipBytesOf(url));
  }

  if (withLoad && nginxUrl) {
    log('Load: 200 connections, 20 s each (autocannon, loopback)');
    load.push(await loadPasswordLogin(node.url, '01817010055', 'Sommerfugl-42'));
    load.push(await loadStatic('static base route, our server', node.url));
    load.push(await loadStatic('static base route, Debian nginx', nginxUrl));
  }
} finally {
  lighthouse?.close();
  for (const stop of stops.reverse()) await stop();
}

if (process.env.BENCH_JSON)
  writeFileSync(
    process.env.BENCH_JSON,
    JSON.stringify({ date: new Date().toISOString(), runs, results, scriptBytes: Object.fromEntries(scriptBytes), load }, null, 2),
  );

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'no paint');
/** A median LCP, and how many runs painted at all when some did not (NO_FCP, NO_LCP). */
const withPaints = (ms: number, painted: number, of: number) =>
  painted === 0 ? 'no paint' : `${seconds(ms)}${painted < of ? ` (${painted} of ${of} painted)` : ''}`;
const problems: string[] = [];
const check = (ok: boolean, text: string, problem: string) => {
  if (!ok) problems.push(problem);
  return `${text} ${ok ? '✓' : '✗'}`;
};

/** A Markdown table: the first `textColumns` columns left-aligned, the figures right-aligned. */
function printTable(header: string[], rows: string[][], textColumns: number) {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column < textColumns ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width, column) => (column < textColumns ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

const header = ['screen', 'server', 'HTML', 'JS', 'CSS', 'fonts', 'JS ≤ 10 s', 'LCP', 'twin LCP', 'ratio', 'perf', 'TBT', 'CLS'];
const rows = results.map(({ screen: name, server, page, twin, htmlBytes }) => {
  const screen = measuredScreens.find((candidate) => candidate.name === name)!;
  const bytes = firstLoadBytes(distDir, manifest, screen.modules);
  const jsBudget = firstLoadLimit(screen.name);
  const lcp = median(page.map((run) => run.lcpMs));
  const twinLcp = median(twin.map((run) => run.lcpMs));
  const ratio = lcp / twinLcp;
  const performance = median(page.map((run) => run.performance));
  const tbt = median(page.map((run) => run.tbtMs));
  const worstCls = Math.max(...page.map((run) => (Number.isFinite(run.cls) ? run.cls : 0)));
  const painted = page.filter((run) => !run.error).length;
  const fetched = page.filter((run) => !run.error).map((run) => scriptFigures(run.scripts, (url) => scriptBytes.get(url) ?? 0));
  const fetchedCount = median(fetched.map((figures) => figures.count));
  const twinPainted = twin.filter((run) => !run.error).length;
  const cell = `${name}, ${server}`;
  return [
    name,
    server,
    kb(htmlBytes),
    check(bytes.js <= jsBudget, kb(bytes.js), `${cell}: JS ${kb(bytes.js)} > ${kb(jsBudget)}`),
    kb(bytes.css),
    kb(fontBytes(distDir, manifest)),
    fetched.length === 0
      ? '–'
      : `${kb(median(fetched.map((figures) => figures.bytes)))} in ${Number.isInteger(fetchedCount) ? fetchedCount : fetchedCount.toFixed(1)}`,
    check(lcp <= 1000 && painted === page.length, withPaints(lcp, painted, page.length), `${cell}: LCP ${seconds(lcp)} > 1.0 s`),
    withPaints(twinLcp, twinPainted, twin.length),
    check(ratio <= 1.05, Number.isFinite(ratio) ? ratio.toFixed(2) : '–', `${cell}: LCP ${Number.isFinite(ratio) ? ratio.toFixed(2) : '–'} × twin > 1.05`),
    check(performance === 100, String(performance), `${cell}: performance ${performance} < 100`),
    check(tbt <= 50, `${Math.round(tbt)} ms`, `${cell}: TBT ${Math.round(tbt)} ms > 50`),
    check(worstCls === 0, worstCls.toFixed(3), `${cell}: CLS ${worstCls.toFixed(3)} > 0 in a run`),
  ];
});

console.log(
  `\nLighthouse 12 (mobile, simulated Slow 4G, 4x CPU), language nb, ${new Date().toISOString().slice(0, 10)}: median of ${runs} runs per cell, page and twin interleaved.`,
);
console.log(
  'HTML: the page as served, gzip. JS, CSS: first load, gzip. Fonts: woff2. JS ≤ 10 s: the scripts the page fetched within 10 s, no input, gzip, and how many.',
);
console.log('Twin: the page without its scripts. CLS: the worst run. 1 KiB = 1,024 bytes.\n');
printTable(header, rows, 2);
for (const result of results) {
  const errors = [...result.page, ...result.twin].filter((run) => run.error);
  if (errors.length > 0) console.log(`\n${result.screen}, ${result.server}: ${errors.map((run) => `${run.twin ? 'twin' : 'page'} ${run.error}`).join(', ')}`);
}

if (load.length > 0) {
  console.log('\nLoad on loopback, 200 connections, 20 s each (autocannon; client, server and nginx share the 2 cores):\n');
  const loadRows = load.map((loadRun) => [
    loadRun.name,
    loadRun.requestsPerSecond.toFixed(0),
    `${loadRun.p50Ms} ms`,
    `${loadRun.p99Ms} ms`,
    String(loadRun.requests),
    check(loadRun.errors === 0, String(loadRun.errors), `${loadRun.name}: ${loadRun.errors} errors`),
    check(loadRun.timeouts === 0, String(loadRun.timeouts), `${loadRun.name}: ${loadRun.timeouts} timeouts`),
    check(loadRun.non2xx === 0, String(loadRun.non2xx), `${loadRun.name}: ${loadRun.non2xx} non-2xx answers`),
  ]);
  printTable(['run', 'req/s', 'p50', 'p99', 'requests', 'errors', 'timeouts', 'non-2xx'], loadRows, 1);
  const ours = load.find((loadRun) => loadRun.name.endsWith('our server'));
  const nginxRun = load.find((loadRun) => loadRun.name.endsWith('nginx'));
  if (ours && nginxRun)
    console.log(
      `\nStatic base route: nginx serves ${(nginxRun.requestsPerSecond / ours.requestsPerSecond).toFixed(1)}× the requests per second of our server.`,
    );
}
console.log(`\nBench took ${Math.round((Date.now() - started) / 1000)} s.`);
if (problems.length > 0) {
  console.log(`\nOver budget:\n${problems.map((problem) => `  ✗ ${problem}`).join('\n')}`);
  process.exitCode = 1;
}
