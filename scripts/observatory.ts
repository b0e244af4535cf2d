/**
 * The deployment graded by Mozilla's HTTP Observatory (npm @mdn/mdn-http-observatory, the scanner
 * behind developer.mozilla.org/observatory), offline, against any http + https origin pair.
 *
 * The scanner lives in its own pinned package, tools/observatory/, installed on first use with
 * `npm ci --ignore-scripts` there (never by the project's own `npm ci`): its install scripts download
 * Chromium's HSTS preload list, IANA's TLD list and a CA bundle (offline they fail), and its
 * dependencies include native modules (pg-native/libpq, for its database) that are never loaded here.
 * What the scan needs at run time from those downloads is only the HSTS preload list
 * (conf/hsts-preload.json, read by the redirection and HSTS tests); it is written empty ({}): a
 * host on no preload list, which is true of localhost and makes the HSTS and redirection tests
 * judge the headers and the redirect the deployment actually sends. (The TLD list is for its web API,
 * the CA bundle for its CLI; neither is used.)
 *
 * The scan itself is tools/observatory/grade.mjs: the package's retriever, tests and scoring, with the
 * ports (its scan() ignores them), in a child process that trusts the deployment's self-signed
 * certificate through NODE_EXTRA_CA_CERTS (the retriever verifies certificates and takes no CA option).
 *
 * `tsx scripts/observatory.ts` grades the TLS deployment of docs/deploy/ with the built dist/ (tests/e2e/
 * deploy-tls.spec.ts does the same in `npm test`); `tsx scripts/observatory.ts --http http://localhost:8080 --https
 * https://localhost:8443 --ca cert.pem` grades a running deployment. Both print the table and exit 1
 * below A+ with a score of 110.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
export const observatoryDir = path.join(root, 'tools', 'observatory');
const packageDir = path.join(observatoryDir, 'node_modules', '@mdn', 'mdn-http-observatory');
const hstsPreloadFile = path.join(packageDir, 'conf', 'hsts-preload.json');
const stampFile = path.join(observatoryDir, 'node_modules', '.innlogging-install-stamp');

/** What the issue asks of the deployment (#21, item 7). */
export const requiredGrade = 'A+';
export const requiredScore = 110;

export interface ObservatoryTest {
  /** The Observatory's test name, e.g. `content-security-policy`. */
  name: string;
  pass: boolean;
  /** Points this result adds to or takes from the base 100. */
  scoreModifier: number;
  /** The Observatory's result, e.g. `csp-implemented-with-no-unsafe-default-src-none`. */
  result: string | null;
}

export interface ObservatoryGrade {
  grade: string;
  score: number;
  tests: ObservatoryTest[];
  /** Whether the https answers were verified against the trusted certificates (false: HSTS and redirection fail). */
  certificateVerified: boolean;
  /** Status of the graded page, after redirects. */
  statusCode: number;
  /** Where the https scan ended after redirects. */
  finalUrl: string | null;
}

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status: status ?? 1, stdout, stderr }));
  });
}

function installStamp(): string {
  const hash = createHash('sha256');
  for (const file of ['package.json', 'package-lock.json']) hash.update(readFileSync(path.join(observatoryDir, file)));
  return `${process.version}:${hash.digest('hex')}`;
}

/**
 * tools/observatory's pinned scanner, installed unless its node_modules already matches its lock file
 * and this Node version (a stamp, as scripts/lib.mjs ensureInstalled): `npm ci --ignore-scripts`
 * there only, then the empty HSTS preload list its install script would have downloaded.
 */
export async function ensureObservatoryInstalled(): Promise<void> {
  const stamp = installStamp();
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp && existsSync(hstsPreloadFile)) return;
  console.log('\n▶ Installing Mozilla HTTP Observatory (npm ci --ignore-scripts in tools/observatory)');
  // cookie@2 (under fastify, the scanner's web API, never loaded here) declares Node 22; the scan runs
  // on Node 20. The project's .npmrc has engine-strict, which npm passes on to commands started from
  // `npm test` or npx as npm_config_engine_strict: off for this package only (and its warning hidden).
  const result = await run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: observatoryDir,
    env: { ...process.env, npm_config_engine_strict: 'false' },
  });
  if (result.status !== 0) throw new Error(`npm ci in tools/observatory failed (exit ${result.status}):\n${result.stdout}${result.stderr}`);
  mkdirSync(path.dirname(hstsPreloadFile), { recursive: true });
  writeFileSync(hstsPreloadFile, '{}\n');
  writeFileSync(stampFile, stamp);
}

