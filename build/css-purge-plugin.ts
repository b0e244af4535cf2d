/**
 * Purges Hedwig's stylesheet at build (build/css-purge.ts). Which classes the code uses is known only
 * once the JavaScript is bundled, after the stylesheet has been processed and named by its content,
 * so the list comes from the previous build (kept in node_modules/.cache) and is checked at the end:
 * - no list yet (a fresh clone): nothing is purged; the list is written and a second build asked for;
 * - the code now uses a class the list lacks: the build fails, the list is updated, and a second build
 *   asked for (a stylesheet missing a rule must never ship).
 * scripts/lib.mjs buildFrontEnd (used by `npm run build`, `npm start`, `npm test`, `npm run bench`)
 * runs that second build. The stylesheet's name is its purged content's hash, so caches stay right.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { classListFile, purgeCss, rebuildMarkFile, usedClassTokens } from './css-purge';

const hedwigStylesheet = /@postenbring[\\/]hedwig-css[\\/]dist[\\/]index\.css$/;

/** Server-written HTML that uses Hedwig classes without the bundle (the noscript block). */
const extraSources = ['index.html', 'server/app-html.ts'];

export function cssPurgePlugin(): Plugin {
  let root = process.cwd();
  let listed: Set<string> | null = null;
  // The prerender's build for Node has no stylesheet to speak of.
  let ssr = false;
  return {
    name: 'innlogging:css-purge',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
      ssr = Boolean(config.build.ssr);
      const file = path.join(root, classListFile);
      listed = existsSync(file) ? new Set(JSON.parse(readFileSync(file, 'utf8')) as string[]) : null;
    },
    transform(code, id) {
      if (listed === null || ssr || !hedwigStylesheet.test(id.split('?')[0])) return null;
      return { code: purgeCss(code, listed, id), map: null };
    },
    generateBundle(_, bundle) {
      if (ssr) return;
      const code = [
        ...Object.values(bundle).map((output) => (output.type === 'chunk' ? output.code : '')),
        ...extraSources.map((file) => readFileSync(path.join(root, file), 'utf8')),
      ].join('\n');
      const used = usedClassTokens(code);
      const missing = listed === null ? [] : [...used].filter((token) => !listed!.has(token));
      if (listed !== null && missing.length === 0) return;
      mkdirSync(path.dirname(path.join(root, classListFile)), { recursive: true });
      writeFileSync(path.join(root, classListFile), JSON.stringify([...used].sort()));
      writeFileSync(path.join(root, rebuildMarkFile), '');
      if (listed === null) {
        // Not a warning: on a fresh clone this is the plan (scripts/lib.mjs builds again and says so).
        this.info('Hedwig CSS not purged (no class list yet); the list is written, build again to purge');
      } else {
        this.error(`Hedwig CSS was purged without classes the code now uses (${missing.join(', ')}); the list is updated, build again`);
      }
    },
  };
}
