// Shared steps of `npm start` and `npm test`. Node built-ins only: this runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function log(message) {
  console.log(`\n▶ ${message}`);
}

/** Runs a command in the project root with inherited output; exits the process when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0 && !options.allowFailure) {
    console.error(`\n✖ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
  return result.status ?? 1;
}

function hashFiles(files) {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(path.relative(root, file));
    hash.update(existsSync(file) ? readFileSync(file) : '');
  }
  return hash.digest('hex');
}

function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/** Whether `file` is a file this user may run. */
function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Whether the command `name` can run: a path (with a slash) as it is, else an executable file of that
 * name in one of PATH's folders, as the shell looks it up.
 */
function onPath(name, env = process.env) {
  if (name.includes('/')) return executable(name);
  return (env.PATH ?? '').split(path.delimiter).some((dir) => dir !== '' && executable(path.join(dir, name)));
}

/**
 * What the install needs beyond Node: npm, and the tools that build better-sqlite3 (the emulator's
 * database) from source, as its install script does (node-gyp: Python 3, make, a C++ compiler).
 * Answers one line per missing tool, naming it and its Debian package.
 */
export function missingPrerequisites(env = process.env) {
  const needs = [
    { what: 'npm', names: ['npm'], debian: 'npm' },
    { what: 'Python 3 (python3), which node-gyp runs', names: ['python3'], debian: 'python3' },
    { what: 'make', names: ['make', 'gmake'], debian: 'make' },
    // The build uses CXX when it is set, and only then: set, it is the one that must be there.
    compilerCommand(env.CXX)
      ? { what: `the C++ compiler CXX names (${compilerCommand(env.CXX)})`, names: [compilerCommand(env.CXX)], debian: 'g++' }
      : { what: 'a C++ compiler (g++, clang++ or c++)', names: ['g++', 'clang++', 'c++'], debian: 'g++' },
  ];
  return needs.filter(({ names }) => !names.some((name) => onPath(name, env))).map(({ what, debian }) => `${what}: apt-get install ${debian}`);
}

/** The program of a CXX setting, which may carry options ("ccache g++" runs ccache, "g++ -std=c++20" g++). */
function compilerCommand(cxx) {
  return cxx?.trim().split(/\s+/)[0] || undefined;
}

/** Stops with the list of what is missing, before anything is installed or built. */
export function ensurePrerequisites() {
  const missing = missingPrerequisites();
  if (missing.length === 0) return;
  console.error(`✖ Missing on this machine (npm install builds better-sqlite3 from source with these):\n${missing.map((line) => `  - ${line}`).join('\n')}`);
  process.exit(1);
}

/** npm ci, unless node_modules already matches package-lock.json and this Node version. */
export function ensureInstalled() {
  const stampFile = path.join(root, 'node_modules', '.innlogging-install-stamp');
  const stamp = `${process.version}:${hashFiles([path.join(root, 'package.json'), path.join(root, 'package-lock.json')])}`;
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;
  log('Installing dependencies (npm ci)');
  run('npm', ['ci', '--no-audit', '--no-fund']);
  writeFileSync(stampFile, stamp);
}

/**
 * How Vite and Vitest load vite.config.ts and vitest.config.ts: evaluated as they are (Vite's module
 * runner), not bundled first. The bundling loader warns, in some 40 lines on every start, that the
 * build's TypeScript imports without a file extension would not load under a loader Vite may make
 * the default one day; this one loads them and has nothing to warn about.
 */
export const viteConfigLoader = ['--configLoader', 'runner'];

/** The production build: vite build, the prerendered screens (scripts/prerender.ts), the static site (scripts/static-site.ts). */
export function buildFrontEnd() {
  log('Building the front end (vite build, then prerender)');
  const vite = path.join(root, 'node_modules', '.bin', 'vite');
  // The stylesheet purge (build/css-purge-plugin.ts) may ask for a second build with a new class list.
  const rebuildMark = path.join(root, 'node_modules', '.cache', 'innlogging-css', 'rebuild');
  rmSync(rebuildMark, { force: true });
  const status = run(vite, ['build', ...viteConfigLoader, '--logLevel', 'warn'], { allowFailure: true });
  if (existsSync(rebuildMark)) {
    log('Building again with the classes the code uses (stylesheet purge)');
    rmSync(rebuildMark, { force: true });
    run(vite, ['build', ...viteConfigLoader, '--logLevel', 'warn']);
  } else if (status !== 0) {
    console.error('\n✖ vite build failed');
    process.exit(status);
  }
  run(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'scripts', 'prerender.ts')]);
  // Precompressed assets, and dist/site/: the complete static site (docs/deploy/).
  run(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'scripts', 'static-site.ts')]);
}

