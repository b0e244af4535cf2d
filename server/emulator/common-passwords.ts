/**
 * The common-password check for the emulator: the same published list and the same selection and
 * rules as the browser gets through 'virtual:common-passwords', read with node:fs on first use.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCommonPasswordCheck, selectCommonPasswords } from '../../src/features/password-strength/common-passwords';

let check: ((password: string) => boolean) | undefined;

export function publishedPasswordsPath(): string {
  const packageJson = createRequire(import.meta.url).resolve('@zxcvbn-ts/language-common/package.json');
  return join(dirname(packageJson), 'src', 'passwords.json');
}

export function commonPasswordCheck(): (password: string) => boolean {
  if (!check) {
    const published = JSON.parse(readFileSync(publishedPasswordsPath(), 'utf8')) as string[];
    check = createCommonPasswordCheck(selectCommonPasswords(published));
  }
  return check;
}
