import type { Plugin } from 'vite';

/**
 * Hedwig's index.css declares Posten Sans with font-display: swap, which redraws text when the font
 * arrives (a layout shift, and a later LCP). This removes those declarations; src/app/fonts.css
 * declares the same files with font-display: optional (and nothing preloads them).
 */
export function hedwigFontsPlugin(): Plugin {
  return {
    name: 'innlogging:hedwig-fonts',
    enforce: 'pre',
    transform(code, id) {
      if (!/@postenbring[\\/]hedwig-css[\\/]dist[\\/]index\.css$/.test(id.split('?')[0])) return null;
      const withoutFonts = code.replace(/@font-face\s*\{[^}]*\}/g, '');
      if (withoutFonts === code) this.error('Expected @font-face rules in hedwig-css index.css; update build/hedwig-fonts-plugin.ts');
      return { code: withoutFonts, map: null };
    },
  };
}
