/**
 * Strips personal data from analytics labels and URLs before they leave the page (SPEC §7): national
 * ID numbers, phone numbers, email addresses and tokens are replaced with placeholders.
 */

export const redactedPlaceholders = {
  nationalId: '[national-id]',
  phone: '[phone]',
  email: '[email]',
  token: '[token]',
} as const;

/**
 * The path segment after these is a secret: a one-time token from the mobile app, or the app's
 * redirect (with its code). The screens' secretParams (screens/manifest.ts); a test keeps them in step.
 */
const tokenPathSegment = /(\/|^)(mobileSuccessWithIDportenLogout|mobileSuccess|mobileLogin|mobileRedirect|mobileLogout)\/[^/?#\s]+/gi;
/** Query values that carry tokens, codes, OAuth state or error codes. */
const tokenQueryValue = /([?&;](?:token|code|state|kode)=)[^&#\s]*/gi;
const email = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const encodedEmail = /[\w.+-]+%40[\w-]+(?:\.[\w-]+)+/gi;
/** 11 digits, spaces (or encoded spaces) allowed between them. */
const nationalId = /(?<![\d])\d(?:(?:\s|%20|\+)?\d){10}(?!\d)/g;
/** 8 digits, optionally after +47 / 0047, spaces allowed between them. */
const phone = /(?<![\d])(?:(?:\+|%2B|00)47(?:\s|%20)?)?\d(?:(?:\s|%20)?\d){7}(?!\d)/gi;

/** Replaces personal data and tokens in free text or a URL with placeholders. */
export function redact(text: string): string {
  return text
    .replace(tokenPathSegment, (_, slash: string, name: string) => `${slash}${name}/${redactedPlaceholders.token}`)
    .replace(tokenQueryValue, (_, key: string) => `${key}${redactedPlaceholders.token}`)
    .replace(email, redactedPlaceholders.email)
    .replace(encodedEmail, redactedPlaceholders.email)
    .replace(nationalId, redactedPlaceholders.nationalId)
    .replace(phone, redactedPlaceholders.phone);
}

/** The same for a URL; kept apart so call sites say what they redact. */
export function redactUrl(url: string): string {
  return redact(url);
}
