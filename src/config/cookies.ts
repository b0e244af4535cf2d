/**
 * Cookies that survive a logout (SPEC §4): who signed in last on this browser, the chosen language and
 * the cookie consent. Every other cookie the page can reach is cleared.
 */
export const preservedCookies = {
  personId: 'dp-person-id',
  language: 'dp-language',
  consent: 'dp-cookie-consent',
} as const;
