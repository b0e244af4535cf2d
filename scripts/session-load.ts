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
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startServer } from '../tests/e2e/support/server';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const seconds = Number(process.env.BENCH_SESSION_SECONDS ?? 60);
const server = await startServer({}, undefined, { root });

/** The server's own node process: tsx starts it as a child of its wrapper. */
function rssMegabytes(): number {
  const children = readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  return Math.max(
    ...[server.pid, ...children].map((pid) => {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return match ? Number(match[1]) / 1024 : 0;
    }),
  );
}

const rssBefore = rssMegabytes();
const result = await autocannon({ url: `${server.url}/post/api`, connections: 100, duration: seconds });
// Let a purge on the timer or on write run, as it would in a real pause.
await new Promise((resolve) => setTimeout(resolve, 2000));
const rssAfter = rssMegabytes();
const db = new Database(path.join(server.dataDir, 'emulator.sqlite'), { readonly: true, timeout: 15_000 });
const rows = (db.prepare('SELECT count(*) AS n FROM sessions').get() as { n: number }).n;
db.close();
await server.stop();

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
