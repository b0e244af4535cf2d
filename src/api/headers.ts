/**
 * The headers every call to the backend carries (SPEC §7): the vendor JSON media type, the XHR mark
 * and the session's CSRF token. Shared by the calls (client.ts) and the log (log.ts).
 */

/** The vendor v2 JSON media type of the backend, for Accept and Content-Type. */
export const apiMediaType = 'application/vnd.digipost-v2+json';

let csrfToken: string | undefined;
let csrfTokenSetAt = 0;

export function setCsrfToken(token: string | undefined) {
  csrfToken = token;
  csrfTokenSetAt = Date.now();
}

export function getCsrfToken(): string | undefined {
  return csrfToken;
}

/** How long ago the token was set, in milliseconds. */
export function csrfTokenAgeMs(): number {
  return Date.now() - csrfTokenSetAt;
}

export function apiHeaders(hasBody: boolean): Headers {
  const headers = new Headers({ Accept: apiMediaType, 'X-Requested-With': 'XMLHttpRequest' });
  if (hasBody) headers.set('Content-Type', apiMediaType);
  if (csrfToken) headers.set('X-CSRF-TOKEN', csrfToken);
  return headers;
}
