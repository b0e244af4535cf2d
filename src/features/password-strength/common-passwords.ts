/**
 * The common-password check of SPEC §5: "not in the common-password list (keyboard runs, leetspeak
 * variants and the product name)". Pure: the published list is passed in (the browser gets it through
 * the virtual module 'virtual:common-passwords', the emulator reads it with node:fs).
 *
 * A password is common when one of its candidates
 *  - the password itself, lower-cased,
 *  - its leetspeak-undone forms (0→o, 1→i or l, 3→e, 4→a, 5→s, 7→t, @→a, $→s, !→i),
 *  - its base: leading and trailing digits and symbols stripped, leetspeak undone (both orders), 3+ chars,
 * is in the list or in the built-in Norwegian/product words, is a keyboard or alphabet run of 6 or more,
 * or is one short unit (1–4 characters) repeated.
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
const runSources = ['qwertyuiopå', 'asdfghjkløæ', 'zxcvbnm', '1234567890', 'abcdefghijklmnopqrstuvwxyzæøå', '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik,9ol.0pø-'];
const runs = [...runSources, ...runSources.map((run) => [...run].reverse().join(''))];
const minimumRunLength = 6;
const minimumBaseLength = 3;

function normalise(password: string): string {
  return password.normalize('NFC').toLowerCase();
}

function stripEdges(value: string): string {
  return value.replace(edgeNonLetters, '');
}

/** Leetspeak undone; '1' is read both as 'i' and as 'l'. Without leet characters: just the value. */
function undoLeetspeak(value: string): string[] {
  if (!leetCharacters.test(value)) return [value];
  const rest = value.replace(leetCharactersGlobal, (character) => leetspeak[character] ?? character);
  return rest.includes('1') ? [rest.replaceAll('1', 'i'), rest.replaceAll('1', 'l')] : [rest];
}

/** Every form of the (normalised) password that is looked up: itself, leetspeak undone, bases. */
function candidatesOf(normalised: string): Set<string> {
  const candidates = new Set<string>([normalised]);
  const unleeted = undoLeetspeak(normalised);
  for (const form of unleeted) candidates.add(form);
  const bases = [...undoLeetspeak(stripEdges(normalised)), ...unleeted.map(stripEdges)];
  for (const base of bases) if ([...base].length >= minimumBaseLength) candidates.add(base);
  return candidates;
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

/**
 * What the shipped list keeps of the published one: entries of 4+ characters, minus those the check
 * finds anyway (keyboard runs, repeats, built-in words, or an entry whose leetspeak-undone form or base
 * is itself kept — 'password1', 'p@ssw0rd'), minus short entries (under 8 characters) that cannot be
 * the base of a longer password (they could only match a password that is too short anyway), minus
 * entries without letters that fail the strength rules themselves ('12121985': a password can only
 * match such an entry by being it, and it is refused as not strong enough anyway).
 * Sorted, because a sorted list compresses much better.
 */
export function selectCommonPasswords(published: readonly string[]): string[] {
  const entries = new Set<string>();
  for (const raw of published) {
    const entry = normalise(raw.trim());
    const length = [...entry].length;
    if (length < minimumEntryLength) continue;
    if (length < minimumOkPasswordLength && !canBeBase(entry)) continue;
    if (!letter.test(entry) && !assessPassword(entry, () => false).ok) continue;
    entries.add(entry);
  }
  const kept: string[] = [];
  for (const entry of entries) {
    let covered = false;
    for (const candidate of candidatesOf(entry)) {
      if (isStructurallyCommon(candidate) || builtInSet.has(candidate) || (candidate !== entry && entries.has(candidate))) {
        covered = true;
        break;
      }
    }
    if (!covered) kept.push(entry);
  }
  return kept.sort();
}

/** The check: true when the password (any case) is common by the rules above. */
export function createCommonPasswordCheck(entries: Iterable<string>): (password: string) => boolean {
  const list = new Set<string>();
  for (const entry of entries) if (entry) list.add(normalise(entry));
  return (password) => {
    const normalised = normalise(password);
    if (normalised.trim() === '') return false;
    for (const candidate of candidatesOf(normalised)) {
      if (list.has(candidate) || builtInSet.has(candidate) || isStructurallyCommon(candidate)) return true;
    }
    return false;
  };
}
