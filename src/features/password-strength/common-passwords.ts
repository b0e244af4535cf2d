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

import { builtInCommonWords, runs } from './common-words';
import { candidatesOf, leetCharacters, letter, minimumRunLength, normalise } from './password-readings';
import { assessPassword } from './password-rules';

export { builtInCommonWords } from './common-words';
export { frontCode, frontDecode } from './front-coding';

const lettersOnly = /^[a-zæøå]+$/;
/** The shortest part of a password of two or three words ("ilove" + "jason"): as short as an entry can be. */
const minimumPartLength = 4;

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
