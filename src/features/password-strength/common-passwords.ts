/**
 * The common-password check of SPEC §5: "not in the common-password list (keyboard runs, leetspeak
 * variants and the product name)", screened as NIST SP 800-63B §3.1.1.2 asks against values known
 * from breach corpuses and dictionary words (issue #22, docs/decisions/023). Pure: the screening set
 * is passed in (the browser gets it front-coded through the virtual module 'virtual:common-passwords',
 * the emulator builds the same set with node:fs: build/screening-set.ts).
 *
 * A password is common when one of its candidates
 *  - the password itself, lower-cased, and the same without spaces, dots, underscores and hyphens,
 *  - their leetspeak-undone forms (0→o, 1→i or l, 3→e, 4→a, 5→s, 7→t, @→a, $→s, !→i),
 *  - their bases: leading and trailing digits and symbols stripped, leetspeak undone (both orders), 3+ chars,
 * is in the set or in the built-in Norwegian/product words, is a keyboard, alphabet or digit run of 6
 * or more, or is one short unit (1–4 characters) repeated; or when a base of letters only is two
 * entries of the set one after the other ("ilove" + "jason", "luis" + "teamo", "drama" + "queen").
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
const edgeNonLetters = /^[^a-zæøå]+|[^a-zæøå]+$/g;

/** Norwegian and product words that are not (all) in the published, mostly English, list. */
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

const separators = /[\s._-]+/g;
const lettersOnly = /^[a-zæøå]+$/;
/** The shortest part of a two-entry password ("ilove" + "jason"): as short as an entry can be. */
const minimumPartLength = 4;

function stripEdges(value: string): string {
  return value.replace(edgeNonLetters, '');
}

/** Leetspeak undone; '1' is read both as 'i' and as 'l'. Without leet characters: just the value. */
function undoLeetspeak(value: string): string[] {
  if (!leetCharacters.test(value)) return [value];
  const rest = value.replace(leetCharactersGlobal, (character) => leetspeak[character] ?? character);
  return rest.includes('1') ? [rest.replaceAll('1', 'i'), rest.replaceAll('1', 'l')] : [rest];
}

/** Every form of the (normalised) password that is looked up: itself, without separators, leetspeak undone, bases. */
function candidatesOf(normalised: string): Set<string> {
  const candidates = new Set<string>();
  const joined = normalised.replace(separators, '');
  for (const form of joined !== '' && joined !== normalised ? [normalised, joined] : [normalised]) {
    candidates.add(form);
    const unleeted = undoLeetspeak(form);
    for (const unleetedForm of unleeted) candidates.add(unleetedForm);
    const bases = [...undoLeetspeak(stripEdges(form)), ...unleeted.map(stripEdges)];
    for (const base of bases) if ([...base].length >= minimumBaseLength) candidates.add(base);
  }
  return candidates;
}

/** A candidate of letters only that is two entries one after the other, each of 4+ letters. */
function isTwoEntries(candidate: string, has: (entry: string) => boolean): boolean {
  if (candidate.length < 2 * minimumPartLength || !lettersOnly.test(candidate)) return false;
  for (let cut = minimumPartLength; cut <= candidate.length - minimumPartLength; cut += 1) {
    if (has(candidate.slice(0, cut)) && has(candidate.slice(cut))) return true;
  }
  return false;
}

function isRun(candidate: string): boolean {
  return [...candidate].length >= minimumRunLength && runs.some((run) => run.includes(candidate));
}

const repeatedUnit = /^([\s\S]{1,4})\1+$/u;

function isRepeat(candidate: string): boolean {
  return candidate.length >= 2 && repeatedUnit.test(candidate);
}

function isStructurallyCommon(candidate: string): boolean {
  return isRun(candidate) || isRepeat(candidate);
}

const builtInSet = new Set(builtInCommonWords);

/**
 * Can this entry be the base of a password: starts and ends with a letter and has no leetspeak
 * characters (bases never have any)? Only such entries matter for passwords longer than themselves.
 */
function canBeBase(entry: string): boolean {
  return letter.test(entry.charAt(0)) && letter.test(entry.charAt(entry.length - 1)) && !leetCharacters.test(entry);
}

const minimumEntryLength = 4;
const minimumOkPasswordLength = 8;

/** Is the candidate common given the entries of the set (`has`)? One place for the check and the selection. */
function candidateIsCommon(candidate: string, has: (entry: string) => boolean): boolean {
  return has(candidate) || builtInSet.has(candidate) || isStructurallyCommon(candidate) || isTwoEntries(candidate, has);
}

/**
 * What the shipped set keeps of its sources (build/screening-set.ts: the leaked passwords most used
 * first, then dictionary words): entries of 4+ characters, minus those the check finds anyway (keyboard
 * runs, repeats, built-in words, two kept entries one after the other, or an entry whose leetspeak-undone
 * form or base is itself kept — 'password1', 'p@ssw0rd'), minus short entries (under 8 characters) that
 * cannot be the base of a longer password (they could only match a password that is too short anyway),
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
  const has = (entry: string) => kept.has(entry);
  for (const entry of ordered) {
    let covered = false;
    for (const candidate of candidatesOf(entry)) {
      if (candidateIsCommon(candidate, has)) {
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
  for (const entry of entries) if (entry) list.add(normalise(entry));
  return checkWith(list);
}

function checkWith(list: { has: (entry: string) => boolean }): (password: string) => boolean {
  const has = (entry: string) => list.has(entry);
  return (password) => {
    const normalised = normalise(password);
    if (normalised.trim() === '') return false;
    for (const candidate of candidatesOf(normalised)) {
      if (candidateIsCommon(candidate, has)) return true;
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
