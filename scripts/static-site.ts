/**
 * Build step after the prerender: the hashed assets and the favicon get a .gz and a .br beside them
 * (sent as they are by the Node server and by nginx), and dist/site/ becomes the complete static site
 * (server/deploy/static-site.ts) with the page settings of a deployment that sets none: no status
 * page, chatbot or analytics, no error reporting. A deployment writes its own site from dist/ with
 * its settings at start (server/deploy/render.ts); dist/site/ is for a look, or a CDN that needs none.
 * Every text file in dist/site/ has its .gz and .br (issue #52), the stand-in pages too, although
 * nginx never sends theirs: it fills the page in and gzips the result (server/deploy/nginx-config.ts).
 * A deployment's start leaves them out, as they would only add to its time (some 2.6 s of brotli).
 */
import './production-env';
import path from 'node:path';
import { readConfig } from '../server/config';
import { precompressDir, precompressFile, writeStaticSite } from '../server/deploy/static-site';

const distDir = path.resolve(import.meta.dirname, '..', 'dist');
const compressed = precompressDir(path.join(distDir, 'assets')) + Number(precompressFile(path.join(distDir, 'favicon.svg')));
const { runtime } = readConfig({ API_UPSTREAM: 'https://backend.invalid' });
const site = writeStaticSite({ distDir, outDir: path.join(distDir, 'site'), runtime });
const standInsCompressed = precompressDir(path.join(distDir, 'site', '_standin'));
console.log(
  `static site: ${compressed + standInsCompressed} files precompressed (.gz, .br); dist/site/ with ${site.pages} prerendered pages, ${site.shells} app shells, ${site.standIns} stand-in pages`,
);
