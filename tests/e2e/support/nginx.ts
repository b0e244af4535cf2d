/**
 * The static deployment (docs/deploy/) on this machine, started as the container starts it
 * (docs/deploy/entrypoint.sh: the site and nginx.conf from the build and the settings, then Debian's
 * nginx), in front of our server as the API upstream. The end-to-end suite's nginx pass, the parity
 * and grading tests and the bench use it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
export const nginxBinary = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** The emulator's own pages (simulated identity providers, the mailbox stand-in) also go upstream. */
const emulatorPaths = ['/dev/', '/postkasse/', '/virksomhetsadmin/', '/admin/', '/registrering/'];

/** The page settings of our server's defaults (the emulator's stand-ins), which the pages then carry alike. */
const emulatorStandIns = {
  STATUSPAGE_URL: '/dev/statuspage/api/v2',
  CHATBOT_URL: '/dev/chatbot/widget.js',
  ANALYTICS_URL: '/dev/analytics/analytics.js',
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningNginx {
  /** Plain http: the site, or with TLS only the redirect to https. */
  url: string;
  /** With TLS: the https origin (https://localhost:<port>). */
  httpsUrl?: string;
  /** With TLS: the self-signed certificate to trust. */
  certificate?: string;
  prefixDir: string;
  stop: () => Promise<void>;
}

export interface NginxOptions {
  /** The build; dist/ in the checkout by default. */
  distDir?: string;
  /** Serve https with a self-signed certificate for localhost; http then only redirects. */
  tls?: boolean;
  /** More settings (server/deploy/render.ts and server/config.ts variables). */
  env?: Record<string, string>;
  /** The http port, when the server behind must know it first (its PASSKEY_ORIGINS); a free one otherwise. */
  httpPort?: number;
}

/**
 * Starts nginx on free ports. A port found free may be taken by another process before nginx binds it
 * (two test runs side by side): nginx then exits on the bind, and is started again on other ports.
 */
export async function startNginx(upstream: string, options: NginxOptions | string = {}): Promise<RunningNginx> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startNginxOnce(upstream, options);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error) || !/Address already in use/.test(error.message)) throw error;
    }
  }
}

async function startNginxOnce(upstream: string, options: NginxOptions | string): Promise<RunningNginx> {
  const { distDir = path.join(root, 'dist'), tls = false, env = {}, httpPort: chosenPort } = typeof options === 'string' ? { distDir: options } : options;
  const prefixDir = mkdtempSync(path.join(tmpdir(), 'innlogging-nginx-'));
  const httpPort = chosenPort ?? (await freePort());
  const httpsPort = tls ? await freePort() : 0;
  const tlsEnv: Record<string, string> = {};
  if (tls) {
    const certificate = path.join(prefixDir, 'localhost.crt');
    const key = path.join(prefixDir, 'localhost.key');
    const made = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        certificate,
      ],
      { encoding: 'utf8' },
    );
    if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
    Object.assign(tlsEnv, { TLS_CERTIFICATE: certificate, TLS_CERTIFICATE_KEY: key, LISTEN_HTTPS: `127.0.0.1:${httpsPort}` });
  }
  // The container's own start (docs/deploy/entrypoint.sh): render the site and nginx.conf, then nginx.
  // As root, nginx's workers would run as www-data, which may not read a checkout in a private
  // temporary directory (mktemp -d is 0700); here they run as whoever started the tests.
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const child = spawn(path.join(root, 'docs', 'deploy', 'entrypoint.sh'), [], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...emulatorStandIns,
      PROXY_ALSO: emulatorPaths.join(','),
      // The host the certificate names: with TLS the deployment needs its public host (render.ts SERVER_NAME).
      ...(tls ? { SERVER_NAME: 'localhost' } : {}),
      ...env,
      ...tlsEnv,
      APP_DIR: root,
      API_UPSTREAM: upstream,
      DIST_DIR: distDir,
      NGINX_PREFIX: prefixDir,
      NGINX_PATH: nginxBinary,
      NGINX_GLOBALS: asRoot ? 'daemon off; user root;' : 'daemon off;',
      LISTEN_HTTP: `127.0.0.1:${httpPort}`,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${httpPort}`;
  const deadline = Date.now() + 60_000;
  let last = 'no answer';
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/innlogging/`, { redirect: 'manual' });
      if (response.status === (tls ? 301 : 200)) break;
      last = `HTTP ${response.status}`;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      let errorLog = '';
      try {
        errorLog = readFileSync(path.join(prefixDir, 'error.log'), 'utf8');
      } catch {
        // none
      }
      throw new Error(`nginx did not serve /innlogging/ in 60 s (${last}):\n${output}\n${errorLog}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    httpsUrl: tls ? `https://localhost:${httpsPort}` : undefined,
    certificate: tls ? tlsEnv.TLS_CERTIFICATE : undefined,
    prefixDir,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
      rmSync(prefixDir, { recursive: true, force: true });
    },
  };
}
