/** The languages of the service (SPEC §1): in the URL, in the texts and in the API's `language` fields. */
export const languages = ['nb', 'nn', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'nb';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** Names of the languages in themselves, for the language menu. */
export const languageNames: Record<Language, string> = {
  nb: 'Norsk bokmål',
  nn: 'Norsk nynorsk',
  en: 'English',
};
