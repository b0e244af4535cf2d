/**
 * The files of a library's ESM build that some of its named exports need: the file that exports each
 * name (found through the package's index), and every file those import in turn. For the build's chunk
 * groups (vite.config.ts): only the Hedwig components the page frame shows go into the first load's
 * common chunk, not every Hedwig component some screen uses (issue #52).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const fromFile = /from\s+"(\.\/[^"]+)"/g;

export function libraryModules(distDir: string, names: readonly string[]): Set<string> {
  const index = readFileSync(path.join(distDir, 'index.mjs'), 'utf8');
  const files = new Set<string>();
  const pending: string[] = [];
  for (const name of names) {
    // import { …, Name, … } from "./chunk-X.mjs";
    const block = [...index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.\/[^"]+)"/g)].find(([, list]) => list.split(',').some((item) => item.trim() === name));
    if (!block) throw new Error(`${distDir}/index.mjs exports no ${name}`);
    pending.push(block[2]);
  }
  for (let file = pending.pop(); file; file = pending.pop()) {
    const full = path.join(distDir, file);
    if (files.has(full)) continue;
    files.add(full);
    for (const [, next] of readFileSync(full, 'utf8').matchAll(fromFile)) pending.push(next);
  }
  return files;
}
