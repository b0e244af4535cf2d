/**
 * The server's screen match (src/screens/screens.ts screenAt), remembered per path. React Router's
 * matchRoutes flattens, ranks and compiles the whole route tree on every call (about 0.5 ms here),
 * and the server asks on every request (the page, and its Referrer-Policy): without this the static
 * base route served a fifth of its requests per second. At most `limit` paths are kept: a stream of
 * made-up paths costs each its match, never memory.
 */
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

/** Whether the screen at this path holds a secret parameter (no Referer, redaction). */
export function carriesSecretAt(relativePath: string): boolean {
  return (screenAtPath(relativePath).screen.secretParams?.length ?? 0) > 0;
}
