import type { Plugin } from 'vite';

const hedwigStylesheet = /@postenbring[\\/]hedwig-css[\\/]dist[\\/]index\.css$/;

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
      if (!hedwigStylesheet.test(id.split('?')[0])) return null;
      const withoutFonts = code.replace(/@font-face\s*\{[^}]*\}/g, '');
      if (withoutFonts === code) this.error('Expected @font-face rules in hedwig-css index.css; update build/hedwig-fonts-plugin.ts');
      return { code: withoutFonts, map: null };
    },
  };
}

/**
 * Where Hedwig's fonts and type styles name the family ("Posten Sans",Arial,sans-serif), they name a
 * variable instead (var(--posten-sans),Arial,sans-serif): Posten Sans only once its files are cached,
 * Arial before (src/app/app.css, src/app/boot/fonts.ts), so a first visit's first paint needs no font
 * file. After the stylesheet purge (build/css-purge-plugin.ts), whose rewriting of rules does not
 * survive var() in a font shorthand.
 */
export function hedwigFontFamilyPlugin(): Plugin {
  return {
    name: 'innlogging:hedwig-font-family',
    enforce: 'pre',
    transform(code, id) {
      if (!hedwigStylesheet.test(id.split('?')[0])) return null;
      const named = code.replace(
        /(["'])Posten Sans( Regular| Medium| Bold)?\1/g,
        (_, __, weight = '') => `var(--posten-sans${weight.toLowerCase().replace(' ', '-')})`,
      );
      if (named === code) this.error('Expected "Posten Sans" in hedwig-css index.css values; update build/hedwig-fonts-plugin.ts');
      // Nothing may name the family otherwise (it would load the files on a first visit).
      const left = /Posten Sans/.exec(named);
      if (left)
        this.error(
          `hedwig-css index.css names Posten Sans where build/hedwig-fonts-plugin.ts does not rewrite it: …${named.slice(left.index - 40, left.index + 40)}…`,
        );
      return { code: named, map: null };
    },
  };
}
