/**
 * Serves 'virtual:common-passwords': the published common-password list of @zxcvbn-ts/language-common,
 * reduced by selectCommonPasswords, as `export default "<entries joined by \n>"`. Only the reset
 * wizard's password step imports it (dynamically), so it becomes a chunk of its own.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { selectCommonPasswords } from '../src/features/password-strength/common-passwords';

const virtualId = 'virtual:common-passwords';
const resolvedVirtualId = `\0${virtualId}`;

export function publishedPasswordsPath(): string {
  const packageJson = createRequire(import.meta.url).resolve('@zxcvbn-ts/language-common/package.json');
  return join(dirname(packageJson), 'src', 'passwords.json');
}

let cachedSource: string | undefined;

export function commonPasswordsModuleSource(): string {
  if (cachedSource === undefined) {
    const published: unknown = JSON.parse(readFileSync(publishedPasswordsPath(), 'utf8'));
    if (!Array.isArray(published) || !published.every((entry) => typeof entry === 'string')) {
      throw new Error(`${publishedPasswordsPath()} is not a JSON array of strings`);
    }
    cachedSource = `export default ${JSON.stringify(selectCommonPasswords(published).join('\n'))};\n`;
  }
  return cachedSource;
}

export function commonPasswordsPlugin(): Plugin {
  return {
    name: 'common-passwords',
    resolveId(id) {
      return id === virtualId ? resolvedVirtualId : undefined;
    },
    load(id) {
      if (id !== resolvedVirtualId) return undefined;
      return commonPasswordsModuleSource();
    },
  };
}
