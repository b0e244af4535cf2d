/**
 * The published common-password list of @zxcvbn-ts/language-common, read from the package with
 * node:fs: the build's 'virtual:common-passwords' (common-passwords-plugin.ts) and the emulator's check
 * (server/emulator/common-passwords.ts) both start from it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export function publishedPasswordsPath(): string {
  const packageJson = createRequire(import.meta.url).resolve('@zxcvbn-ts/language-common/package.json');
  return join(dirname(packageJson), 'src', 'passwords.json');
}

export function readPublishedPasswords(): string[] {
  const published: unknown = JSON.parse(readFileSync(publishedPasswordsPath(), 'utf8'));
  if (!Array.isArray(published) || !published.every((entry) => typeof entry === 'string')) {
    throw new Error(`${publishedPasswordsPath()} is not a JSON array of strings`);
  }
  return published;
}
