/**
 * Where the app lives and how a URL path under it reads: base, language segment, the path of the
 * screen (screens/screens.ts matches that). Shared by the browser and the Node server, so it must stay
 * free of React and browser APIs.
 */
import { defaultLanguage, isLanguage, type Language } from '../contract/languages';

export const basePath = '/innlogging';

export interface AppLocation {
  language: Language;
  /** The language segment as written in the URL, or null when the path has none (nb). */
  languageSegment: Language | null;
  /** Path after base and language, without leading slash: '' for the index, 'business/' … */
  relativePath: string;
  /** Set when the URL held an unsupported language code: where the same screen lives in nb. */
  fallbackPath: string | null;
  /**
   * Set when the language segment is nb, nn or en in other letter case (EN, Nn …): the same path with
   * the segment in lower case, the page's one address (docs/decisions/001).
   */
  canonicalPath: string | null;
}

/**
 * Reads language and screen path from a URL path under the base.
 * A first segment of nb, nn or en, in any letter case, is the language. Any other two-letter segment
 * (de, sv …) is an unsupported language and falls back to nb: the same screen without the segment.
 * Everything else is a screen path in nb. Returns null for paths outside the base.
 */
export function parseAppLocation(pathname: string): AppLocation | null {
  if (pathname !== basePath && !pathname.startsWith(`${basePath}/`)) return null;
  const rest = pathname.slice(basePath.length + 1);
  const slash = rest.indexOf('/');
  const first = slash === -1 ? rest : rest.slice(0, slash);
  const afterFirst = slash === -1 ? '' : rest.slice(slash + 1);
  const language = first.toLowerCase();
  if (isLanguage(language)) {
    // Only the segment changes: the rest of the path stays exactly as it came.
    const canonicalPath = language === first ? null : `${basePath}/${language}${rest.slice(2)}`;
    return { language, languageSegment: language, relativePath: afterFirst, fallbackPath: null, canonicalPath };
  }
  if (/^[a-z]{2}$/i.test(first)) {
    return {
      language: defaultLanguage,
      languageSegment: null,
      relativePath: afterFirst,
      fallbackPath: `${basePath}/${afterFirst}`,
      canonicalPath: null,
    };
  }
  return { language: defaultLanguage, languageSegment: null, relativePath: rest, fallbackPath: null, canonicalPath: null };
}

/** The router's basename for a location: the base plus the language segment when there is one. */
export function routerBasename(location: AppLocation): string {
  return location.languageSegment ? `${basePath}/${location.languageSegment}` : basePath;
}

/** The base and language segment of every path in a language: nb has no segment, nn and en do. */
export function languageBase(language: Language): string {
  return language === defaultLanguage ? basePath : `${basePath}/${language}`;
}

/** The same path in another language. */
export function pathInLanguage(pathname: string, language: Language): string {
  const location = parseAppLocation(pathname);
  if (!location) return pathname;
  return `${languageBase(language)}/${location.relativePath}`;
}
