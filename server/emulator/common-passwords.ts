/**
 * The common-password check for the emulator: the same published list and the same selection and
 * rules as the browser gets through 'virtual:common-passwords', read with node:fs on first use.
 */
import { readPublishedPasswords } from '../../build/published-passwords';
import { createCommonPasswordCheck, selectCommonPasswords } from '../../src/features/password-strength/common-passwords';

let check: ((password: string) => boolean) | undefined;

export function commonPasswordCheck(): (password: string) => boolean {
  if (!check) {
    check = createCommonPasswordCheck(selectCommonPasswords(readPublishedPasswords()));
  }
  return check;
}
