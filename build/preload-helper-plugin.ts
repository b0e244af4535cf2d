/**
 * Vite wraps every dynamic import() in its preload helper, even with build.modulePreload off, for the
 * stylesheets a lazy chunk imports (vitejs/vite#13952, #18551). Its helper also preloads scripts, which
 * this build does not want (modulePreload: false), and weighs about 700 B gzip in the entry, so in every
 * first load. This plugin puts src/app/boot/preload-helper.ts in its place: the stylesheets only (issue #52).
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const preloadHelperId = '\0vite/preload-helper.js';
const ownHelper = fileURLToPath(new URL('../src/app/boot/preload-helper.ts', import.meta.url));

export function preloadHelperPlugin(): Plugin {
  return {
    name: 'innlogging:preload-helper',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id === preloadHelperId ? ownHelper : undefined;
    },
  };
}
