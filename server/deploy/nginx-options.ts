/**
 * The options of the nginx configuration (nginx-config.ts), and what is checked of them before anything
 * is written: each value goes into the configuration as it is, so none may end a directive, start
 * another or name a variable.
 */
import type { RuntimeConfig } from '../../src/config/runtime';

export interface NginxOptions {
  /** The static site (server/deploy/static-site.ts writeStaticSite). */
  siteDir: string;
  /** Settings the pages carry: the policy allows exactly their origins. */
  runtime: RuntimeConfig;
  /** The build's hashes of inline styles (dist/style-hashes.json). */
  styleHashes: readonly string[];
  /** The backend origin that /post/api and /post/log go to. */
  upstream: string;
  /** Where plain http is served: the whole site, or with `tls` only a redirect to https. */
  listenHttp: string;
  /** TLS: the https listen address, the certificate and its key; the http port then only redirects. */
  tls?: { listen: string; certificate: string; key: string; redirectPort?: number };
  /** Where nginx may write its pid, logs and temporary files. */
  prefixDir: string;
  /** nginx's brotli_static module (.so path), when installed: .br files are then sent to browsers that take them. */
  brotliModule?: string | null;
  /** More paths proxied to the upstream (the end-to-end runs: the emulator's own pages). */
  extraProxyPaths?: readonly string[];
  /**
   * The server_name: the site's public host names, the first the one that http redirects to and that
   * the backend is told (X-Forwarded-Host). `_` (any, the default) is for plain http only: with `tls`
   * a name is required (serverNameProblem).
   */
  serverName?: string;
  /**
   * A proxy or load balancer in front (the Node server's TRUST_PROXY): `true` for any peer, or its CIDR
   * networks. Believed, the client's address is the last X-Forwarded-For hop and X-Forwarded-Proto
   * https counts; otherwise both are ignored.
   */
  trustProxy?: true | readonly string[];
  /** Where requests are logged: a file, /dev/stdout (a container), or off (the default). */
  accessLog?: string;
  /** nginx's mime.types. */
  mimeTypes?: string;
  /** The CA certificates that an https upstream's certificate must chain to (Debian's bundle by default). */
  upstreamCa?: string;
}

/** Debian's bundle of the public CAs (package ca-certificates). */
export const debianCaBundle = '/etc/ssl/certs/ca-certificates.crt';

/** A file path written into the configuration as it is: nothing that could end a directive or start another. */
function plainFilePath(what: string, value: string | null | undefined): void {
  if (value != null && !/^\/[\w./-]*$/.test(value))
    throw new Error(`nginx: ${what} must be an absolute path of letters, digits, _ . / -, got ${JSON.stringify(value)}`);
}

/** A host name as a Location may carry it: letters, digits and hyphens in dot-separated labels. */
const plainHostName = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/**
 * What is wrong with a server_name for these settings, or null. With TLS, http answers only with a
 * redirect to https, and it must name the host itself: with `_` there is no name but the request's own
 * Host, and a Host of evil.example was sent to https://evil.example/… (issue #34). The first name is
 * put into the Location and the X-Forwarded-Host as it is, so it must be a plain host name, not a
 * wildcard (*.example.no).
 */
export function serverNameProblem(serverName: string, tls: boolean): string | null {
  if (!/^[\w.*-]+(?: [\w.*-]+)*$/.test(serverName)) return `server names must be host names separated by spaces, got ${JSON.stringify(serverName)}`;
  if (serverName === '_')
    return tls ? 'TLS needs the public host name: http redirects to https on it, and without one the redirect would go to whatever Host a request names' : null;
  const [first] = serverName.split(' ');
  return plainHostName.test(first)
    ? null
    : `the first server name is the host redirected to and told to the backend: a plain host name, got ${JSON.stringify(first)}`;
}

/** Throws for options the configuration cannot hold as they are (paths, networks, names, listen addresses). */
export function checkNginxOptions(options: NginxOptions): void {
  const { siteDir, prefixDir, tls, brotliModule, serverName = '_', trustProxy, accessLog = 'off' } = options;
  if (accessLog !== 'off') plainFilePath('accessLog', accessLog);
  for (const network of trustProxy === true || trustProxy === undefined ? [] : trustProxy) {
    if (!/^[0-9a-f.:]+\/\d{1,3}$/i.test(network)) throw new Error(`nginx: a trusted proxy network must be CIDR, got ${JSON.stringify(network)}`);
  }
  for (const [what, value] of Object.entries({
    siteDir,
    prefixDir,
    brotliModule,
    mimeTypes: options.mimeTypes,
    upstreamCa: options.upstreamCa,
    certificate: tls?.certificate,
    key: tls?.key,
  })) {
    plainFilePath(what, value);
  }
  const serverNameError = serverNameProblem(serverName, Boolean(tls));
  if (serverNameError) throw new Error(`nginx: ${serverNameError}`);
  if (!/^(?:[\w.:[\]]+:)?\d+$/.test(options.listenHttp) || (tls && !/^(?:[\w.:[\]]+:)?\d+$/.test(tls.listen)))
    throw new Error('nginx: listen addresses must be [address:]port');
}
