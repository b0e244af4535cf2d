import type { Plugin } from 'vite';

/** The screen manifest's fields only the build and the server read (src/screens/manifest.ts). */
const serverOnlyField = /\b(?:title|heading):\s*(?:'[^']*'|"[^"]*"),?|\bprerendered:\s*(?:true|false|!0|!1),?/g;

/**
 * The browser's copy of the screen manifest without the fields it never reads: each screen's title
 * and heading keys (the server writes the page head, screens name their own texts) and whether the
 * build prerenders it. About 0.4 KB gzip off every first load. The prerender and the server run the
 * source itself (tsx), and Vitest too (this applies to `vite build` only).
 */
export function browserManifestPlugin(): Plugin {
  return {
    name: 'innlogging:browser-screen-manifest',
    apply: 'build',
    transform(code, id) {
      if (this.environment?.config.consumer === 'server' || !id.replace(/\\/g, '/').endsWith('/src/screens/manifest.ts')) return null;
      const stripped = code.replace(serverOnlyField, '');
      // A manifest written another way would silently keep its fields: stop the build instead.
      if (stripped === code || /\b(?:title|heading|prerendered):/.test(stripped)) {
        throw new Error('browser-manifest-plugin: the manifest no longer has the shape this plugin strips (title/heading/prerendered)');
      }
      return { code: stripped, map: null };
    },
  };
}
