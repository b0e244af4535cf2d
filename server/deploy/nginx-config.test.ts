// @vitest-environment node
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { samplePath } from '../../scripts/first-load';
import { defaultRuntimeConfig } from '../../src/config/runtime';
import { screenAt, screenManifest, type ScreenName } from '../../src/screens/screens';
import { securityHeaders } from '../security-headers';
import { styleHash } from '../style-hashes';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, projectRoot } from '../config';
import { exampleConfig, exampleFile } from './example';
import { nginxConfig, screenPatterns } from './nginx-config';
import { renderDeployment } from './render';

const options = {
  siteDir: '/srv/site',
  runtime: { ...defaultRuntimeConfig, chatbotUrl: 'https://chat.example.no/widget.js', sentryDsn: 'https://key@errors.example.no/1' },
  styleHashes: [styleHash('position:relative')],
  upstream: 'https://api.example.no',
  listenHttp: '8080',
  prefixDir: '/var/lib/innlogging',
};

/** What a location of the config sends: its add_header lines. */
function headersOfLocation(config: string, location: string): Record<string, string> {
  const start = config.indexOf(`location ${location} {`);
  const block = config.slice(start, config.indexOf('\n    }', start));
  return Object.fromEntries([...block.matchAll(/add_header ([\w-]+) "([^"]*)" always;/g)].map(([, name, value]) => [name.toLowerCase(), value]));
}

describe('nginx configuration (server/deploy/nginx-config.ts)', () => {
  it("sends the Node server's headers for the same settings and build: the policy with the configured origins and the build's hashes", async () => {
    const app = new Hono();
    app.use(
      '*',
      securityHeaders(options.runtime, () => options.styleHashes),
    );
    app.get('/innlogging/business', (c) => c.html('<p>page</p>'));
    const fromServer = Object.fromEntries(
      [...(await app.request('/innlogging/business')).headers.entries()].filter(([name]) => !['content-type', 'referrer-policy'].includes(name)),
    );
    const config = nginxConfig(options);
    for (const location of ['/innlogging/assets/', '/innlogging/', '^~ /_pages/', '^~ /_site/', '^~ /_standin/']) {
      const { 'cache-control': _, 'referrer-policy': __, ...fromNginx } = headersOfLocation(config, location);
      expect(fromNginx, location).toEqual(fromServer);
    }
    expect(fromServer['content-security-policy']).toContain('https://chat.example.no');
    expect(fromServer['content-security-policy']).toContain('https://errors.example.no');
    expect(fromServer['content-security-policy']).toContain(options.styleHashes[0]);
  });

  it("tries the screens in React Router's order: every screen's paths land where the router puts them", () => {
    const patterns = screenPatterns().map(({ name, pattern }) => ({
      name,
      regex: new RegExp(
        pattern.replace(
          /\(\?i:([^)]*)\)/g,
          (_, text: string) => `(?:${[...text].map((ch) => (/[a-z]/i.test(ch) ? `[${ch.toLowerCase()}${ch.toUpperCase()}]` : ch)).join('')})`,
        ),
      ),
    }));
    const nginxScreen = (requestUri: string) => patterns.find(({ regex }) => regex.test(requestUri))?.name ?? 'notFound';
    for (const name of Object.keys(screenManifest) as ScreenName[]) {
      const sample = samplePath(name);
      for (const form of [sample, `${sample}/`, `${sample}?x=1`, sample.toUpperCase(), `${sample}/extra`]) {
        for (const prefix of ['/innlogging', '/innlogging/nn', '/innlogging/en']) {
          const relative = form.replace(/^\//, '').replace(/\?.*$/, '');
          expect(nginxScreen(`${prefix}/${form.replace(/^\//, '')}`), `${prefix}/${form}`).toBe(screenAt(relative).name);
        }
      }
    }
  });

  it('has TLS with http only redirecting to https on the configured host, and no value that could break out of its quotes', () => {
    const config = nginxConfig({
      ...options,
      serverName: 'www.example.no',
      tls: { listen: '8443', certificate: '/tls/cert.pem', key: '/tls/key.pem', redirectPort: 8443 },
    });
    expect(config).toMatch(
      /listen 8080 default_server;\n\s+server_name www\.example\.no;\n\s+location \/ \{\n\s+return 301 https:\/\/www\.example\.no:8443\$request_uri;/,
    );
    expect(config).toContain('listen 8443 ssl http2;');
    expect(config).toContain('ssl_protocols TLSv1.2 TLSv1.3;');
    // A policy takes the configured URLs' origins only; paths and names are refused unless plain.
    expect(nginxConfig({ ...options, runtime: { ...options.runtime, chatbotUrl: 'https://chat.example.no/"; return 200 x; "' } })).not.toContain(
      'return 200 x',
    );
    expect(() => nginxConfig({ ...options, siteDir: '/srv/site; include /etc/shadow' })).toThrow(/siteDir/);
    // A $ in a setting's host name would be an nginx variable in the policy: a request header put into it.
    expect(() => nginxConfig({ ...options, runtime: { ...options.runtime, statusPageUrl: 'https://status$http_x.example.no/api' } })).toThrow(/policy/);
    expect(() => nginxConfig({ ...options, serverName: 'a; return 200' })).toThrow(/server names/);
  });

  it("checks an https upstream's certificate against the CAs, and takes an upstream of a plain host name only", () => {
    const config = nginxConfig(options);
    const proxied = config.slice(config.indexOf('location /post/api/ {'), config.indexOf('location /post/log/ {'));
    expect(proxied).toContain('proxy_ssl_verify on;');
    expect(proxied).toContain('proxy_ssl_trusted_certificate /etc/ssl/certs/ca-certificates.crt;');
    expect(nginxConfig({ ...options, upstreamCa: '/tls/internal-ca.pem' })).toContain('proxy_ssl_trusted_certificate /tls/internal-ca.pem;');
    expect(nginxConfig({ ...options, upstream: 'http://127.0.0.1:3000' })).not.toContain('proxy_ssl_verify');
    // The WHATWG parser keeps $ and ; in a host name: nginx would read a variable or the end of proxy_pass.
    expect(() => nginxConfig({ ...options, upstream: 'https://api$host.example.no' })).toThrow(/upstream/);
    expect(() => nginxConfig({ ...options, upstream: 'https://api;internal' })).toThrow(/upstream/);
    expect(() => nginxConfig({ ...options, upstreamCa: '/tls/ca.pem; include /etc/shadow' })).toThrow(/upstreamCa/);
  });

  it('caches a hashed asset for a year only when it is there: never a 404 (a rolling deploy asks old machines for new assets)', () => {
    const config = nginxConfig(options);
    const assets = config.slice(config.indexOf('location /innlogging/assets/ {'), config.indexOf('location = /innlogging/favicon.svg'));
    expect(assets).not.toContain('immutable');
    expect(assets).toContain('add_header Cache-Control "$asset_cache_control" always;');
    expect(config).toMatch(/map \$status \$asset_cache_control \{\n\s+default "no-cache";\n\s+200 "public, max-age=31536000, immutable";/);
  });

  it('fills the stand-in pages in from their plain files and gzips them after: a .gz or .br of one would be sent with its stand-ins left in', () => {
    const config = nginxConfig({ ...options, brotliModule: '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so' });
    const standIn = config.slice(config.indexOf('location ^~ /_standin/ {'), config.indexOf('\n    }', config.indexOf('location ^~ /_standin/ {')));
    expect(standIn).toContain('sub_filter_once off;');
    expect(standIn).not.toMatch(/gzip_static|brotli_static/);
    expect(config).toMatch(/\n  gzip on;\n  gzip_vary on;/);
  });

  it("sends the upstream the client's address as nginx sees it, not the client's own X-Forwarded-For", () => {
    const config = nginxConfig(options);
    for (const location of ['= /post/api', '/post/api/', '/post/log/']) {
      const block = config.slice(config.indexOf(`location ${location} {`), config.indexOf('\n    }', config.indexOf(`location ${location} {`)));
      expect(block, location).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
      expect(block, location).not.toContain('$proxy_add_x_forwarded_for');
    }
  });

  it("refuses an API path that a Java backend or another server could resolve out of /post/api: encoded dots and slashes, ';', backslashes", () => {
    const config = nginxConfig(options);
    const [, pattern] = config.match(/if \(\$request_uri ~\* "([^"]*)"\) \{\n\s+return 400/) ?? [];
    const refused = new RegExp((pattern ?? '').replace(/\\x5c/g, '\\\\'), 'i');
    for (const path of ['/post/api/%2e%2e/x', '/post/api/a%2Fb', '/post/api/..;/..;/actuator', '/post/log/x;a=b', '/post/api/..\\..\\x', '/post/api/%5c'])
      expect(refused.test(path), path).toBe(true);
    for (const path of ['/post/api/private/login/password?x=1;y', '/post/log/web', '/post/api?a=%2e']) expect(refused.test(path), path).toBe(false);
  });

  it('docs/deploy/nginx.conf is what the generator writes today (npm run deploy:example writes it again)', () => {
    expect(readFileSync(exampleFile, 'utf8'), 'docs/deploy/nginx.conf is out of date: run `npm run deploy:example`').toBe(exampleConfig());
  });

  it('believes a proxy in front only from its networks, names only a real server name to the backend, and puts our headers on API answers', () => {
    const plain = nginxConfig(options);
    expect(plain).not.toContain('set_real_ip_from');
    expect(plain).toContain('proxy_set_header X-Forwarded-Host $host;');
    const behind = nginxConfig({
      ...options,
      serverName: 'www.example.no',
      trustProxy: ['10.0.0.0/8', 'fd00::/8'],
      tls: { listen: '8443', certificate: '/tls/c.pem', key: '/tls/k.pem', redirectPort: 443 },
    });
    expect(behind).toContain('set_real_ip_from 10.0.0.0/8;');
    expect(behind).toContain('set_real_ip_from fd00::/8;');
    expect(behind).toMatch(/geo \$realip_remote_addr \$from_trusted_proxy \{\n\s+default 0;\n\s+10\.0\.0\.0\/8 1;/);
    expect(behind).toContain('proxy_set_header X-Forwarded-Host $server_name;');
    expect(behind).toContain('return 301 https://www.example.no$request_uri;');
    expect(() => nginxConfig({ ...options, trustProxy: ['10.0.0.0/8; return 200'] })).toThrow(/CIDR/);
    const api = headersOfLocation(plain, '/post/api/');
    expect(api['cache-control']).toBe('no-store');
    expect(api['content-security-policy']).toContain("default-src 'none'");
    expect(plain).toContain('proxy_hide_header Content-Security-Policy;');
  });

  // Issue #34 item 7: with server_name `_`, http answered a Host of evil.example with
  // 301 https://evil.example/…, and https served the site under any name.
  describe('the host with TLS', () => {
    const tls = { listen: '8443', certificate: '/tls/cert.pem', key: '/tls/key.pem', redirectPort: 443 };

    it('is required: without one the configuration is not written', () => {
      expect(() => nginxConfig({ ...options, tls })).toThrow(/nginx: TLS needs the public host name/);
      expect(() => nginxConfig({ ...options, tls, serverName: '_' })).toThrow(/TLS needs the public host name/);
      // The first name is put into the Location as it is: a wildcard or a pattern is no host.
      expect(() => nginxConfig({ ...options, tls, serverName: '*.example.no www.example.no' })).toThrow(/plain host name/);
      expect(() => nginxConfig({ ...options, serverName: '.example.no' })).toThrow(/plain host name/);
      // Plain http (TLS ended at a load balancer in front) may still serve any host.
      expect(nginxConfig(options)).toContain('server_name _;');
    });

    it('is the only host redirected to, and https for any other host answers 421', () => {
      const config = nginxConfig({ ...options, tls, serverName: 'www.example.no example.no' });
      const redirects = [...config.matchAll(/return 301 (\S+);/g)].map(([, target]) => target).filter((target) => target.startsWith('https:'));
      expect(redirects).toEqual(['https://www.example.no$request_uri']);
      expect(config).not.toMatch(/https:\/\/\$(?:host|http_host|server_name)/);
      expect(config).toMatch(
        /listen 8443 ssl http2 default_server;\n\s+server_name _;\n(?:\s+[^\n]*\n)*?\s+ssl_protocols TLSv1\.2 TLSv1\.3;\n(?:\s+[^\n]*\n)*?\s+return 421;/,
      );
      expect(config).toMatch(/listen 8443 ssl http2;\n\s+server_name www\.example\.no example\.no;/);
    });

    it("missing, stops the deployment's start (docs/deploy/entrypoint.sh) before anything is written, naming SERVER_NAME", () => {
      const prefix = mkdtempSync(path.join(tmpdir(), 'innlogging-render-'));
      try {
        const env = {
          PATH: process.env.PATH ?? '',
          APP_DIR: projectRoot,
          API_UPSTREAM: 'http://127.0.0.1:9',
          NGINX_PREFIX: path.join(prefix, 'nginx'),
          TLS_CERTIFICATE: path.join(prefix, 'cert.pem'),
          TLS_CERTIFICATE_KEY: path.join(prefix, 'key.pem'),
          // Never reached: the start stops at the settings.
          NGINX_PATH: '/bin/false',
        };
        expect(() => renderDeployment(env)).toThrow(ConfigError);
        const started = spawnSync(path.join(projectRoot, 'docs', 'deploy', 'entrypoint.sh'), [], { env, encoding: 'utf8' });
        expect(started.status).toBe(1);
        expect(started.stderr).toContain('Configuration error: SERVER_NAME: TLS needs the public host name');
        expect(existsSync(env.NGINX_PREFIX)).toBe(false);
      } finally {
        rmSync(prefix, { recursive: true, force: true });
      }
    });
  });
});
