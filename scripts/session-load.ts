/**
 * Anonymous-session load (issue #15): autocannon sends GET /post/api without a cookie from 100
 * connections for BENCH_SESSION_SECONDS (default 60), so every request starts a new session, then the
 * script prints the session rows left in the database and the server's resident memory.
 *
 *   npx tsx scripts/session-load.ts              # this checkout
 *   npx tsx scripts/session-load.ts /other/tree  # another checkout (built or not), to compare
 */
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const seconds = Number(process.env.BENCH_SESSION_SECONDS ?? 60);
const dataDir = mkdtempSync(path.join(tmpdir(), 'innlogging-session-load-'));

const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: '0', DATA_DIR: dataDir },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const url = await new Promise<string>((resolve, reject) => {
  let output = '';
  const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    const match = /listening on (http:\/\/localhost:\d+)/.exec(output);
    if (match) {
      clearTimeout(timer);
      resolve(match[1]);
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
});

/** The server's own node process: tsx starts it as a child of its wrapper. */
function rssMegabytes(): number {
  const pids = [child.pid!, ...readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)];
  return Math.max(
    ...pids.map((pid) => {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return match ? Number(match[1]) / 1024 : 0;
    }),
  );
}

const rssBefore = rssMegabytes();
const result = await autocannon({ url: `${url}/post/api`, connections: 100, duration: seconds, headers: { Accept: 'application/vnd.digipost-v2+json' } });
// Let a purge on the timer or on write run, as it would in a real pause.
await new Promise((resolve) => setTimeout(resolve, 2000));
const rssAfter = rssMegabytes();
const db = new Database(path.join(dataDir, 'emulator.sqlite'), { readonly: true, timeout: 15_000 });
const rows = (db.prepare('SELECT count(*) AS n FROM sessions').get() as { n: number }).n;
db.close();
child.kill('SIGTERM');
await new Promise((resolve) => child.once('exit', resolve));
rmSync(dataDir, { recursive: true, force: true });

console.log(
  JSON.stringify({
    root,
    seconds,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    sessionRows: rows,
    rssMegabytesBefore: Math.round(rssBefore),
    rssMegabytesAfter: Math.round(rssAfter),
  }),
);
