/**
 * Puts the page's one inline script into <head> of index.html (so into every page, built or served by
 * Vite's dev server): the boot script of src/app/boot/boot-script.ts, which must run before the body
 * is parsed. The Content-Security-Policy allows exactly this script by its hash (server/security-headers.ts).
 * Vite's dev server also gets the fonts' stylesheet, which the built pages have inline (server/critical-css.ts).
 * And the page's icon comes inline too (a data: address; the file stays for whoever asks for it): one
 * request fewer beside the first paint.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { bootScript } from '../src/app/boot/boot-script';

export function headScriptPlugin(): Plugin {
  let serve = false;
  let root = process.cwd();
  return {
    name: 'innlogging:head-script',
    configResolved(config) {
      serve = config.command === 'serve';
      root = config.root;
    },
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => {
        const icon = readFileSync(path.join(root, 'public', 'favicon.svg'), 'utf8').trim();
        const withIcon = html.replace('href="/innlogging/favicon.svg"', `href="data:image/svg+xml,${encodeURIComponent(icon)}"`);
        if (withIcon === html) throw new Error('index.html: no icon link to inline (build/head-script-plugin.ts)');
        return withIcon.replace(
          '<!--head-script-->',
          `<script>${bootScript}</script>${serve ? '\n    <link rel="stylesheet" href="/src/app/fonts.css" />' : ''}`,
        );
      },
    },
  };
}
