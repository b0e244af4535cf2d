import { passwordProblemTextKey } from '../../errors/password-rules';
import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en';
import { nb } from '../../i18n/nb';
import { nn } from '../../i18n/nn';
import {
  allowedPasswordCharacters,
  assessPassword,
  checkNewPassword,
  isAllowedPasswordCharacter,
  passwordEntropy,
  strengthLabelKeys,
  strengthScoreForEntropy,
  type PasswordProblem,
  type RepeatProblem,
  type StrengthScore,
} from './password-rules';

/** A stand-in list: the real one is tested in common-passwords.test.ts. */
const fakeCommon = new Set(['passord123', 'passord123é', '   ', 'qwe', 'skjbqzrn-common']);
const isCommon = (password: string) => fakeCommon.has(password.toLowerCase());

const log2 = Math.log2;

describe('assessPassword', () => {
  it('refuses a password over 256 characters as too long, before looking at anything else (issue #34, item 8)', () => {
    let looked = 0;
    const counting = (password: string) => {
      looked += 1;
      return isCommon(password);
    };
    expect(assessPassword(`Kvjxs-${'a'.repeat(251)}`, counting)).toEqual({ score: 0, entropy: 0, ok: false, problem: 'too_long' });
    expect(assessPassword(`🦋${'a'.repeat(16_000)}`, counting).problem).toBe('too_long');
    expect(looked).toBe(0);
    const longest = `Kvjxs-Plomt-${'Rudd7-'.repeat(40)}abcd`;
    expect(assessPassword(longest, counting)).toMatchObject({ ok: true, problem: null });
    expect(looked).toBe(1);
    for (const texts of [nb, nn, en]) expect(texts[passwordProblemTextKey('too_long')]).toContain('256');
  });

  it.each<[string, string, StrengthScore, PasswordProblem | null]>([
    // blank
    ['empty', '', 0, 'blank'],
    ['only spaces', '    ', 0, 'blank'],
    ['only tab and newline (blank wins over illegal)', '\t \n', 0, 'blank'],
    ['blank wins over common', '   ', 0, 'blank'],
    // illegal characters
    ['emoji', 'Sommerfugl🦋42', 0, 'illegal_characters'],
    ['é', 'Café-Paris-2024', 0, 'illegal_characters'],
    ['decomposed é (NFC is still é)', 'Cafe\u0301-Paris-2024', 0, 'illegal_characters'],
    ['tab inside', 'Tab\there-Long1', 0, 'illegal_characters'],
    ['zero-width space', 'Zero\u200Bwidth-Pass1', 0, 'illegal_characters'],
    ['other Unicode letters (ü)', 'Ünicode-Letters-1', 0, 'illegal_characters'],
    ['non-breaking space', 'Sommer\u00A0fugl-42', 0, 'illegal_characters'],
    ['illegal wins over common', 'passord123é', 0, 'illegal_characters'],
    // common
    ['common', 'passord123', 0, 'too_common'],
    ['common wins over too short', 'qwe', 0, 'too_common'],
    // the 8-character rule
    ['7 characters with entropy 34.0 > 33', 'skjbqzr', 0, 'not_strong_enough'],
    ['8 characters, entropy 38.9', 'skjbqzrn', 1, null],
    ['3 characters', 'abc', 0, 'not_strong_enough'],
    // the more-than-4-distinct rule
    ['4 distinct characters, entropy 58.6', 'aabbaabbAB', 0, 'not_strong_enough'],
    ['5 distinct characters, entropy 64.4', 'aabbaabbABc', 2, null],
    // band 33
    ['9 digits: entropy 29.9 ≤ 33', '904726183', 0, 'not_strong_enough'],
    ['10 digits: entropy 33.2 > 33', '9047261835', 1, null],
    ['8 lowercase and space: entropy 47.6', 'zq xv wk', 1, null],
    // band 50
    ['10 lowercase: entropy 48.6', 'skjbqzrnwv', 1, null],
    ['15 digits: entropy 49.8 ≤ 50', '904726183590472', 1, null],
    ['16 digits: entropy 53.2 > 50', '9047261835904726', 2, null],
    ['11 lowercase: entropy 53.4', 'skjbqzrnwvx', 2, null],
    ['8 mixed case: entropy 46.9', 'SkjBqzrN', 1, null],
    ['9 mixed case: entropy 52.7', 'SkjBqzrNw', 2, null],
    // band 80
    ['24 digits: entropy 79.7 ≤ 80', '904726183590472618359047', 2, null],
    ['25 digits: entropy 83.0 > 80', '9047261835904726183590472', 3, null],
    ['12 of all classes: entropy 79.9 ≤ 80', 'Qz7#kv!Lm2@X', 2, null],
    ['13 of all classes: entropy 86.6 > 80', 'Qz7#kv!Lm2@Xa', 3, null],
    // æøå are letters
    ['lowercase æøå', 'blåbærsyltetøy', 2, null],
    ['uppercase ÆØÅ', 'BLÅBÆRSYLTETØY', 2, null],
    ['æøå in both cases', 'ÆØÅæøåxyz', 2, null],
    ['decomposed å is normalised to å', 'Bla\u030Abærsyltetøy', 3, null],
    // symbols and space are allowed
    ['the first ten symbols', '!"#$%&\'()*', 2, null],
    ['the other 23 symbols', '+,-./:;<=>?@[\\]^_`{|}~ ', 3, null],
    // real-life
    ['the demo password', 'Sommerfugl-42', 3, null],
    ['a passphrase', 'korrekt hest batteri stift', 3, null],
    ['a Norwegian passphrase', 'Blåbærsyltetøy på vaffel', 3, null],
  ])('%s: %j → score %i, problem %s', (_description, password, score, problem) => {
    const assessment = assessPassword(password, isCommon);
    expect(assessment.problem).toBe(problem);
    expect(assessment.score).toBe(score);
    expect(assessment.ok).toBe(problem === null);
  });

  it('scores 0 even with a high entropy when a check fails', () => {
    const assessment = assessPassword('SKJBQZRN-COMMON', isCommon);
    expect(assessment.entropy).toBeGreaterThan(80);
    expect(assessment).toMatchObject({ score: 0, ok: false, problem: 'too_common' });
  });

  it('asks the common check about the NFC form of the password', () => {
    const asked: string[] = [];
    assessPassword('Bla\u030Abærsyltetøy', (password) => {
      asked.push(password);
      return false;
    });
    expect(asked).toEqual(['Blåbærsyltetøy']);
  });
});

