/**
 * The HTTP server: the built app under /innlogging/, security headers, compression, and the API —
 * either the backend emulator or a proxy to a real upstream.
 */
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { proxy } from 'hono/proxy';
import { basePath, parseAppLocation } from '../src/config/routes';
import { notFoundMatch } from '../src/screens/screens';
import { sameSitePath } from '../src/security/redirect-targets';
import { apiMethods, isApiPath, isLogPath, maxUpstreamBody } from './api-paths';
import { apiError } from './http/api-error';
import { refuseNonJsonBody } from './http/content-types';
import { limitBody } from './http/body-limit';
import { clientView } from './client-address';
import { createAppHtml } from './app-html';
import type { ServerConfig } from './config';
import { carriesSecretAt, screenAtPath } from './screen-match';
import { securityHeaders } from './security-headers';
import { createCompressedPages } from './compressed-pages';
import { readStaticFile } from './static-files';
import { builtStyleHashes } from './style-hashes';

export interface AppOptions {
  config: ServerConfig;
  /** The backend emulator, mounted at the root when there is no upstream. */
  emulator?: Hono;
}

const immutable = 'public, max-age=31536000, immutable';

/**
 * Hop-by-hop headers (RFC 9110 §7.6.1): this connection's, never forwarded. fetch refuses some of them
 * outright (Connection with other tokens, Upgrade, Expect: each was a 502 or 500 for the client's
 * request), and Connection: close would end the keep-alive to the backend. Node's server has met a
 * 100-continue expectation itself (it answers 100 Continue before the body is read). Host is the
 * upstream's own.
 */
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
  'host',
]);

/** The request's headers that go on to the backend: without the hop-by-hop ones and those its Connection names. */
export function endToEndHeaders(headers: Headers): Record<string, string> {
  const named = new Set((headers.get('connection') ?? '').split(',').map((token) => token.trim().toLowerCase()));
  const kept: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!hopByHop.has(name) && !named.has(name)) kept[name] = value;
  });
  return kept;
}

