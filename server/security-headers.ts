import type { MiddlewareHandler } from 'hono';
import { matchPattern, parseAppLocation, screens } from '../src/config/routes';
import { defaultRuntimeConfig, type RuntimeConfig } from '../src/config/runtime';

/** Screens whose path holds a one-time token or a redirect target: the mobile app's pages. */
const tokenScreens = Object.values(screens).filter((pattern) => /:(token|redirectUrl)\b/.test(pattern));

/**
 * Paths that carry a token: no Referer at all leaves them, not even to our own origin's other pages
 * or to a store link the page offers. The email-verification screen carries its token in the query.
 */
export function carriesToken(pathname: string): boolean {
  if (pathname.startsWith('/post/api/oauth/authorize/tokens/')) return true;
  const location = parseAppLocation(pathname);
  if (!location) return false;
  const relative = location.relativePath.replace(/\/+$/, '');
  if (relative === screens.emailVerification) return true;
  return tokenScreens.some((pattern) => matchPattern(pattern, relative) !== null);
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

/**
 * The Content-Security-Policy. script-src has no 'unsafe-inline' or 'unsafe-eval': the app is only
 * module scripts from our own origin, plus the chatbot and analytics scripts where they are configured
 * on another origin. connect-src is the API (same origin), the status page, analytics and error
 * reporting. Styles allow inline style attributes, which React and Hedwig set (the spinner's delay);
 * style attributes cannot run code.
 */
export function contentSecurityPolicy(runtime: RuntimeConfig = defaultRuntimeConfig): string {
  const scripts = unique(["'self'", originOf(runtime.chatbotUrl), originOf(runtime.analyticsUrl)]);
  const connect = unique([
    "'self'",
    originOf(runtime.statusPageUrl),
    originOf(runtime.chatbotUrl),
    originOf(runtime.analyticsUrl),
    dsnOrigin(runtime.sentryDsn),
  ]);
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

export function securityHeaders(runtime: RuntimeConfig = defaultRuntimeConfig): MiddlewareHandler {
  const policy = contentSecurityPolicy(runtime);
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('Content-Security-Policy', policy);
    headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', carriesToken(c.req.path) ? 'no-referrer' : 'strict-origin-when-cross-origin');
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  };
}
