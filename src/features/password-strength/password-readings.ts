/**
 * What the common-password check (common-passwords.ts) reads a password as: its candidates, each
 * step linear in the password's length. The rules are in common-passwords.ts's header.
 */

const leetspeak: Readonly<Record<string, string>> = {
  '0': 'o',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};
export const leetCharacters = /[013457@$!]/;
const leetCharactersGlobal = /[013457@$!]/g;
export const letter = /[a-zæøå]/;

export const minimumRunLength = 6;
export const minimumBaseLength = 3;

export function normalise(password: string): string {
  return password.normalize('NFC').toLowerCase();
}

/**
 * Separators: spaces, dots, underscores and hyphens anywhere ('I.Love.You'), and a run of separators of
 * every kind (whatever is neither a letter nor a digit: punctuation, symbols, spaces) inside a word,
 * between two letters on each side ('Pass+word', 'Digi*post', 'Pass #word'). Only inside a word: in
 * random strong passwords, letters alone among symbols joined into short words ('<P[(O&(:vo&' →
 * 'povo'); stripped everywhere, 0.07 % of them were refused instead of 0.01 %
 * (scripts/password-screening.ts). Linear however long a run: the first alternative runs to a run's
 * end only where the run starts after two letters.
 */
const separators = /(?<=\p{L}{2})[^\p{L}\p{N}]+(?=\p{L}{2})|[\s._-]+/gu;
/**
 * The same with the leetspeak symbols kept and counted as letters, since they may stand for one
 * ('P@ss+w0rd' → 'p@ssw0rd' → 'password'; the form above drops them: 'Pass!word' → 'password').
 */
const separatorsButLeet = /(?<=[\p{L}013457@$!]{2})[^\p{L}\p{N}@$!]+(?=[\p{L}013457@$!]{2})|[\s._-]+/gu;
/** A web address's parts that are not the word: 'www.' before it, a top-level domain after it ('.com', '.no'). */
const domainParts = /^www\.|\.[a-z]{2,3}(?=[^a-zæøå]*$)/g;
/** What the loose forms drop: everything but letters and digits; everything but letters. */
const nonAlphanumerics = /[^\p{L}\p{N}]+/gu;
const nonLetters = /[^\p{L}]+/gu;
/** The shortest loose form that counts (looseFormsOf says why). */
const minimumLooseLength = 6;
const lookAlikeLetters = /[æøå]/;

/**
 * Without its leading and trailing non-letters. A scan from each end, not a regular expression: one
 * for trailing non-letters tries each position of a run that letters follow to its end (quadratic).
 */
function stripEdges(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && !letter.test(value[start])) start += 1;
  while (end > start && !letter.test(value[end - 1])) end -= 1;
  return value.slice(start, end);
}

/** Leetspeak undone; '1' is read both as 'i' and as 'l'. Without leet characters: just the value. */
function undoLeetspeak(value: string): string[] {
  if (!leetCharacters.test(value)) return [value];
  const rest = value.replace(leetCharactersGlobal, (character) => leetspeak[character] ?? character);
  return rest.includes('1') ? [rest.replaceAll('1', 'i'), rest.replaceAll('1', 'l')] : [rest];
}

/**
 * æ, ø and å read as the ASCII letters they look like ('påsswørd' → 'password'); æ both as 'ae' (how it
 * is written without it: 'kjaereste') and as 'a'. Extra forms: the value itself stays a candidate, so
 * Norwegian words in the set or the built-in list still match as they are written.
 */
function asciiLookAlikes(value: string): string[] {
  if (!lookAlikeLetters.test(value)) return [];
  const rest = value.replaceAll('ø', 'o').replaceAll('å', 'a');
  return rest.includes('æ') ? [rest.replaceAll('æ', 'ae'), rest.replaceAll('æ', 'a')] : [rest];
}

/** For each prefix of the value, the length of its longest border (a proper prefix that is also its suffix): linear. */
function borders(value: string): number[] {
  const border = new Array<number>(value.length).fill(0);
  for (let index = 1, matched = 0; index < value.length; index += 1) {
    while (matched > 0 && value[index] !== value[matched]) matched = border[matched - 1];
    if (value[index] === value[matched]) matched += 1;
    border[index] = matched;
  }
  return border;
}

