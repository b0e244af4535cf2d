/**
 * The common-password check for the emulator: the same screening set and rules as the browser gets
 * through 'virtual:common-passwords' (build/screening-set.ts), built with node:fs on first use.
 */
import { screeningSet } from '../../build/screening-set';
import { createCommonPasswordCheck } from '../../src/features/password-strength/common-passwords';

let check: ((password: string) => boolean) | undefined;

export function commonPasswordCheck(): (password: string) => boolean {
  if (!check) {
    check = createCommonPasswordCheck(screeningSet());
  }
  return check;
}