/** The production build, unless dist/ was built from exactly the current sources. */
export function ensureBuilt() {
  const inputs = [
    ...walk(path.join(root, 'src')).filter((file) => !/\.test\.tsx?$/.test(file)),
    ...walk(path.join(root, 'public')),
    ...walk(path.join(root, 'build')),
    path.join(root, 'index.html'),
    // The prerender renders with the emulator's answers.
    ...walk(path.join(root, 'server', 'emulator')).filter((file) => !/\.test\.tsx?$/.test(file)),
    path.join(root, 'server', 'prerendered.ts'),
    path.join(root, 'server', 'app-html.ts'),
    path.join(root, 'server', 'config.ts'),
    path.join(root, 'server', 'security-headers.ts'),
    ...walk(path.join(root, 'server', 'deploy')).filter((file) => !/\.test\.tsx?$/.test(file)),
    path.join(root, 'scripts', 'static-site.ts'),
    path.join(root, 'server', 'style-hashes.ts'),
    // The critical CSS and the fonts' inline stylesheet (scripts/prerender.ts).
    path.join(root, 'server', 'critical-css.ts'),
    path.join(root, 'server', 'manifest.ts'),
    path.join(root, 'scripts', 'prerender.ts'),
    path.join(root, 'vite.config.ts'),
    path.join(root, 'package-lock.json'),
  ].sort();
  const stampFile = path.join(root, 'dist', '.build-stamp');
  const stamp = hashFiles(inputs);
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp && existsSync(path.join(root, 'dist', 'index.html'))) {
    return;
  }
  buildFrontEnd();
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  writeFileSync(stampFile, stamp);
}

/** How the browser tests, the screenshots and Lighthouse start Debian's chromium (no sandbox in a container, nothing fetched). */
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's chromium for the browser tests: installed with apt when missing (no browser download). */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  // The /usr/bin/chromium wrapper script prints warnings under sh; the binary behind it does not.
  for (const candidate of ['/usr/lib/chromium/chromium', '/usr/bin/chromium']) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * apt-get install; with allowFailure, its exit status instead of stopping the process. Two `npm test`
 * runs started together on a fresh machine both install (issue #33: the second failed at once on apt's
 * lock): our installs take turns on a lock file of their own (flock, up to 15 minutes), and apt waits
 * for a dpkg lock held by anything else. `apt-get update` does not wait for its lists lock, so it is
 * tried again a few times.
 */
function aptInstall(packages, { allowFailure = false } = {}) {
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const quoted = packages.map((name) => `'${name}'`).join(' ');
  const script = [
    'for try in 1 2 3 4 5 6; do apt-get update -qq && break; [ "$try" = 6 ] && exit 100; sleep 10; done',
    `apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends ${quoted}`,
  ].join('\n');
  const command = ['flock', '-w', '900', path.join(tmpdir(), 'innlogging-apt.lock'), 'sh', '-ec', script];
  return asRoot ? run(command[0], command.slice(1), { env, allowFailure }) : run('sudo', ['-n', ...command], { env, allowFailure });
}

export const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export const nginxBrotliModule = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/**
 * Debian's nginx for the static deployment's end-to-end runs and the bench (docs/deploy/): apt when
 * missing, or when the nginx there lacks the sub_filter module the deployment fills its stand-in
 * pages with (nginx-light before Debian 12.9 had none). The brotli_static module is added when apt has
 * it; without it nginx sends the .gz files (server/deploy/render.ts finds the module or goes without).
 */
export function ensureNginx() {
  const hasSubFilter = () => {
    const version = spawnSync(nginxPath, ['-V'], { encoding: 'utf8' });
    return `${version.stdout ?? ''}${version.stderr ?? ''}`.includes('http_sub_module');
  };
  if (existsSync(nginxPath) && hasSubFilter() && existsSync(nginxBrotliModule)) return;
  if (!existsSync(nginxPath) || !hasSubFilter()) {
    log('Installing Debian nginx for the static deployment (apt-get install nginx libnginx-mod-http-brotli-static)');
    aptInstall(['nginx', 'libnginx-mod-http-brotli-static']);
  } else {
    log('Adding nginx brotli_static (apt-get install libnginx-mod-http-brotli-static)');
    if (aptInstall(['libnginx-mod-http-brotli-static'], { allowFailure: true }) !== 0) console.log('  (not available: nginx will send the .gz files)');
  }
  // The package may start a system nginx on port 80; we run our own, so stop that one.
  run('sh', ['-c', 'service nginx stop >/dev/null 2>&1 || true'], { allowFailure: true });
  if (!existsSync(nginxPath) || !hasSubFilter()) {
    console.error('✖ nginx with the sub_filter module is still missing after apt-get install');
    process.exit(1);
  }
}

export function ensureChromium() {
  if (!chromiumPath()) {
    log('Installing Debian chromium for the browser tests (apt-get install chromium)');
    aptInstall(['chromium', 'fonts-dejavu-core']);
    if (!chromiumPath()) {
      console.error('✖ chromium is still missing after apt-get install');
      process.exit(1);
    }
  }
  // Arial's metric twin: the fallback of Posten Sans (src/app/fonts.css) stands on it, as on most
  // people's machines it stands on Arial, and its tests measure it.
  if (!existsSync(liberationSans)) {
    log('Installing Liberation Sans, the metric twin of Arial (apt-get install fonts-liberation)');
    aptInstall(['fonts-liberation']);
  }
}

/** Liberation Sans (Debian's fonts-liberation), whose metrics are Arial's. */
export const liberationSans = '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf';
