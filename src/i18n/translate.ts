/**
 * The translate function of SPEC §5.
 * - `#{name}` is replaced by the value of `name`.
 * - `N{name,singular,plural}` picks the singular form when the value of `name` equals 1, else plural.
 * - A missing key or language is logged and the key is shown.
 * - A missing parameter is logged and left as written.
 * - An unsupported language throws 'Invalid language'.
 */
import { isLanguage, type Language } from '../contract/languages';

export type TextTable = Readonly<Record<string, string>>;
export type TextParams = Readonly<Record<string, string | number>>;
export type Logger = (message: string) => void;

const placeholderPattern = /#\{(\w+)\}|N\{(\w+),([^,}]*),([^}]*)\}/g;

export function translate(
  tables: Partial<Record<Language, TextTable>>,
  language: string,
  key: string,
  params: TextParams = {},
  log: Logger = (message) => console.warn(message),
): string {
  if (!isLanguage(language)) throw new Error('Invalid language');
  const table = tables[language];
  if (!table) {
    log(`Missing language "${language}" for text key "${key}"`);
    return key;
  }
  const template = Object.hasOwn(table, key) ? table[key] : undefined;
  if (template === undefined) {
    log(`Missing text key "${key}" in language "${language}"`);
    return key;
  }
  return template.replace(placeholderPattern, (whole, name: string | undefined, pluralName: string | undefined, singular: string, plural: string) => {
    const parameter = (name ?? pluralName) as string;
    if (!Object.hasOwn(params, parameter)) {
      log(`Missing parameter "${parameter}" for text key "${key}" in language "${language}"`);
      return whole;
    }
    const value = params[parameter];
    if (name !== undefined) return String(value);
    return Number(value) === 1 ? singular : plural;
  });
}

/** The placeholder names a template uses, for checking that translations agree. */
export function placeholdersOf(template: string): string[] {
  const names = new Set<string>();
  for (const match of template.matchAll(placeholderPattern)) names.add((match[1] ?? match[2]) as string);
  return [...names].sort();
}
