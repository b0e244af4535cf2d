/**
 * The static deployment's start (docs/deploy/): from the build (dist/) and the environment, the site
 * with the page settings (server/deploy/static-site.ts) and nginx's configuration with the policy that
 * allows exactly the configured origins (server/deploy/nginx-config.ts). The container runs it at
 * every start, then nginx (docs/deploy/entrypoint.sh); the end-to-end runs and the bench run it the
 * same way before they start Debian's nginx. One build, many environments: nothing here is baked in.
 *
 * The page settings are the Node server's variables, read by the same code (server/config.ts), so a
 * bad value stops the start with a message naming the variable; API_UPSTREAM is required. Besides:
 *   DIST_DIR             the build (dist/ in the checkout)
 *   NGINX_PREFIX         where the site, nginx.conf, the pid, logs and temporary files go
 *   LISTEN_HTTP          address:port or port for http (80); with TLS it only redirects to https
 *   LISTEN_HTTPS         address:port or port for https (443), used when TLS_CERTIFICATE is set
 *   TLS_CERTIFICATE, TLS_CERTIFICATE_KEY   PEM files; unset: plain http (TLS ends at a load balancer)
 *   PUBLIC_HTTPS_PORT    the https port people reach (where http redirects to; LISTEN_HTTPS's by default)
 *   SERVER_NAME          nginx's server_name: the public host name(s), the first the only host that http
 *                        redirects to and that the backend is told (X-Forwarded-Host), whatever Host a
 *                        request names; required with TLS (https for any other Host answers 421);
 *                        without TLS it may be _ (any: every Host is served)
 *   TRUST_PROXY          a load balancer in front, as for the Node server: true, or its CIDR networks
 *   ACCESS_LOG           off (default), or a file such as /dev/stdout
 *   PROXY_ALSO           more path prefixes proxied to API_UPSTREAM, comma-separated (a demo against
 *                        the emulator: /dev/,/postkasse/ …; none in production)
 *   NGINX_BROTLI_MODULE  the brotli_static module (.so); found at Debian's path when unset; off: none
 *   API_UPSTREAM_CA      PEM file of the CAs an https API_UPSTREAM's certificate must chain to (Debian's
 *                        bundle /etc/ssl/certs/ca-certificates.crt when unset; nginx checks it)
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, readConfig } from '../config';
import { builtStyleHashes } from '../style-hashes';
import { debianCaBundle, nginxConfig, serverNameProblem } from './nginx-config';
import { writeStaticSite, type StaticSite } from './static-site';

export const debianBrotliModule = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export interface Deployment {
  prefixDir: string;
  siteDir: string;
  configFile: string;
  site: StaticSite;
  brotli: boolean;
  tls: boolean;
}

function listenAddress(variable: string, value: string | undefined, fallback: string): string {
  const text = value?.trim() || fallback;
  if (!/^(?:(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:]+\]|localhost):)?\d{1,5}$/i.test(text) || Number(text.split(':').at(-1)) > 65535) {
    throw new ConfigError(variable, `must be a port or address:port such as 127.0.0.1:8080, got "${text}"`);
  }
  return text;
}

function readablePath(variable: string, value: string): string {
  const file = path.resolve(value);
  if (!existsSync(file)) throw new ConfigError(variable, `no such file: ${file}`);
  return file;
}

/** Writes the site and nginx.conf from the build and the environment. */
export function renderDeployment(env: Record<string, string | undefined> = process.env): Deployment {
  const config = readConfig(env);
  if (!config.apiUpstream) throw new ConfigError('API_UPSTREAM', 'the static deployment needs the real backend: an origin such as https://api.example.no');
  if (!env.NGINX_PREFIX?.trim()) throw new ConfigError('NGINX_PREFIX', 'must name the directory for the site, nginx.conf, pid, logs and temporary files');
  const prefixDir = path.resolve(env.NGINX_PREFIX);
  const siteDir = path.join(prefixDir, 'site');
  const certificate = env.TLS_CERTIFICATE?.trim();
  const key = env.TLS_CERTIFICATE_KEY?.trim();
  if (Boolean(certificate) !== Boolean(key)) {
    throw new ConfigError(certificate ? 'TLS_CERTIFICATE_KEY' : 'TLS_CERTIFICATE', 'TLS needs both TLS_CERTIFICATE and TLS_CERTIFICATE_KEY');
  }
  const listenHttp = listenAddress('LISTEN_HTTP', env.LISTEN_HTTP, '80');
  const listenHttps = listenAddress('LISTEN_HTTPS', env.LISTEN_HTTPS, '443');
  const brotliSetting = env.NGINX_BROTLI_MODULE?.trim();
  const brotliModule =
    brotliSetting === 'off'
      ? null
      : brotliSetting
        ? readablePath('NGINX_BROTLI_MODULE', brotliSetting)
        : existsSync(debianBrotliModule)
          ? debianBrotliModule
          : null;
  const publicHttpsPort = env.PUBLIC_HTTPS_PORT?.trim() || listenHttps.split(':').at(-1) || '443';
  if (!/^\d{1,5}$/.test(publicHttpsPort) || Number(publicHttpsPort) > 65535)
    throw new ConfigError('PUBLIC_HTTPS_PORT', `must be a port, got "${publicHttpsPort}"`);
  const extraProxyPaths = (env.PROXY_ALSO ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const prefix of extraProxyPaths) {
    if (!/^\/[\w-]+\/$/.test(prefix) || prefix.startsWith('/innlogging/'))
      throw new ConfigError('PROXY_ALSO', `must be path prefixes such as /dev/, got "${prefix}"`);
  }
  const upstreamCa = config.apiUpstream.protocol === 'https:' ? readablePath('API_UPSTREAM_CA', env.API_UPSTREAM_CA?.trim() || debianCaBundle) : undefined;
  // Checked here, before anything is written, so the start stops naming the variable (with TLS a
  // name is required: http redirects to it).
  const serverName = env.SERVER_NAME?.trim() || '_';
  const serverNameError = serverNameProblem(serverName, Boolean(certificate));
  if (serverNameError) throw new ConfigError('SERVER_NAME', serverNameError);

  // TRUST_PROXY as the Node server reads it (readConfig has checked it): its networks as written.
  const trustText = env.TRUST_PROXY?.trim().toLowerCase() ?? '';
  const trustProxy =
    config.trustProxy === true
      ? true
      : config.trustProxy === false
        ? undefined
        : trustText
            .split(',')
            .map((network) => network.trim())
            .filter(Boolean);
  const accessLog = env.ACCESS_LOG?.trim() || 'off';
  if (accessLog !== 'off' && !/^\/[\w./-]*$/.test(accessLog))
    throw new ConfigError('ACCESS_LOG', `must be off or a file such as /dev/stdout, got "${accessLog}"`);

  mkdirSync(prefixDir, { recursive: true });
  const site = writeStaticSite({ distDir: config.distDir, outDir: siteDir, runtime: config.runtime });
  const conf = nginxConfig({
    siteDir,
    runtime: config.runtime,
    styleHashes: builtStyleHashes(config.distDir)(),
    upstream: config.apiUpstream.origin,
    listenHttp,
    tls:
      certificate && key
        ? {
            listen: listenHttps,
            certificate: readablePath('TLS_CERTIFICATE', certificate),
            key: readablePath('TLS_CERTIFICATE_KEY', key),
            redirectPort: Number(publicHttpsPort),
          }
        : undefined,
    prefixDir,
    brotliModule,
    extraProxyPaths,
    serverName,
    upstreamCa,
    trustProxy,
    accessLog,
  });
  const configFile = path.join(prefixDir, 'nginx.conf');
  writeFileSync(configFile, conf);
  return { prefixDir, siteDir, configFile, site, brotli: brotliModule !== null, tls: Boolean(certificate) };
}

// tsx server/deploy/render.ts (docs/deploy/entrypoint.sh): prints what it wrote; a bad setting exits 1.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const deployment = renderDeployment();
    const { pages, shells, standIns } = deployment.site;
    console.log(
      `innlogging: ${pages} prerendered pages, ${shells} app shells and ${standIns} stand-in pages in ${deployment.siteDir}; ` +
        `${deployment.configFile} (${deployment.tls ? 'https, http redirects' : 'plain http'}${deployment.brotli ? ', brotli' : ''})`,
    );
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}
