/**
 * The screens of SPEC §2, by name, with their path under the base and language segment.
 * Shared by the browser router and the Node server (which answers 404 for paths no screen owns),
 * so it must stay free of React and browser APIs.
 */
import { defaultLanguage, isLanguage, type Language } from './languages';

export const basePath = '/innlogging';

/** Screens that exist. A screen of §2 is listed here when it is built, never before. */
export const screens = {
  privateLogin: '',
  business: 'business',
  admin: 'admin',
  logout: 'logout',
  timeout: 'timeout',
  loginError: 'loginError',
  loginFailed: 'innloggingFeilet',
  forgotPassword: 'forgot-password',
  forgotPasswordRedirect: 'forgot-password/redirect',
  emailVerification: 'epost-verifisering',
  emailVerificationDone: 'epost-verifisering/fullfort',
  emailVerificationFailed: 'epost-verifisering/feilet',
  mobilePasswordLogin: 'mobileLogin/:token/password',
  mobileEidLogin: 'mobileLogin/:token/:idportenLevel',
  mobileEidLoginKeepSession: 'mobileLogin/:token/:idportenLevel/keepIdportenSessionAfterLogin',
  mobileSuccess: 'mobileSuccess/:token',
  mobileSuccessWithLogout: 'mobileSuccessWithIDportenLogout/:token',
  mobileRedirect: 'mobileRedirect/:redirectUrl',
  mobileLogout: 'mobileLogout/:redirectUrl',
} as const;

export type ScreenName = keyof typeof screens;

export function screenPatterns(): string[] {
  return Object.values(screens);
}

/** Matches a path relative to the language base (no leading or trailing slash) against one pattern. */
export function matchPattern(pattern: string, relativePath: string): Record<string, string> | null {
  const patternParts = pattern.split('/').filter(Boolean);
  const pathParts = relativePath.split('/').filter(Boolean);
  if (patternParts.length !== pathParts.length) return null;
  const params: Record<string, string> = {};
  for (let index = 0; index < patternParts.length; index += 1) {
    const patternPart = patternParts[index];
    const pathPart = pathParts[index];
    if (patternPart.startsWith(':')) {
      params[patternPart.slice(1)] = pathPart;
    } else if (patternPart !== pathPart) {
      return null;
    }
  }
  return params;
}

export function isKnownScreenPath(relativePath: string): boolean {
  return screenPatterns().some((pattern) => matchPattern(pattern, relativePath) !== null);
}

export interface AppLocation {
  language: Language;
  /** The language segment as written in the URL, or null when the path has none (nb). */
  languageSegment: Language | null;
  /** Path after base and language, without leading slash: '' for the index, 'business/' … */
  relativePath: string;
  /** Set when the URL held an unsupported language code: where the same screen lives in nb. */
  fallbackPath: string | null;
}

/**
 * Reads language and screen path from a URL path under the base.
 * A first segment of nb, nn or en is the language. Any other two-letter segment (de, sv, NB …) is an
 * unsupported language and falls back to nb: the same screen without the segment. Everything else is
 * a screen path in nb. Returns null for paths outside the base.
 */
export function parseAppLocation(pathname: string): AppLocation | null {
  if (pathname !== basePath && !pathname.startsWith(`${basePath}/`)) return null;
  const rest = pathname.slice(basePath.length + 1);
  const slash = rest.indexOf('/');
  const first = slash === -1 ? rest : rest.slice(0, slash);
  const afterFirst = slash === -1 ? '' : rest.slice(slash + 1);
  if (isLanguage(first)) {
    return { language: first, languageSegment: first, relativePath: afterFirst, fallbackPath: null };
  }
  if (/^[a-z]{2}$/i.test(first)) {
    return {
      language: defaultLanguage,
      languageSegment: null,
      relativePath: afterFirst,
      fallbackPath: `${basePath}/${afterFirst}`,
    };
  }
  return { language: defaultLanguage, languageSegment: null, relativePath: rest, fallbackPath: null };
}

/** The router's basename for a location: the base plus the language segment when there is one. */
export function routerBasename(location: AppLocation): string {
  return location.languageSegment ? `${basePath}/${location.languageSegment}` : basePath;
}

/** The same path in another language: nb has no segment, nn and en do. */
export function pathInLanguage(pathname: string, language: Language): string {
  const location = parseAppLocation(pathname);
  if (!location) return pathname;
  const segment = language === defaultLanguage ? '' : `/${language}`;
  return `${basePath}${segment}/${location.relativePath}`;
}
