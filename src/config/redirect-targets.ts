/**
 * What a redirect may point at. Shared by the browser (before it follows a Location header or a link
 * from the API) and the emulator (before it answers one), so both refuse the same open redirects:
 * other hosts, protocol-relative //host, backslashes (which browsers read as slashes), javascript: and
 * data: URLs, control characters (CRLF injection), user:password@ tricks, and an encoded slash or
 * backslash that would make //host once decoded.
 */

const controlCharacters = /[\u0000-\u001f\u007f]/;

/** A path on this site: /innlogging/…, /postkasse/… — never a host of its own. */
export function isSameSitePath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return false;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return false;
  // An encoded slash or backslash right after the first one: harmless in a browser (a path of ours), but
  // a proxy or server that decodes the path before redirecting would make it //host.
  if (/^\/(%2f|%5c)/i.test(value)) return false;
  if (controlCharacters.test(value)) return false;
  try {
    const base = 'http://same.site.invalid';
    return new URL(value, base).origin === base;
  } catch {
    return false;
  }
}

/**
 * Where the browser may be sent by a Location header of the API (the identity provider's login or
 * logout page, or a page of ours): a same-site path, or an absolute https URL without credentials.
 * Plain http is allowed only towards the page's own origin (a local run of the emulator).
 */
export function isFollowableLocation(value: unknown, pageOrigin: string): value is string {
  if (isSameSitePath(value)) return true;
  if (typeof value !== 'string' || value.length > 4096 || controlCharacters.test(value) || value.includes('\\')) return false;
  if (!/^https?:\/\//i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.origin === pageOrigin;
}
