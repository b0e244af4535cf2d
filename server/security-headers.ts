import type { MiddlewareHandler } from 'hono';
import { parseAppLocation } from '../src/config/routes';
import { carriesSecretAt } from './screen-match';
import { defaultRuntimeConfig, type RuntimeConfig } from '../src/config/runtime';
import { bootScript } from '../src/app/boot/boot-script';
import { cspHash } from './style-hashes';

/**
 * Paths that carry a secret (screens/manifest.ts secretParams: a one-time token, an app redirect):
 * no Referer at all leaves them, not even to our own origin's other pages or to a store link the page
 * offers. The emulator's authorization pages (tokens in the path) likewise.
 */
export function carriesToken(pathname: string): boolean {
  if (pathname.startsWith('/post/api/oauth/authorize/tokens/')) return true;
  const location = parseAppLocation(pathname);
  if (location === null) return false;
  // Also for a reading with repeated slashes made one (//mobileLogin/<token>/… is not the screen, yet
  // holds its token): when in doubt, no Referer.
  return carriesSecretAt(location.relativePath) || carriesSecretAt(location.relativePath.replace(/\/{2,}/g, '/').replace(/^\//, ''));
}

function originOf(url: string): string | null {
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The DSN's origin: where the error-reporting SDK sends its envelopes. */
function dsnOrigin(dsn: string): string | null {
  if (!dsn) return null;
  try {
    const url = new URL(dsn);
    return `${url.protocol}//${url.host}`;
  } catch {
    return null;
  }
}

const unique = (values: (string | null)[]) => [...new Set(values.filter((value): value is string => Boolean(value)))];

/** The one inline script of every page (the boot script in <head>, src/app/boot/boot-script.ts), by hash. */
const inlineScriptHash = cspHash(bootScript);

/**
 * The Content-Security-Policy. script-src has no 'unsafe-inline' or 'unsafe-eval': the app is only
 * module scripts from our own origin and the one inline script in <head>, by its hash, plus the
 * chatbot and analytics scripts where they are configured on another origin. connect-src is the API (same origin), the status page, analytics and error
 * reporting. style-src has no 'unsafe-inline' either: stylesheets from our origin, and in prerendered
 * markup only the style attributes the build found there, by hash (server/style-hashes.ts). React sets
 * styles after that through element.style, which the policy does not check.
 *
 * default-src is 'none': every kind of fetch the app makes has a directive of its own, so anything new
 * (frames, workers, media, a web manifest, prefetches) is refused until it is allowed here by name.
 * This is also what Mozilla's HTTP Observatory rewards with its best CSP result (+10, against +5 for
 * default-src 'self'; scripts/observatory.ts).
 */
export function contentSecurityPolicy(runtime: RuntimeConfig = defaultRuntimeConfig, styleHashes: readonly string[] = []): string {
  const scripts = unique(["'self'", inlineScriptHash, originOf(runtime.chatbotUrl), originOf(runtime.analyticsUrl)]);
  const connect = unique([
    "'self'",
    originOf(runtime.statusPageUrl),
    originOf(runtime.chatbotUrl),
    originOf(runtime.analyticsUrl),
    dsnOrigin(runtime.sentryDsn),
  ]);
  return [
    "default-src 'none'",
    `script-src ${scripts.join(' ')}`,
    `style-src ${["'self'", ...(styleHashes.length > 0 ? ["'unsafe-hashes'", ...styleHashes] : [])].join(' ')}`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * The headers every answer carries besides the policy and the Referrer-Policy: one list for the Node
 * server and the nginx deployment (server/deploy/nginx-config.ts writes them into its configuration).
 */
export const fixedSecurityHeaders: readonly (readonly [string, string])[] = [
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  // No other site may embed what we answer (a script, an image, a JSON answer read as one).
  ['Cross-Origin-Resource-Policy', 'same-origin'],
];

/** Referrer-Policy: none at all from a page that holds a secret (carriesToken), else the origin only. */
export const referrerPolicies = { secret: 'no-referrer', ordinary: 'strict-origin-when-cross-origin' } as const;

const noStyleHashes: readonly string[] = [];

/** `styleHashes` gives the build's list once there is a build (server/style-hashes.ts builtStyleHashes). */
export function securityHeaders(runtime: RuntimeConfig = defaultRuntimeConfig, styleHashes: () => readonly string[] = () => noStyleHashes): MiddlewareHandler {
  let policyFor: readonly string[] | undefined;
  let policy = '';
  return async (c, next) => {
    await next();
    const hashes = styleHashes();
    if (hashes !== policyFor) {
      policy = contentSecurityPolicy(runtime, hashes);
      policyFor = hashes;
    }
    const headers = c.res.headers;
    headers.set('Content-Security-Policy', policy);
    for (const [name, value] of fixedSecurityHeaders) headers.set(name, value);
    headers.set('Referrer-Policy', carriesToken(new URL(c.req.url).pathname) ? referrerPolicies.secret : referrerPolicies.ordinary);
  };
}
