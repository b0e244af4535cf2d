/**
 * The pages the server sends again and again (the prerendered screens, each screen's app shell: a
 * bounded set, per language), compressed once with brotli and gzip and kept, so no request compresses
 * them again; nginx sends the same pages from files compressed at deploy (server/deploy/static-site.ts).
 * A page with a value of the request in it (a token, the not-found page's path) is not kept: the
 * compress middleware gzips it per request.
 */
import { prerenderedAttribute } from '../src/app/boot/prerender-marks';
import { brotli, gzip } from './deploy/static-site';
import { acceptedEncodings, type Encoding } from './static-files';
import { prerenderedPagePaths } from './deploy/static-site';

export interface CompressedPages {
  /** The page compressed in the best encoding the client takes, or null (send it as it is). */
  get(html: string, acceptEncoding: string | undefined): { body: Buffer; encoding: Encoding } | null;
}

export function createCompressedPages(): CompressedPages {
  const fixedPaths = new Set(prerenderedPagePaths().map((pathname) => `${prerenderedAttribute}="${pathname}"`));
  const kept = new Map<string, Record<Encoding, Buffer>>();
  // A page is one of the fixed set when it is a shell (no prerendered markup) or a prerendered page at its own path.
  const isFixed = (html: string) => {
    const mark = new RegExp(`${prerenderedAttribute}="[^"]*"`).exec(html);
    return mark === null || fixedPaths.has(mark[0]);
  };
  return {
    get(html, acceptEncoding) {
      const encoding = acceptedEncodings(acceptEncoding)[0];
      if (!encoding || !isFixed(html)) return null;
      let both = kept.get(html);
      if (!both) {
        both = { br: brotli(html), gzip: gzip(html) };
        kept.set(html, both);
      }
      return { body: both[encoding], encoding };
    },
  };
}
