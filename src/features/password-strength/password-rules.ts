/**
 * The new-password rules of SPEC §5 and §9, pure (no React), shared by the reset wizard and the
 * emulator.
 *
 * - Allowed characters: a–z and æøå, A–Z and ÆØÅ, digits, space and ASCII punctuation. Nothing else.
 * - Entropy = length × log2(pool), the pool being the sum of the classes present (29 + 29 + 10 + 33).
 * - ok only if not blank, at most 256 characters (checked first: nothing else runs on a longer one),
 *   only allowed characters, at least 8 characters, more than 4 distinct
 *   characters, not common, and entropy above 33.
 * - Score: 0 when not ok (entropy ≤ 33 or a failing check), 1 up to 50, 2 up to 80, 3 above 80.
 */
import type { PasswordProblem, RepeatProblem } from '../../contract/api';
import { maximumPasswordLength } from '../../contract/limits';
import type { TextKey } from '../../i18n/nb';

export type { PasswordProblem, RepeatProblem } from '../../contract/api';
export type StrengthScore = 0 | 1 | 2 | 3;

export interface PasswordAssessment {
  score: StrengthScore;
  entropy: number;
  ok: boolean;
  problem: PasswordProblem | null;
}

/** SPEC §9: strength thresholds (entropy in bits) and the ok minimums. */
export const passwordRules = {
  entropyThresholds: [33, 50, 80] as const,
  minimumLength: 8,
  /** "More than 4 distinct characters". */
  minimumDistinctCharacters: 5,
} as const;

const symbols = ` !"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~`;
const escapedSymbols = symbols.replace(/[\\\]^-]/g, '\\$&');

/** The character classes and their pool sizes. */
export const characterClasses = [
  { name: 'lowercase', pattern: /[a-zæøå]/u, size: 29 },
  { name: 'uppercase', pattern: /[A-ZÆØÅ]/u, size: 29 },
  { name: 'digits', pattern: /[0-9]/u, size: 10 },
  { name: 'symbols', pattern: new RegExp(`[${escapedSymbols}]`, 'u'), size: symbols.length },
] as const;

/** Matches a whole string made only of allowed characters (the empty string included). */
export const allowedPasswordCharacters = new RegExp(`^[a-zæøåA-ZÆØÅ0-9${escapedSymbols}]*$`, 'u');

export function isAllowedPasswordCharacter(character: string): boolean {
  return [...character].length === 1 && allowedPasswordCharacters.test(character);
}

export const strengthLabelKeys: Record<StrengthScore, TextKey> = {
  0: 'password.strength_0',
  1: 'password.strength_1',
  2: 'password.strength_2',
  3: 'password.strength_3',
};

export function passwordEntropy(password: string): number {
  const characters = [...password.normalize('NFC')];
  if (characters.length === 0) return 0;
  let pool = 0;
  for (const { pattern, size } of characterClasses) {
    if (characters.some((character) => pattern.test(character))) pool += size;
  }
  return pool === 0 ? 0 : characters.length * Math.log2(pool);
}

export function strengthScoreForEntropy(entropy: number): StrengthScore {
  const [weak, good, veryGood] = passwordRules.entropyThresholds;
  if (entropy <= weak) return 0;
  if (entropy <= good) return 1;
  if (entropy <= veryGood) return 2;
  return 3;
}

function firstProblem(password: string, entropy: number, isCommon: (password: string) => boolean): PasswordProblem | null {
  if (password.trim() === '') return 'blank';
  if (!allowedPasswordCharacters.test(password)) return 'illegal_characters';
  if (isCommon(password)) return 'too_common';
  const characters = [...password];
  if (
    characters.length < passwordRules.minimumLength ||
    new Set(characters).size < passwordRules.minimumDistinctCharacters ||
    entropy <= passwordRules.entropyThresholds[0]
  ) {
    return 'not_strong_enough';
  }
  return null;
}

export function assessPassword(password: string, isCommon: (password: string) => boolean): PasswordAssessment {
  // Nothing else runs on a password past the maximum: its length is all the answer needs.
  if (password.length > maximumPasswordLength) return { score: 0, entropy: 0, ok: false, problem: 'too_long' };
  const normalised = password.normalize('NFC');
  const entropy = passwordEntropy(normalised);
  const problem = firstProblem(normalised, entropy, isCommon);
  return { score: problem ? 0 : strengthScoreForEntropy(entropy), entropy, ok: problem === null, problem };
}

/** The first problem of a new password and its repetition, or null when both are fine. */
export function checkNewPassword(password: string, repeat: string, isCommon: (password: string) => boolean): PasswordProblem | RepeatProblem | null {
  const problem = assessPassword(password, isCommon).problem;
  if (problem) return problem;
  if (repeat === '') return 'repeat_missing';
  if (repeat.normalize('NFC') !== password.normalize('NFC')) return 'not_equal';
  return null;
}
