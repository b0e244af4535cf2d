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
 * `tsx scripts/observatory.ts` grades the built dist/ behind a TLS nginx made for the purpose
 * (startTlsNginxForGrading); `tsx scripts/observatory.ts --http http://localhost:8080 --https
 * https://localhost:8443 --ca cert.pem` grades a running deployment. Both print the table and exit 1
 * below A+ with a score of 110.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Hono } from 'hono';
import { securityHeaders } from '../server/security-headers';
import { builtStyleHashes } from '../server/style-hashes';

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

/** The headers the Node server sends on an app page (server/security-headers.ts, the one source of truth). */
export async function serverHeaders(distDir = path.join(root, 'dist'), pagePath = '/innlogging/'): Promise<Record<string, string>> {
  const app = new Hono();
  app.use('*', securityHeaders(undefined, builtStyleHashes(distDir)));
  app.get('*', (c) => c.body(null, 204));
  const response = await app.request(pagePath);
  return Object.fromEntries([...response.headers.entries()].filter(([name]) => name !== 'content-type' && name !== 'content-length'));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function quoted(value: string): string {
  // nginx would read a variable in $, and the quotes end the value: neither is in our headers.
  if (/["$\\]/.test(value)) throw new Error(`A header value nginx cannot take as it is: ${value}`);
  return `"${value}"`;
}

/**
 * Debian's nginx with TLS, for developing against (the real deployment's config is docs/deploy/):
 * a self-signed certificate for localhost (and 127.0.0.1, ::1), http on one free port answering 301
 * to the same path over https on another, `/` 302 to /innlogging/, the app's files from `distDir`
 * (index.html for every other /innlogging/ path), and `headers` on every https answer (default: the
 * Node server's, serverHeaders()). Listens on 127.0.0.1 and ::1, as `localhost` may be either.
 */
export async function startTlsNginxForGrading(
  options: { distDir?: string; headers?: Record<string, string>; nginx?: string } = {},
): Promise<{ httpOrigin: string; httpsOrigin: string; caFile: string; stop: () => Promise<void> }> {
  const distDir = path.resolve(options.distDir ?? path.join(root, 'dist'));
  if (!existsSync(path.join(distDir, 'index.html'))) throw new Error(`No built app at ${distDir} (npm run build)`);
  const headers = options.headers ?? (await serverHeaders(distDir));
  const nginx = options.nginx ?? process.env.NGINX_PATH ?? '/usr/sbin/nginx';
  const prefix = mkdtempSync(path.join(tmpdir(), 'innlogging-observatory-'));
  const caFile = path.join(prefix, 'localhost.pem');
  const keyFile = path.join(prefix, 'localhost-key.pem');
  const openssl = await run(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
      '-keyout',
      keyFile,
      '-out',
      caFile,
    ],
    { cwd: prefix },
  );
  if (openssl.status !== 0) throw new Error(`openssl req failed: ${openssl.stderr}`);
  const httpPort = await freePort();
  const httpsPort = await freePort();
  const addHeaders = Object.entries(headers)
    .map(([name, value]) => `    add_header ${name} ${quoted(value)} always;`)
    .join('\n');
  const config = `worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  server_tokens off;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;

  server {
    listen 127.0.0.1:${httpPort};
    listen [::1]:${httpPort};
    # To https on the same host first (the Observatory's redirection test).
    return 301 https://$host:${httpsPort}$request_uri;
  }

  server {
    listen 127.0.0.1:${httpsPort} ssl http2;
    listen [::1]:${httpsPort} ssl http2;
    ssl_certificate ${caFile};
    ssl_certificate_key ${keyFile};
    ssl_protocols TLSv1.2 TLSv1.3;
    root ${distDir};
    absolute_redirect off;
    # On every answer (no location below has add_header of its own, which would drop these).
${addHeaders}

    location = / {
      return 302 /innlogging/;
    }
    location /innlogging/assets/ {
      alias ${distDir}/assets/;
      expires max;
    }
    location /innlogging/ {
      expires epoch;
      try_files /index.html =404;
    }
  }
}
`;
  const configFile = path.join(prefix, 'nginx.conf');
  writeFileSync(configFile, config);
  // As root, workers would run as nobody/www-data, which may not read a private temporary directory.
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const child: ChildProcess = spawn(nginx, ['-p', prefix, '-c', configFile, '-g', asRoot ? 'daemon off; user root;' : 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  const httpOrigin = `http://localhost:${httpPort}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`nginx exited with ${child.exitCode}:\n${output}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${httpPort}/`, { redirect: 'manual' });
      if (response.status === 301) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not answer on ${httpOrigin} in 10 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { httpOrigin, httpsOrigin: `https://localhost:${httpsPort}`, caFile, stop };
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
    await ensureObservatoryInstalled();
    const deployment = await startTlsNginxForGrading({ distDir: argument('--dist') });
    try {
      console.log(`Grading ${deployment.httpOrigin} → ${deployment.httpsOrigin} (nginx, self-signed certificate)`);
      result = await gradeDeployment(deployment);
    } finally {
      await deployment.stop();
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
