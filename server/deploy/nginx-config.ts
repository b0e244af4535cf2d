/**
 * The nginx configuration of the static deployment (docs/deploy/), generated from the same sources as
 * the Node server's answers: the screen manifest (which path shows which screen, which screens hold a
 * secret), src/config/routes.ts (the language segment, its letter case, the fallback of an unknown
 * one) and server/security-headers.ts (the policy with the build's hashes and the configured origins,
 * the other headers). server/deploy/static-site.ts writes the files it serves.
 *
 * How a page path is answered, in this order (every map reads the request as it came, still
 * percent-encoded, as the browser's router and the Node server read it):
 *   1. nb, nn or en in other letter case: 301 to the lower-case segment (docs/decisions/001);
 *   2. another two-letter segment: 302 to the same path in nb;
 *   3. a prerendered page, exactly its path and no query: its file (innlogging/<path>/index.html);
 *   4. the app's token pages (prerendered once for a stand-in): the stand-in page with the token filled in;
 *   5. any other path of a screen: that screen's app shell for the language;
 *   6. anything else: the not-found page with status 404 (prerendered with the path filled in where
 *      the path is plain, else its shell).
 */
import { basePath } from '../../src/config/routes';
import { maxUpstreamBody } from '../api-paths';
import { contentSecurityPolicy, fixedSecurityHeaders, referrerPolicies } from '../security-headers';
import { pathStandIn } from './static-site';
import { headers, maps, q, trustedProxy } from './nginx-maps';
import { checkNginxOptions, debianCaBundle, type NginxOptions } from './nginx-options';
import { standIns } from '../../src/screens/screens';

export { screenPatterns } from './nginx-maps';
export { debianCaBundle, type NginxOptions, serverNameProblem } from './nginx-options';

