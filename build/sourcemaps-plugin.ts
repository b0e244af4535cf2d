import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where a build's source maps go: beside its output directory, never in it (dist → dist-sourcemaps). */
export function sourcemapsDirFor(outDir: string): string {
  return `${path.resolve(outDir)}-sourcemaps`;
}

function mapFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return mapFiles(full);
    return entry.name.endsWith('.map') ? [full] : [];
  });
}

/**
 * Source maps hold the whole source; they are for error reporting, not for everyone who can fetch
 * the assets. The build writes them without a sourceMappingURL comment (build.sourcemap 'hidden'),
 * and this moves them out of the deployed directory to dist-sourcemaps/, with the same relative paths
 * (assets/x.js.map beside assets/x.js), ready for an upload to the error-reporting service.
 */
export function sourcemapsPlugin(): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'innlogging:sourcemaps-outside-dist',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    writeBundle() {
      // The prerender's build for Node (scripts/prerender.ts) is no deployment.
      if (ssr) return;
      const target = sourcemapsDirFor(outDir);
      rmSync(target, { recursive: true, force: true });
      for (const file of mapFiles(outDir)) {
        const moved = path.join(target, path.relative(outDir, file));
        mkdirSync(path.dirname(moved), { recursive: true });
        renameSync(file, moved);
      }
    },
  };
}
