/**
 * Debian's nginx serving the built app from docs/deploy/nginx.conf, in front of our server (as the
 * API upstream): the static build, proven to work without our Node server in the browser's path.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
export const nginxBinary = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** The emulator's own pages (simulated identity providers, the mailbox stand-in) also go upstream. */
const emulatorPaths = ['/dev/', '/postkasse/', '/virksomhetsadmin/', '/admin/', '/registrering/'];

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

export async function startNginx(upstream: string, distDir = path.join(root, 'dist')): Promise<{ url: string; stop: () => Promise<void> }> {
  const prefix = mkdtempSync(path.join(tmpdir(), 'innlogging-nginx-'));
  const port = await freePort();
  const extra = emulatorPaths.map((location) => `location ${location} {\n      proxy_pass ${upstream};\n      proxy_redirect off;\n    }`).join('\n    ');
  const config = readFileSync(path.join(root, 'docs', 'deploy', 'nginx.conf'), 'utf8')
    .replaceAll('__DIST__', distDir)
    .replaceAll('__LISTEN__', `127.0.0.1:${port}`)
    .replaceAll('__UPSTREAM__', upstream)
    .replaceAll('__HEADERS__', path.join(root, 'docs', 'deploy', 'security-headers.conf'))
    .replaceAll('__PREFIX__', prefix)
    .replace('# __EXTRA_LOCATIONS__', extra);
  const configFile = path.join(prefix, 'nginx.conf');
  writeFileSync(configFile, config);
  // As root, nginx's workers would run as www-data, which may not read a checkout in a private
  // temporary directory (mktemp -d is 0700); here they run as whoever started the tests.
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const globals = asRoot ? 'daemon off; user root;' : 'daemon off;';
  const child = spawn(nginxBinary, ['-p', prefix, '-c', configFile, '-g', globals], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  let last = 'no answer';
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/innlogging/`);
      if (response.ok) break;
      last = `HTTP ${response.status}`;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      const errorLog = (() => {
        try {
          return readFileSync(path.join(prefix, 'error.log'), 'utf8');
        } catch {
          return '';
        }
      })();
      throw new Error(`nginx did not serve /innlogging/ in 15 s (${last}):\n${output}\n${errorLog}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