describe('passwordEntropy', () => {
  it.each<[string, number]>([
    ['', 0],
    ['a', log2(29)],
    ['æ', log2(29)],
    ['Å', log2(29)],
    ['Z', log2(29)],
    ['7', log2(10)],
    [' ', log2(33)],
    ['~', log2(33)],
    ['aA', 2 * log2(58)],
    ['a1', 2 * log2(39)],
    ['a!', 2 * log2(62)],
    ['aA1!', 4 * log2(101)],
    ['blåbærsyltetøy', 14 * log2(29)],
    ['a\u030A', log2(29)],
  ])('%j → %f', (password, entropy) => {
    expect(passwordEntropy(password)).toBeCloseTo(entropy, 10);
  });
});

describe('strengthScoreForEntropy', () => {
  it.each<[number, StrengthScore]>([
    [0, 0],
    [33, 0],
    [33.0001, 1],
    [50, 1],
    [50.0001, 2],
    [80, 2],
    [80.0001, 3],
    [200, 3],
  ])('%f → %i', (entropy, score) => {
    expect(strengthScoreForEntropy(entropy)).toBe(score);
  });
});

describe('checkNewPassword', () => {
  it.each<[string, string, string, PasswordProblem | RepeatProblem | null]>([
    ['blank password first', '', '', 'blank'],
    ['a password problem before a missing repeat', 'abc', '', 'not_strong_enough'],
    ['a password problem before an unequal repeat', 'passord123', 'something', 'too_common'],
    ['illegal before anything about the repeat', 'Sommerfugl🦋42', 'Sommerfugl🦋42', 'illegal_characters'],
    ['repeat missing', 'Sommerfugl-42', '', 'repeat_missing'],
    ['repeat differs', 'Sommerfugl-42', 'Sommerfugl-43', 'not_equal'],
    ['repeat differs in case', 'Sommerfugl-42', 'sommerfugl-42', 'not_equal'],
    ['repeat is only a space', 'Sommerfugl-42', ' ', 'not_equal'],
    ['repeat has a trailing space', 'Sommerfugl-42', 'Sommerfugl-42 ', 'not_equal'],
    ['equal', 'Sommerfugl-42', 'Sommerfugl-42', null],
    ['equal after NFC', 'Blåbærsyltetøy', 'Bla\u030Abærsyltetøy', null],
  ])('%s', (_description, password, repeat, expected) => {
    expect(checkNewPassword(password, repeat, isCommon)).toBe(expected);
  });
});

describe('allowed characters', () => {
  it('are exactly printable ASCII (letters, digits, space, 33 symbols) and æøåÆØÅ', () => {
    const allowed: string[] = [];
    for (let code = 0; code < 0x3000; code++) {
      const character = String.fromCharCode(code);
      if (isAllowedPasswordCharacter(character)) allowed.push(character);
    }
    const printableAscii = Array.from({ length: 95 }, (_, index) => String.fromCharCode(0x20 + index));
    expect(allowed).toEqual([...printableAscii, 'Å', 'Æ', 'Ø', 'å', 'æ', 'ø']);
  });

  it('rejects emoji and tests whole strings', () => {
    expect(isAllowedPasswordCharacter('🦋')).toBe(false);
    expect(allowedPasswordCharacters.test('Sommerfugl-42')).toBe(true);
    expect(allowedPasswordCharacters.test('Sommerfugl-42🦋')).toBe(false);
  });
});

describe('texts', () => {
  it.each<[StrengthScore, string]>([
    [0, 'Not strong enough'],
    [1, 'Good'],
    [2, 'Very good'],
    [3, 'Super safe'],
  ])('score %i is labelled %j', (score, label) => {
    expect(strengthLabelKeys[score]).toBe(`password.strength_${score}`);
    expect(en[strengthLabelKeys[score]]).toBe(label);
  });

  it.each<PasswordProblem | RepeatProblem>(['blank', 'illegal_characters', 'too_common', 'not_strong_enough', 'repeat_missing', 'not_equal'])(
    'problem %s has a text in nb, nn and en',
    (problem) => {
      const key = passwordProblemTextKey(problem);
      expect(key).toBe(`password.${problem}`);
      for (const texts of [nb, nn, en]) expect(texts[key]).toMatch(/\S/);
    },
  );
});