/**
 * The word a base says twice with only non-letters between ('password1password',
 * 'qwerty!qwerty', 'passwordpassword'), or '' when it does not: the longest border (a prefix that is
 * also a suffix, from the prefix function: linear) of 3+ characters, not overlapping itself, with no
 * letter between its two places. A base starts and ends with a letter, so only the longest can qualify.
 */
function repeatedWord(base: string): string {
  const length = base.length;
  if (length < 2 * minimumBaseLength) return '';
  const border = borders(base);
  let size = border[length - 1];
  while (size > length / 2) size = border[size - 1];
  if (size < minimumBaseLength) return '';
  for (let index = size; index < length - size; index += 1) if (letter.test(base[index])) return '';
  return base.slice(0, size);
}

/**
 * The word a value is said k ≥ 2 times over, with nothing between ('passordpassordpassord' →
 * 'passord'), or '' when it is not: the value's shortest period, when it divides the length (prefix
 * function: linear). Used on the letters of a password, so whatever stood between the words, the
 * same or not ('Password1Password2Password3'), is gone.
 */
function repeatedRoot(value: string): string {
  const length = value.length;
  if (length < 2 * minimumBaseLength) return '';
  const period = length - borders(value)[length - 1];
  return period < length && length % period === 0 && period >= minimumBaseLength ? value.slice(0, period) : '';
}

/** What a password is read as before leetspeak and bases: itself, its look-alike forms, each without a domain. */
function readingsOf(normalised: string): Set<string> {
  const readings = new Set<string>();
  for (const reading of [normalised, ...asciiLookAlikes(normalised)]) {
    readings.add(reading);
    const withoutDomain = reading.replace(domainParts, '');
    if (withoutDomain !== '') readings.add(withoutDomain);
  }
  return readings;
}

/**
 * The loose forms of a reading: without every character that is neither a letter nor a digit
 * ('P+a+s+s+w+o+r+d+1' → 'password1', 'Abc12345!' → 'abc12345'), then without every one that is not a
 * letter, digits inside a word too ('Pass2024word' → 'password', 'Passw9rd2024' → 'passwrd'), and the
 * word those letters say k ≥ 2 times ('Password1Password2Password3' → 'password'), each looked up as any
 * other candidate. Only at 6+ characters, and without leetspeak
 * undone: a random strong password's letters are random letters, 1.2 % of the strings of 4 letters are
 * entries of the set (0.1 % of 5, 0.009 % of 6), and digits read as letters make words of them.
 * Measured on the same 400,000 random strong passwords: refused 0.016 % before these forms, 0.021 % with
 * them, 0.033 % with leetspeak undone too (scripts/password-screening.ts's budget is 0.1 %).
 */
function looseFormsOf(reading: string): string[] {
  const joined = reading.replace(nonAlphanumerics, '');
  const letters = joined.replace(nonLetters, '');
  const forms = [joined, letters].filter((form) => form.length >= minimumLooseLength);
  // The letters are 6+ already: the word said over them may be as short as a base.
  const root = letters.length >= minimumLooseLength ? repeatedRoot(letters) : '';
  return root === '' ? forms : [...forms, root];
}

/**
 * Every form of the (normalised) password that is looked up: its readings, each without separators
 * (the leetspeak symbols dropped, and kept), leetspeak undone, bases, and a base's repeated word; and
 * each reading's loose forms.
 */
export function candidatesOf(normalised: string): Set<string> {
  const forms = new Set<string>();
  const candidates = new Set<string>();
  for (const reading of readingsOf(normalised)) {
    forms.add(reading);
    for (const joined of [reading.replace(separators, ''), reading.replace(separatorsButLeet, '')]) if (joined !== '') forms.add(joined);
    for (const loose of looseFormsOf(reading)) candidates.add(loose);
  }
  for (const form of forms) {
    candidates.add(form);
    const unleeted = undoLeetspeak(form);
    for (const unleetedForm of unleeted) candidates.add(unleetedForm);
    const stripped = stripEdges(form);
    const twice = repeatedWord(stripped);
    const bases = [...undoLeetspeak(stripped), ...unleeted.map(stripEdges), ...(twice === '' ? [] : undoLeetspeak(twice))];
    for (const base of bases) if ([...base].length >= minimumBaseLength) candidates.add(base);
  }
  return candidates;
}
