/**
 * Cuts Posten Sans down to the characters the product writes (build/font-subset.ts): about 29 KB to
 * 17 KB per weight. The fonts are requested while the first paint is laid out, so every byte counts
 * against it (issue #8). Build only; the dev server serves the full files.
 */
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';
import { fontSubsetCharacters } from './font-subset';

const postenSans = /PostenSans-[A-Za-z]+-[\w-]+\.woff2$/;

export function fontSubsetPlugin(): Plugin {
  let ssr = false;
  return {
    name: 'innlogging:font-subset',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    async generateBundle(_, bundle) {
      if (ssr) return;
      for (const output of Object.values(bundle)) {
        if (output.type !== 'asset' || !postenSans.test(output.fileName)) continue;
        output.source = await subsetFont(Buffer.from(output.source), fontSubsetCharacters, { targetFormat: 'woff2' });
      }
    },
  };
}