export function createApp({ config, emulator }: AppOptions): Hono {
  const app = new Hono();
  const appHtml = createAppHtml(config.distDir, config.runtime);
  const compressedPages = createCompressedPages();

  // API answers carry the CSRF token, the role and the app's tokens: no cache (shared or the browser's
  // own) may keep one, whether the emulator or the upstream answered. Outermost, with the headers: a
  // path-scoped middleware after a '*' one loses its header under @hono/node-server's Response.
  app.use('*', async (c, next) => {
    await next();
    if (isApiPath(c.req.path)) {
      try {
        c.res.headers.set('Cache-Control', 'no-store');
      } catch {
        // An upstream's answer with immutable headers: copied once.
        c.res = new Response(c.res.body, c.res);
        c.res.headers.set('Cache-Control', 'no-store');
      }
    }
    // Hono answers HEAD with a new Response made from the GET answer, and @hono/node-server's copies only
    // the headers that answer was created with, not those added since (security headers, no-store): an
    // answer made afresh from the finished headers keeps them all.
    if (c.req.method === 'HEAD') c.res = new Response(null, { status: c.res.status, headers: new Headers(c.res.headers) });
  });
  app.use('*', securityHeaders(config.runtime, builtStyleHashes(config.distDir)));
  app.use('*', compress());

  app.get('/', (c) => c.redirect(`${basePath}/`, 302));

  // Only the types server/static-files.ts names: a source map (*.map) is answered 404.
  // Sent from the .br or .gz the build made beside each (server/deploy/static-site.ts), as nginx does.
  const sendFile = (c: Context, file: Awaited<ReturnType<typeof readStaticFile>>, cacheControl: string) => {
    if (!file) return c.text('Not found', 404);
    const headers: Record<string, string> = { 'Content-Type': file.contentType, 'Cache-Control': cacheControl, Vary: 'Accept-Encoding' };
    if (file.encoding) headers['Content-Encoding'] = file.encoding;
    return c.body(new Uint8Array(file.body), 200, headers);
  };

  app.get(`${basePath}/assets/*`, async (c) =>
    sendFile(c, await readStaticFile(`${config.distDir}/assets`, c.req.path.slice(`${basePath}/assets/`.length), c.req.header('accept-encoding')), immutable),
  );

  app.get(`${basePath}/favicon.svg`, async (c) =>
    sendFile(c, await readStaticFile(config.distDir, 'favicon.svg', c.req.header('accept-encoding')), 'public, max-age=86400'),
  );

  // Every app path gets the HTML entry: 200 where a screen lives, 404 where none does (the app then
  // shows its not-found page), a redirect to nb for an unsupported language segment, and a permanent
  // one to the lower-case segment for nb, nn or en in other letter case (docs/decisions/001).
  app.get(`${basePath}`, (c) => c.redirect(`${basePath}/`, 301));
  app.get(`${basePath}/*`, (c) => {
    // The path as it came, still percent-encoded, as the browser's router reads window.location: the
    // screen is matched the same way on both sides (src/screens/screens.ts screenAt).
    const { pathname, search } = new URL(c.req.url);
    const location = parseAppLocation(pathname);
    if (!location) return c.notFound();
    const redirect = location.fallbackPath ?? location.canonicalPath;
    if (redirect) {
      // From the path as it came (still percent-encoded, never decoded into the header), checked as
      // every redirect target is; a path that fails the rule is sent nowhere: the not-found page.
      const target = sameSitePath(`${redirect}${search}`);
      if (target !== null) return c.redirect(target, location.fallbackPath ? 302 : 301);
    }
    const screen = redirect === null ? screenAtPath(location.relativePath) : notFoundMatch;
    const known = screen.name !== 'notFound';
    const html = appHtml({ language: location.language, relativePath: location.relativePath, pathname, search, screen });
    if (html === null) return c.text('The front end is not built: run `npm run build` (or use `npm start`).', 503);
    // A page that holds a secret (a one-time token) is kept by no cache and indexed by no search engine (issue #45).
    const headers: Record<string, string> = carriesSecretAt(location.relativePath)
      ? { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex', Vary: 'Accept-Encoding' }
      : { 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' };
    const encoded = compressedPages.get(html, c.req.header('accept-encoding'));
    if (encoded)
      return c.body(new Uint8Array(encoded.body), known ? 200 : 404, {
        ...headers,
        'Content-Type': 'text/html; charset=UTF-8',
        'Content-Encoding': encoded.encoding,
      });
    return c.html(html, known ? 200 : 404, headers);
  });

  // At the API and the log, only the methods the API is called with (api-paths.ts), with the emulator
  // and the upstream alike. The proxy cannot forward TRACE, TRACK or CONNECT (fetch refuses them: that
  // was a 500), and TRACE would have the backend echo the request back, cookies and all; OPTIONS would
  // let the backend grant a cross-site page the CORS preflight that the CSRF-free log counts on never
  // being granted (docs/emulator.md). Before the emulator's 415: the method is refused whatever the body.
  app.use('*', async (c, next) => {
    if (!(isApiPath(c.req.path) || isLogPath(c.req.path)) || apiMethods.includes(c.req.method)) return next();
    c.header('Allow', apiMethods.join(', '));
    return apiError(c, 405, 'METHOD_NOT_ALLOWED', `Method not allowed: use ${apiMethods.join(', ')}`);
  });

  if (config.apiUpstream) {
    const upstream = config.apiUpstream;
    const client = clientView(config.trustProxy);
    const forward = async (c: Context): Promise<Response> => {
      // From the path as it came (Hono's c.req.path is decoded: %5c would become a backslash, which the
      // URL parser reads as a slash, and ..\..\ would climb out of /post/api), and it must still be
      // under /post/api or /post/log once resolved: nothing else on the upstream is ours to reach. No ';'
      // either: a Java backend (Tomcat, Spring) reads /post/api/..;/x as /post/x.
      const { pathname, search } = new URL(c.req.url);
      const target = new URL(`${pathname}${search}`, upstream);
      if (target.origin !== upstream.origin || !(isApiPath(target.pathname) || isLogPath(target.pathname)) || /%(2e|2f|5c)|;/i.test(target.pathname)) {
        return apiError(c, 400, 'VALIDATION_FAILED', 'Not an API path');
      }
      // fetch sends no body with a GET or HEAD, so the upstream never sees one: such a body is judged
      // here as the emulator judges it (415 unless JSON, content-types.ts), then left behind, as the
      // emulator ignores it. Every other body goes as it came, and the upstream decides.
      if (c.req.method === 'GET' || c.req.method === 'HEAD') {
        const refused = refuseNonJsonBody(c);
        if (refused) return refused;
      }
      // The client's address and scheme as this server knows them (TRUST_PROXY), never the client's own word.
      const address = client.address(c);
      try {
        return await proxy(target, {
          ...c.req,
          headers: {
            ...endToEndHeaders(c.req.raw.headers),
            'X-Forwarded-Host': c.req.header('host'),
            'X-Forwarded-For': address,
            'X-Forwarded-Proto': client.isHttps(c) ? 'https' : 'http',
          },
        });
      } catch (error) {
        // The backend not reached, or gone before it answered: a gateway's failure (502), not this server's.
        console.error('[server] upstream request failed', error);
        return apiError(c, 502, 'BAD_GATEWAY', 'The backend could not be reached');
      }
    };
    // A body over the limit is refused before any of it goes upstream (413, then the connection closes
    // cleanly, as the emulator's do), as nginx refuses it in the static deployment.
    const limit = limitBody(maxUpstreamBody);
    app.all('/post/api', limit, forward);
    app.all('/post/api/*', limit, forward);
    app.all('/post/log/*', limit, forward);
  } else if (emulator) {
    app.route('/', emulator);
  }

  app.notFound((c) => c.text('Not found', 404));
  app.onError((error, c) => {
    console.error('[server] unhandled error', error);
    return c.json({ 'error-code': 'INTERNAL_ERROR', 'error-message': 'Internal server error' }, 500);
  });
  return app;
}
