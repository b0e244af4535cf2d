/**
 * The server's screen match (src/screens/screens.ts screenAt), remembered per path. React Router's
 * matchRoutes flattens, ranks and compiles the whole route tree on every call (about 0.5 ms here),
 * and the server asks on every request (the page, and its Referrer-Policy): without this the static
 * base route served a fifth of its requests per second. At most `limit` paths are kept: a stream of
 * made-up paths costs each its match, never memory.
 */
import { screenEntries } from '../src/screens/manifest';
import { screenAt, type ScreenMatch } from '../src/screens/screens';

const limit = 2000;
const matches = new Map<string, ScreenMatch>();

export function screenAtPath(relativePath: string): ScreenMatch {
  const known = matches.get(relativePath);
  if (known) return known;
  const match = screenAt(relativePath);
  if (matches.size >= limit) matches.clear();
  matches.set(relativePath, match);
  return match;
}

/**
 * The first segments of screens whose second segment is a secret (mobileLogin/:token/…), in lower
 * case: a path under one holds a token even where no screen owns the rest (a mistyped or cut-off
 * address, answered with the not-found page), as docs/deploy/nginx.conf reads it.
 */
const secretPrefixes = new Set(
  screenEntries.flatMap(([, { path, secretParams }]) => {
    const [first, second] = path.split('/');
    return second?.startsWith(':') && secretParams?.includes(second.slice(1)) ? [first.toLowerCase()] : [];
  }),
);

/** Whether the screen at this path holds a secret parameter (no Referer, redaction), or the path a token of such a screen. */
export function carriesSecretAt(relativePath: string): boolean {
  const match = screenAtPath(relativePath);
  if ((match.screen.secretParams?.length ?? 0) > 0) return true;
  const [first, second] = relativePath.split('/');
  return match.name === 'notFound' && second !== undefined && second !== '' && secretPrefixes.has(first.toLowerCase());
}