export function nginxConfig(options: NginxOptions): string {
  const {
    siteDir,
    runtime,
    styleHashes,
    upstream,
    prefixDir,
    tls,
    brotliModule,
    extraProxyPaths = [],
    serverName = '_',
    trustProxy,
    accessLog = 'off',
  } = options;
  checkNginxOptions(options);
  const [primaryHost] = serverName.split(' ');
  const policy = contentSecurityPolicy(runtime, styleHashes);
  // The origins come from settings, and the URL parser keeps a $ in a host name: nginx would fill in a
  // variable there (a request header: $http_…) on every answer.
  if (policy.includes('$')) throw new Error(`nginx: a policy with a $ (a setting's host name?): ${policy}`);
  const upstreamUrl = new URL(upstream);
  const upstreamOrigin = upstreamUrl.origin;
  // Written into proxy_pass as it is: a host name, IPv4 or [IPv6] and a port, nothing nginx would read
  // as a variable ($), the end of a directive (;) or a block ({}).
  if (!/^https?:\/\/(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d+)?$/i.test(upstreamOrigin))
    throw new Error(`nginx: the upstream must be an origin of a plain host name, got ${JSON.stringify(upstream)}`);
  // nginx does not check an upstream's certificate unless told to: without this, anyone on the path to
  // the backend could answer in its name and read every password and session on the way.
  const upstreamTls =
    upstreamUrl.protocol === 'https:'
      ? `proxy_ssl_verify on;
      proxy_ssl_verify_depth 4;
      proxy_ssl_trusted_certificate ${options.upstreamCa ?? debianCaBundle};
      proxy_ssl_protocols TLSv1.2 TLSv1.3;
      `
      : '';
  // An empty $page_robots adds no header (nginx leaves out add_header with an empty value).
  const html = `${headers(policy, '$referrer_policy', '$page_cache_control')}\n      add_header X-Robots-Tag $page_robots always;`;
  const brotli = brotliModule ? 'brotli_static on;' : '';
  const site = `${siteDir.replace(/\/+$/, '')}`;
  // A real server name is the one host told to the backend; with `_` (any, plain http only), the
  // request's own Host is all there is.
  const publicHost = serverName === '_' ? '$host' : '$server_name';
  // Our headers on the API's answers too, the backend's own of the same names replaced (as the Node
  // server's middleware sets them on every answer, proxied or not), and never a cached API answer.
  const apiHeaders = [
    ...['Content-Security-Policy', ...fixedSecurityHeaders.map(([name]) => name), 'Referrer-Policy', 'Cache-Control'].map(
      (name) => `proxy_hide_header ${name};`,
    ),
    headers(policy, '$referrer_policy', 'no-store'),
  ].join('\n      ');
  const proxy = (location: string, extra = '', ours = true) => `location ${location} {
      ${extra}proxy_pass ${upstreamUrl.protocol}//innlogging_api;
      # Kept-alive connections to the backend (HTTP/1.1), its name for TLS and for the Host it expects.
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host ${upstreamUrl.host};
      proxy_ssl_server_name on;
      proxy_ssl_name ${upstreamUrl.hostname.replace(/^\[|\]$/g, '')};
      ${upstreamTls}proxy_set_header X-Forwarded-Host ${publicHost};
      proxy_set_header X-Forwarded-Proto $forwarded_proto;
      # The client as nginx sees it (after a trusted proxy's word, TRUST_PROXY), never the client's own
      # X-Forwarded-For (as the Node server, server/app.ts).
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_redirect off;${ours ? `\n      ${apiHeaders}` : ''}
    }`;
  // /post/api and /post/log as the Node server forwards them (server/app.ts): the path as it came, and
  // none with an encoded dot, slash or backslash, which the upstream could resolve out of /post/api.
  // Nor a ';' (Tomcat and Spring read /post/api/..;/x as /post/x) or a backslash (some servers read it
  // as a slash), which nginx forwards as they came.
  const refuseEncoded = `if ($request_uri ~* "^[^?]*(?:%(?:2e|2f|5c)|[;\\x5c])") {
        return 400 '{"error-code":"VALIDATION_FAILED","error-message":"Not an API path"}';
      }
      default_type application/json;
      `;
  const app = `
    root ${site};
    # Redirects say a path (Location: /innlogging/en/…), as the Node server's do: an absolute one would
    # be made from the Host header as it came and from nginx's own scheme and port.
    absolute_redirect off;

    location = / {
      ${headers(policy, referrerPolicies.ordinary, 'no-cache')}
      return 302 ${basePath}/;
    }

    location = ${basePath} {
      ${headers(policy, referrerPolicies.ordinary, 'no-cache')}
      return 301 ${basePath}/;
    }

    # Hashed assets: cached for a year, sent from their .br or .gz. No source maps (dist-sourcemaps/).
    location ${basePath}/assets/ {
      ${headers(policy, referrerPolicies.ordinary, '$asset_cache_control')}
      gzip_static on;
      ${brotli}
      location ~ [.]map$ {
        return 404;
      }
    }

    location = ${basePath}/favicon.svg {
      ${headers(policy, referrerPolicies.ordinary, 'public, max-age=86400')}
      gzip_static on;
      ${brotli}
    }

    # Every other app path: a page, never cached (it names the current hashed assets). See the top of
    # server/deploy/nginx-config.ts for the order.
    location ${basePath}/ {
      ${html}
      error_page 404 $not_found_page;
      if ($language_case_redirect) {
        return 301 $language_case_redirect;
      }
      if ($language_fallback_redirect) {
        return 302 $language_fallback_redirect;
      }
      if ($prerendered_page) {
        rewrite ^ $prerendered_page last;
      }
      if ($standin_page) {
        rewrite ^ $standin_page last;
      }
      if ($screen_name = notFound) {
        return 404;
      }
      rewrite ^ /_pages/$page_language/$screen_name.html last;
    }

    # The pages, reached only from the location above.
    location ^~ /_site/ {
      internal;
      alias ${site}${basePath}/;
      ${html}
      gzip_static on;
      ${brotli}
    }

    location ^~ /_pages/ {
      internal;
      ${html}
      gzip_static on;
      ${brotli}
    }

    # Stand-in pages: the token or the not-found path put in (both plain: the maps allow nothing else).
    location ^~ /_standin/ {
      internal;
      ${html}
      sub_filter_once off;
      sub_filter ${q(standIns.parameter)} $page_token;
      sub_filter ${q(standIns.rest)} $not_found_rest;
      sub_filter ${q(pathStandIn)} $page_path;
    }

    # The API and the web log: the real backend (which sends its own headers).
    ${proxy('= /post/api', refuseEncoded)}
    ${proxy('/post/api/', refuseEncoded)}
    ${proxy('/post/log/', refuseEncoded)}
    ${extraProxyPaths.map((location) => proxy(location, '', false)).join('\n    ')}

    location / {
      ${headers(policy, referrerPolicies.ordinary, 'no-cache')}
      return 404;
    }`;

  // Both https servers below, the site and the one for other hosts: the handshake of a client that
  // names no host of ours (or none) is made with the latter's settings.
  const tlsSettings = tls
    ? `ssl_certificate ${tls.certificate};
    ssl_certificate_key ${tls.key};
    # Mozilla's intermediate configuration.
    ssl_protocols TLSv1.2 TLSv1.3;
    ssl_ciphers ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305;
    ssl_prefer_server_ciphers off;
    ssl_session_cache shared:innlogging_tls:10m;
    ssl_session_timeout 1d;
    ssl_session_tickets off;`
    : '';
  const servers = tls
    ? `
  # http: only the way to https, and always to the configured host (serverNameProblem): the request's
  # Host, whatever it names, is never put into the Location. Every Host is answered so, an address or
  # another of our names alike: the redirect leads only here.
  server {
    listen ${options.listenHttp} default_server;
    server_name ${serverName};
    location / {
      return 301 https://${primaryHost}${tls.redirectPort && tls.redirectPort !== 443 ? `:${tls.redirectPort}` : ''}$request_uri;
    }
  }

  # https for a Host (or an SNI name) that is none of ours: 421 Misdirected Request, not the site under
  # a name that is not its own (a foreign name pointed here, DNS rebinding). 421 rather than nginx's
  # 444 (close without a word): a browser that sent another host's request over its HTTP/2 connection
  # to us (connection reuse, when the certificate names both) then asks that host on a new connection.
  server {
    listen ${tls.listen} ssl http2 default_server;
    server_name _;
    ${tlsSettings}
    return 421;
  }

  server {
    # nginx 1.22 (Debian 12) has no 'http2 on;': HTTP/2 is a parameter of listen there.
    listen ${tls.listen} ssl http2;
    server_name ${serverName};
    ${tlsSettings}
${app}
  }`
    : `
  # Plain http, behind a load balancer that ends TLS and owns the public name (and may check health by
  # address): every Host is served. Nothing in an answer is made from it: redirects are paths
  # (absolute_redirect off), and the backend is told the configured name (with \`_\`, the Host as it came).
  server {
    listen ${options.listenHttp};
    server_name ${serverName};
${app}
  }`;

  return `# Generated by server/deploy/nginx-config.ts (docs/deploy/README.md): do not edit by hand.
${brotliModule ? `load_module ${brotliModule};\n` : ''}worker_processes auto;
pid ${prefixDir}/nginx.pid;
# Errors to stderr (the container's log; nginx is started with -e stderr, so nothing is written before this either).
error_log stderr warn;

events {
  worker_connections 4096;
}

http {
  include ${options.mimeTypes ?? '/etc/nginx/mime.types'};
  default_type application/octet-stream;
  access_log ${accessLog};
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  server_tokens off;
  client_body_temp_path ${prefixDir}/client_body;
  proxy_temp_path ${prefixDir}/proxy;
  fastcgi_temp_path ${prefixDir}/fastcgi;
  uwsgi_temp_path ${prefixDir}/uwsgi;
  scgi_temp_path ${prefixDir}/scgi;
  # Long enough for the maps' many regular expressions.
  map_hash_bucket_size 256;

  # The same limits as the Node server: small bodies, no giant headers.
  client_max_body_size ${maxUpstreamBody / 1024}k;
  large_client_header_buffers 4 16k;

  # Text the site has no .gz for (the API's answers, the stand-in pages once filled in).
  gzip on;
  gzip_vary on;
  gzip_comp_level 6;
  gzip_types text/css application/javascript text/javascript application/json image/svg+xml;
  gzip_proxied any;

${maps()}
${trustedProxy(trustProxy)}
  # The backend, resolved when nginx starts (restart nginx when its addresses change).
  upstream innlogging_api {
    server ${upstreamUrl.host.includes(':') && !upstreamUrl.host.endsWith(']') ? upstreamUrl.host : `${upstreamUrl.host}:${upstreamUrl.port || (upstreamUrl.protocol === 'https:' ? 443 : 80)}`};
    keepalive 32;
  }
${servers}
}
`;
}
