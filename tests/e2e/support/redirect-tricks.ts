/** Redirect tricks shared by the HTTP-level table (server/redirect-sinks.test.ts) and the browser's sample (open-redirect.spec.ts). */

/** The nine that got through before (issue #16): dot segments that resolve to //host. */
export const dotSegmentTricks = [
  '/a/..//evil.example/',
  '/.//evil.example/',
  '/%2e%2e//evil.example/',
  '/innlogging/..//evil.example/',
  '/%2E//evil.example/',
  '/innlogging/%2e%2e//evil.example/',
  '/innlogging/.%2e//evil.example/',
  '/a/b/../..//evil.example/',
  '/..//evil.example/',
];