function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/**
 * Grades a deployment as the Observatory grades a site: the http origin (which should redirect to the
 * https one, same host first) and the https origin, from `path` (default `/`, as the Observatory
 * scans). `caFile` is a PEM certificate to trust besides the system's, e.g. the deployment's
 * self-signed one. Nothing is fetched from the internet.
 */
export async function gradeDeployment(options: { httpOrigin: string; httpsOrigin: string; caFile?: string; path?: string }): Promise<ObservatoryGrade> {
  const http = new URL(options.httpOrigin);
  const https = new URL(options.httpsOrigin);
  if (http.protocol !== 'http:' || https.protocol !== 'https:') throw new Error('gradeDeployment: httpOrigin must be http://…, httpsOrigin https://…');
  if (http.hostname !== https.hostname) {
    throw new Error(`gradeDeployment: the Observatory scans one host name; got ${http.hostname} and ${https.hostname}`);
  }
  if (options.caFile && !existsSync(options.caFile)) throw new Error(`gradeDeployment: no certificate at ${options.caFile}`);
  await ensureObservatoryInstalled();
  const target = { hostname: https.hostname, httpPort: portOf(http), httpsPort: portOf(https), path: options.path ?? '/' };
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (options.caFile) env.NODE_EXTRA_CA_CERTS = path.resolve(options.caFile);
  else delete env.NODE_EXTRA_CA_CERTS;
  const result = await run(process.execPath, [path.join(observatoryDir, 'grade.mjs'), JSON.stringify(target)], { cwd: observatoryDir, env });
  if (result.status !== 0) throw new Error(`The Observatory scan failed (exit ${result.status}): ${result.stderr.trim() || result.stdout.trim()}`);
  return JSON.parse(result.stdout) as ObservatoryGrade;
}

/** The grade as a table, for the console and the README. */
export function formatGrade(result: ObservatoryGrade): string {
  const rows = result.tests.map((test) => {
    const modifier = test.scoreModifier > 0 ? `+${test.scoreModifier}` : String(test.scoreModifier);
    return `| ${test.name} | ${test.pass ? '✓' : '✗'} | ${modifier} | ${test.result ?? ''} |`;
  });
  return [
    `HTTP Observatory: ${result.grade}, score ${result.score}${result.certificateVerified ? '' : ' (certificate NOT verified)'}`,
    '',
    '| test | pass | score | result |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function main(): Promise<void> {
  const httpOrigin = argument('--http');
  const httpsOrigin = argument('--https');
  const started = Date.now();
  let result: ObservatoryGrade;
  if (httpOrigin && httpsOrigin) {
    result = await gradeDeployment({ httpOrigin, httpsOrigin, caFile: argument('--ca'), path: argument('--path') });
  } else {
    // The TLS deployment as the container starts it (docs/deploy/entrypoint.sh), our server with the
    // emulator as its upstream, the build in dist/.
    const { startServer } = await import('../tests/e2e/support/server');
    const { startNginx } = await import('../tests/e2e/support/nginx');
    await ensureObservatoryInstalled();
    const server = await startServer();
    try {
      const nginx = await startNginx(server.url, { tls: true });
      try {
        const httpOrigin = nginx.url.replace('127.0.0.1', 'localhost');
        console.log(`Grading ${httpOrigin} → ${nginx.httpsUrl} (docs/deploy/, self-signed certificate)`);
        result = await gradeDeployment({ httpOrigin, httpsOrigin: nginx.httpsUrl ?? '', caFile: nginx.certificate });
      } finally {
        await nginx.stop();
      }
    } finally {
      await server.stop();
    }
  }
  console.log(formatGrade(result));
  console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (result.grade !== requiredGrade || result.score < requiredScore) {
    console.error(`✖ below ${requiredGrade} with a score of ${requiredScore}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
