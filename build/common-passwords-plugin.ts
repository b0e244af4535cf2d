/**
 * Serves 'virtual:common-passwords': the screening set (build/screening-set.ts), front-coded
 * (frontCode), as `export default "<coded entries>"`. Only the reset wizard's password step imports it
 * (dynamically), so it becomes a chunk of its own. The data of the 10 million list is CC BY-SA 3.0:
 * the chunk says so in its first line (a '#' line, which front-coded entries never start with; a
 * comment would be dropped by the minifier).
 */
import type { Plugin } from 'vite';
import { frontCode } from '../src/features/password-strength/common-passwords';
import { screeningSet } from './screening-set';

const virtualId = 'virtual:common-passwords';

/** Where the set comes from and under which licence, the first line of the chunk's text. */
export const screeningLicence =
  '# Common-password screening set of innlogging (docs/decisions/023): derived from the 10 million password list (Mark Burnett; OWASP SecLists), CC BY-SA 3.0, and from @zxcvbn-ts language packs (MIT). Front-coded.';
const resolvedVirtualId = `\0${virtualId}`;

let cachedSource: string | undefined;

export function commonPasswordsModuleSource(): string {
  if (cachedSource === undefined) {
    cachedSource = `export default ${JSON.stringify(`${screeningLicence}\n${frontCode(screeningSet())}`)};\n`;
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
