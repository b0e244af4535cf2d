/**
 * The common-password check of SPEC §5: "not in the common-password list (keyboard runs, leetspeak
 * variants and the product name)", screened as NIST SP 800-63B §3.1.1.2 asks against values known
 * from breach corpuses and dictionary words (issue #22, docs/decisions/023). Pure: the screening set
 * is passed in (the browser gets it front-coded through the virtual module 'virtual:common-passwords',
 * the emulator builds the same set with node:fs: build/screening-set.ts).
 *
 * A password is common when one of its candidates
 *  - the password itself, lower-cased; the same with æ, ø and å read as the letters they look like
 *    (ø→o, å→a, æ→ae or a: 'Påsswørd'); each of those without a domain ('hotmail.com', 'www.x.no');
 *  - each of those without separators: spaces, dots, underscores and hyphens, and inside a word any
 *    run of punctuation, symbols and spaces ('Pass+word', 'I.Love.You'), once with the leetspeak
 *    symbols @ $ ! dropped as separators too and once with them kept as letters,
 *  - their leetspeak-undone forms (0→o, 1→i or l, 3→e, 4→a, 5→s, 7→t, @→a, $→s, !→i),
 *  - their bases: leading and trailing digits and symbols stripped, leetspeak undone (both orders), 3+ chars,
 *  - the word a base says twice with only digits and symbols between ('Password1Password'),
 *  - loose forms, 6+ characters, no leetspeak undone: each reading without anything but letters and
 *    digits ('Abc12345!'), without anything but letters ('P+assword2024', 'Q+w+e+r+t+y+1', 'Pass2024word'),
 *    and the word those letters say k ≥ 2 times ('PassordPassordPassord', 'Password1Password2Password3'),
 * is in the set or in the built-in Norwegian, product and email-provider words, is a keyboard,
 * alphabet or digit run of 6 or more, or is one short unit (1–4 characters) repeated; or, when it is of
 * letters only, is two or three words one after the other: entries of the set ("ilove" + "jason",
 * "pass" + "word" + "qwerty") or built-in words ("sommer" + "vinter"), either with runs, never a
 * built-in word beside an entry ("fotball" + "bane" is Norwegian).
 * Every step is linear in the password's length (at most 256 characters): it runs on each keystroke.
 */

import { assessPassword } from './password-rules';

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
const leetCharacters = /[013457@$!]/;
const leetCharactersGlobal = /[013457@$!]/g;
const letter = /[a-zæøå]/;

/**
 * Norwegian and product words that are not (all) in the published, mostly English, list, and the email
 * providers the sources leave out (the 10 million list holds no 'hotmail', 'gmail' or 'yahoo' at all:
 * it was cleaned of what looked like addresses; rockyou has 'hotmail' as its 269th password).
 */
export const builtInCommonWords: readonly string[] = [
  'passord',
  'passordet',
  'mittpassord',
  'nyttpassord',
  'glemtpassord',
  'hemmelig',
  'hemmelighet',
  'digipost',
  'posten',
  'bring',
  'postenbring',
  'innlogging',
  'logginn',
  'velkommen',
  'hallo',
  'heisann',
  'sommer',
  'vinter',
  'host',
  'høst',
  'vaar',
  'vår',
  'vaaren',
  'våren',
  'sommerferie',
  'jul',
  'julaften',
  'påske',
  'paaske',
  'januar',
  'februar',
  'mars',
  'april',
  'mai',
  'juni',
  'juli',
  'august',
  'september',
  'oktober',
  'november',
  'desember',
  'mandag',
  'tirsdag',
  'onsdag',
  'torsdag',
  'fredag',
  'lørdag',
  'søndag',
  'norge',
  'noreg',
  'norway',
  'oslo',
  'bergen',
  'trondheim',
  'stavanger',
  'tromsø',
  'tromso',
  'kristiansand',
  'drammen',
  'fotball',
  'rosenborg',
  'vålerenga',
  'valerenga',
  'brann',
  'molde',
  'viking',
  'lillestrøm',
  'lillestrom',
  'kjæreste',
  'kjaereste',
  'mamma',
  'pappa',
  'mormor',
  'farmor',
  'morfar',
  'farfar',
  'bestemor',
  'bestefar',
  'jegelskerdeg',
  'elskerdeg',
  'glad',
  'kjærlighet',
  'hund',
  'katt',
  'hest',
  'bamse',
  'pusekatt',
  'sol',
  'solskinn',
  'hotmail',
  'gmail',
  'yahoo',
  'icloud',
  'msn',
  'aol',
  'telenor',
];

/** Keyboard rows (Norwegian layout), digits, the alphabet and the column walk; each also counts reversed. */
const runSources = [
  'qwertyuiopå',
  'asdfghjkløæ',
  'zxcvbnm',
  '12345678901234567890',
  'abcdefghijklmnopqrstuvwxyzæøå',
  '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik,9ol.0pø-',
];
const runs = [...runSources, ...runSources.map((run) => [...run].reverse().join(''))];
const minimumRunLength = 6;
const minimumBaseLength = 3;

