/**
 * Serves 'virtual:common-passwords': the published common-password list of @zxcvbn-ts/language-common,
 * reduced by selectCommonPasswords, as `export default "<entries joined by \n>"`. Only the reset
 * wizard's password step imports it (dynamically), so it becomes a chunk of its own.
 */
import type { Plugin } from 'vite';
import { selectCommonPasswords } from '../src/features/password-strength/common-passwords';
import { readPublishedPasswords } from './published-passwords';

const virtualId = 'virtual:common-passwords';
const resolvedVirtualId = `\0${virtualId}`;

let cachedSource: string | undefined;

export function commonPasswordsModuleSource(): string {
  if (cachedSource === undefined) {
    cachedSource = `export default ${JSON.stringify(selectCommonPasswords(readPublishedPasswords()).join('\n'))};\n`;
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
