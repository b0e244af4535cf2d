/**
 * What a redirect may point at: one rule that parses, then decides, and never repairs. Shared by the
 * browser (before it follows a Location header or a link from the API) and the emulator (before it
 * answers one, or stores a return address), so both refuse the same open redirects.
 *
 * A candidate is resolved with the WHATWG URL parser (as a browser would) against a stand-in origin,
 * and accepted only when it stays on that origin and its path is what it claims to be: no dot segments
 * (`/a/..//host` resolves to `//host`), no encoded slash, backslash or dot that a decoding proxy would
 * turn into one (also double-encoded), no control characters or white space (raw or encoded: CRLF
 * injection, and the tabs and newlines a parser silently drops), no look-alike that Unicode
 * normalisation (NFKC) folds into one of these. What is accepted is emitted as the parser serialises
 * it: percent-encoded, so it always fits a Location header.
 */

const maxLength = 2048;
const standIn = 'http://same.site.invalid';

/** Controls (C0, DEL, C1), white space and invisible format characters (zero-width, bidi, BOM). */
const invisible = /[\p{Cc}\p{Cf}\p{Z}\s]/u;

/** The path part of a candidate (before ? or #). */
function pathOf(value: string): string {
  const end = value.search(/[?#]/);
  return end === -1 ? value : value.slice(0, end);
}

/**
 * Whether a path could leave its own place: white space or a control character, not a single slash at
 * the start, a backslash, a dot segment, or an encoded slash, backslash or dot.
 */
function pathMisleads(path: string): boolean {
  if (invisible.test(path) || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return true;
  if (/%(2f|5c|2e)/i.test(path)) return true;
  // A dot segment, also with path parameters (`..;`), which some servers strip before resolving.
  return path.split('/').some((segment) => /^\.\.?(;|$)/.test(segment));
}

/**
 * The path decoded once: unchanged when it holds no percent-encoding, undefined when its encoding is
 * malformed (a stray %, or bytes that are not UTF-8 such as the overlong %C0%AF for a slash, which an
 * old decoder would read as one).
 */
function decodedOnce(path: string): string | undefined {
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

/**
 * Whether a candidate fails the rule as written, or after each of up to three decodings, each also
 * folded by NFKC (a look-alike slash may arrive percent-encoded, as a browser serialises it).
 */
function refused(value: string): boolean {
  if (invisible.test(value) || invisible.test(value.normalize('NFKC'))) return true;
  let path = pathOf(value);
  for (let depth = 0; depth < 4; depth += 1) {
    if (pathMisleads(path) || pathMisleads(path.normalize('NFKC'))) return true;
    const decoded = decodedOnce(path);
    if (decoded === undefined) return true;
    if (decoded === path) break;
    path = decoded;
  }
  return false;
}

/**
 * A path on this site (`/innlogging/…`, `/postkasse/…`, with its query and fragment), percent-encoded
 * as the URL parser serialises it; null when the candidate is anything else or misleads (see above).
 * Never throws.
 */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > maxLength) return null;
  try {
    // A lone surrogate cannot be encoded: refused, not replaced with U+FFFD.
    encodeURIComponent(value);
    if (refused(value)) return null;
    const url = new URL(value, standIn);
    if (url.origin !== standIn || url.username || url.password || url.pathname.startsWith('//')) return null;
    const emitted = url.href.slice(url.origin.length);
    // The limit holds for what is emitted too, so the emitted form passes again (stored, then checked when used).
    return emitted.length <= maxLength && /^\/[\x21-\x7e]*$/.test(emitted) ? emitted : null;
  } catch {
    return null;
  }
}

/** Whether a candidate is a path on this site (see sameSitePath). */
export function isSameSitePath(value: unknown): value is string {
  return sameSitePath(value) !== null;
}

/**
 * Where the browser may be sent by a Location header of the API (the identity provider's login or
 * logout page, or a page of ours): a same-site path, or an absolute https URL without credentials.
 * Plain http is allowed only towards the page's own origin (a local run of the emulator). Answers the
 * form to follow (parsed and serialised), or null.
 */
export function followableLocation(value: unknown, pageOrigin: string): string | null {
  const path = sameSitePath(value);
  if (path !== null) return path;
  if (typeof value !== 'string' || value.length > 4096 || invisible.test(value) || value.includes('\\')) return null;
  if (!/^https?:\/\//i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol === 'https:') return url.href;
  // Plain http to our own origin (a local run): its path, as written, must pass the same-site rule too.
  if (url.origin !== pageOrigin || !value.toLowerCase().startsWith(`${pageOrigin.toLowerCase()}/`)) return null;
  const own = sameSitePath(value.slice(pageOrigin.length));
  return own === null ? null : `${url.origin}${own}`;
}

/** Whether a Location header may be followed (see followableLocation). */
export function isFollowableLocation(value: unknown, pageOrigin: string): value is string {
  return followableLocation(value, pageOrigin) !== null;
}