function normalise(password: string): string {
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
const lettersOnly = /^[a-zæøå]+$/;
/** The shortest part of a password of two or three words ("ilove" + "jason"): as short as an entry can be. */
const minimumPartLength = 4;

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
function candidatesOf(normalised: string): Set<string> {
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

/** The entries of the set, as the check looks them up: whether one is there, and the length of the longest. */
interface Entries {
  has: (entry: string) => boolean;
  longest: number;
}

/** What kind of word a part is, as bits: an entry of the set, a built-in word, a run (either's partner). */
const entryWord = 1;
const builtInWord = 2;
const runWord = entryWord | builtInWord;

/**
 * A candidate of letters only that is two or three words one after the other, each of 4+ letters: entries
 * of the set ("ilove" + "jason", "pass" + "word" + "qwerty": 'password' is no entry, as two of them), or
 * built-in words ("sommer" + "vinter"), either with keyboard and alphabet runs (6+). Never a built-in word
 * beside an entry: Norwegian writes compounds as one word, and the set's short entries are words of
 * other languages that are parts of Norwegian ones ("fotball" + "bane").
 * The places a last word can start are found first (most passwords end in no word, which ends it), then
 * each first word is tried with each of them, the middle looked up only between the two: parts no longer
 * than the longest word, so at most about 900 look-ups however long the password (a password of 256
 * letters costs no more than one of 87).
 */
function isTwoOrThreeWords(candidate: string, entries: Entries): boolean {
  const length = candidate.length;
  const longest = Math.max(entries.longest, longestBuiltInWordOrRun);
  if (length < 2 * minimumPartLength || length > 3 * longest || !lettersOnly.test(candidate)) return false;
  const kindOf = (start: number, end: number): number => {
    if (end - start < minimumPartLength || end - start > longest) return 0;
    const part = candidate.slice(start, end);
    if (runStretches.has(part)) return runWord;
    return (entries.has(part) ? entryWord : 0) | (builtInSet.has(part) ? builtInWord : 0);
  };
  const lastStarts: number[] = [];
  const lastKinds: number[] = [];
  for (let start = Math.max(minimumPartLength, length - longest); start <= length - minimumPartLength; start += 1) {
    const kind = kindOf(start, length);
    if (kind !== 0) {
      lastStarts.push(start);
      lastKinds.push(kind);
    }
  }
  if (lastStarts.length === 0) return false;
  for (let end = minimumPartLength; end <= Math.min(longest, lastStarts[lastStarts.length - 1]); end += 1) {
    const first = kindOf(0, end);
    if (first === 0) continue;
    for (let index = 0; index < lastStarts.length; index += 1) {
      const both = first & lastKinds[index];
      if (both === 0) continue;
      if (lastStarts[index] === end || (both & kindOf(end, lastStarts[index])) !== 0) return true;
    }
  }
  return false;
}

/** Every stretch of 6+ characters of a run (2,160), looked up as one: isTwoOrThreeWords asks for each part it tries. */
const runStretches = new Set<string>();
for (const run of runs) {
  for (let start = 0; start < run.length; start += 1)
    for (let end = start + minimumRunLength; end <= run.length; end += 1) runStretches.add(run.slice(start, end));
}

function isRun(candidate: string): boolean {
  return runStretches.has(candidate);
}

const repeatedUnit = /^([\s\S]{1,4})\1+$/u;

function isRepeat(candidate: string): boolean {
  return candidate.length >= 2 && repeatedUnit.test(candidate);
}

function isStructurallyCommon(candidate: string): boolean {
  return isRun(candidate) || isRepeat(candidate);
}

const builtInSet = new Set(builtInCommonWords);
/** The longest built-in word or run of letters only (the alphabet): how long a part of isTwoOrThreeWords can be besides entries. */
const longestBuiltInWordOrRun = Math.max(
  ...builtInCommonWords.map((word) => word.length),
  ...runs.flatMap((run) => run.split(/[^a-zæøå]+/).map((part) => part.length)),
);

/**
 * Can this entry be the base of a password: starts and ends with a letter and has no leetspeak
 * characters (bases never have any)? Only such entries matter for passwords longer than themselves.
 */
function canBeBase(entry: string): boolean {
  return letter.test(entry.charAt(0)) && letter.test(entry.charAt(entry.length - 1)) && !leetCharacters.test(entry);
}

const minimumEntryLength = 4;
const minimumOkPasswordLength = 8;

/** Is the candidate common given the entries of the set? One place for the check and the selection. */
function candidateIsCommon(candidate: string, entries: Entries): boolean {
  return entries.has(candidate) || builtInSet.has(candidate) || isStructurallyCommon(candidate) || isTwoOrThreeWords(candidate, entries);
}

/**
 * What the shipped set keeps of its sources (build/screening-set.ts: the leaked passwords most used
 * first, then dictionary words): entries of 4+ characters, minus those the check finds anyway (keyboard
 * runs, repeats, built-in words, two or three kept entries, built-in words or runs one after the other, or
 * an entry whose leetspeak-undone or loose form or base is itself kept — 'password1', 'p@ssw0rd'), minus
 * short entries (under 8 characters) that cannot be the base of a longer password (they could only match
 * a password that is too short anyway),
 * minus entries without letters that fail the strength rules themselves ('12121985': a password can only
 * match such an entry by being it, and it is refused as not strong enough anyway).
 * Entries are decided shortest first (and, within a length, those without leetspeak first), each against
 * what is already kept: whatever an entry is dropped for is itself in the set, so nothing dropped is lost.
 * Sorted, because a sorted list front-codes and compresses much better.
 */
export function selectCommonPasswords(published: Iterable<string>): string[] {
  const entries = new Set<string>();
  for (const raw of published) {
    const entry = normalise(raw.trim());
    const length = [...entry].length;
    if (length < minimumEntryLength) continue;
    if (length < minimumOkPasswordLength && !canBeBase(entry)) continue;
    if (!letter.test(entry) && !assessPassword(entry, () => false).ok) continue;
    entries.add(entry);
  }
  const ordered = [...entries].sort((a, b) => a.length - b.length || Number(leetCharacters.test(a)) - Number(leetCharacters.test(b)));
  const kept = new Set<string>();
  // Shortest first: every entry kept so far is at most as long as the one being decided.
  const keptEntries: Entries = { has: (entry) => kept.has(entry), longest: 0 };
  for (const entry of ordered) {
    keptEntries.longest = entry.length;
    let covered = false;
    for (const candidate of candidatesOf(entry)) {
      if (candidateIsCommon(candidate, keptEntries)) {
        covered = true;
        break;
      }
    }
    if (!covered) kept.add(entry);
  }
  return [...kept].sort();
}

/** The check: true when the password (any case) is common by the rules above. */
export function createCommonPasswordCheck(entries: Iterable<string>): (password: string) => boolean {
  const list = new Set<string>();
  let longest = 0;
  for (const entry of entries) {
    if (!entry) continue;
    const normalised = normalise(entry);
    list.add(normalised);
    longest = Math.max(longest, normalised.length);
  }
  return checkWith({ has: (entry) => list.has(entry), longest });
}

function checkWith(entries: Entries): (password: string) => boolean {
  return (password) => {
    const normalised = normalise(password);
    if (normalised.trim() === '') return false;
    for (const candidate of candidatesOf(normalised)) {
      if (candidateIsCommon(candidate, entries)) return true;
    }
    return false;
  };
}

/**
 * The check from a front-coded set (frontCode of the sorted, normalised set the build makes), decoded
 * in slices of `slice` entries with `pause()` between them, looked up by binary search in the sorted
 * entries: no Set to build (at 4× CPU slowdown the ~92,000 entries took ~350 ms in one task, and a
 * growing Set's rehash alone was a long task), so keys typed meanwhile are handled between slices.
 */
export async function createCommonPasswordCheckInSlices(coded: string, pause: () => Promise<void>, slice = 4000): Promise<(password: string) => boolean> {
  const sorted: string[] = [];
  let longest = 0;
  let previous = '';
  let start = 0;
  let lines = 0;
  while (start < coded.length) {
    const newline = coded.indexOf('\n', start);
    const end = newline === -1 ? coded.length : newline;
    const line = coded.slice(start, end);
    start = end + 1;
    if (line !== '' && line.charCodeAt(0) >= 48) {
      previous = previous.slice(0, line.charCodeAt(0) - 48) + line.slice(1);
      sorted.push(previous);
      longest = Math.max(longest, previous.length);
    }
    lines += 1;
    if (lines % slice === 0) await pause();
  }
  return checkWith({
    has: (entry) => {
      let low = 0;
      let high = sorted.length - 1;
      while (low <= high) {
        const middle = (low + high) >> 1;
        const found = sorted[middle];
        if (found === entry) return true;
        if (found < entry) low = middle + 1;
        else high = middle - 1;
      }
      return false;
    },
    longest,
  });
}

/** The longest prefix front coding records; longer shared prefixes are written out beyond it. */
const maximumSharedPrefix = 40;

/**
 * A sorted list front-coded for the browser: each entry as one character for the length of the prefix
 * it shares with the one before ('0' + n) and the rest, one per line. About 30 % smaller than the plain
 * list once compressed (measured: scripts/password-screening.ts).
 */
export function frontCode(sorted: readonly string[]): string {
  let previous = '';
  return sorted
    .map((entry) => {
      let shared = 0;
      while (shared < maximumSharedPrefix && shared < previous.length && shared < entry.length && previous[shared] === entry[shared]) shared += 1;
      previous = entry;
      return String.fromCharCode(48 + shared) + entry.slice(shared);
    })
    .join('\n');
}

/** The entries of a front-coded list (frontCode), in order; lines starting with '#' (below '0') are notes. */
export function frontDecode(coded: string): string[] {
  const entries: string[] = [];
  let previous = '';
  for (const line of coded.split('\n')) {
    if (line === '' || line.charCodeAt(0) < 48) continue;
    previous = previous.slice(0, line.charCodeAt(0) - 48) + line.slice(1);
    entries.push(previous);
  }
  return entries;
}
