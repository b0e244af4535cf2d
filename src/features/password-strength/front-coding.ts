/**
 * How the screening set of the common-password check goes to the browser (the virtual module
 * 'virtual:common-passwords', build/common-passwords-plugin.ts): front-coded, and read back.
 */

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
