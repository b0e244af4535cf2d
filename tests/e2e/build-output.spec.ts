/**
 * What the production build puts where it is served: no source maps and no comment naming one (they
 * go to dist-sourcemaps/, for error reporting), a style hash list that matches the prerendered
 * markup's style attributes and the inline <style> elements the server sends (server/style-hashes.ts),
 * and every text file of the static site (dist/site/) over 1 KiB with its .gz and .br.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sourcemapsDirFor } from '../../build/sourcemaps-plugin';
import { fontFacesCss, readCriticalCss } from '../../server/critical-css';
import { entryKey, readManifest } from '../../server/manifest';
import { readPrerendered } from '../../server/prerendered';
import { styleHashesFile, styleHashesOf } from '../../server/style-hashes';
import { base, expect, test } from './support/fixtures';

const distDir = path.resolve(process.env.DIST_DIR ?? path.join(import.meta.dirname, '..', '..', 'dist'));
const mapsDir = sourcemapsDirFor(distDir);

/** Text by its bytes, whatever its name: valid UTF-8 without a NUL (fonts and images have both). */
function isText(body: Buffer): boolean {
  if (body.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
    return true;
  } catch {
    return false;
  }
}

/** What the compressed file beside `file` lacks: missing, or not decompressing to the file's bytes. */
function compressedProblem(file: string, body: Buffer, suffix: '.gz' | '.br'): string | null {
  if (!existsSync(`${file}${suffix}`)) return 'missing';
  const compressed = readFileSync(`${file}${suffix}`);
  try {
    const decompressed = suffix === '.gz' ? gunzipSync(compressed) : brotliDecompressSync(compressed);
    return decompressed.equals(body) ? null : `decompresses to other bytes (${decompressed.length} against ${body.length})`;
  } catch (error) {
    return `does not decompress (${(error as Error).message})`;
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

test.describe('the production build', () => {
  test('has no source map in dist/ and no bundle that names one; the maps are beside it, in the same layout', () => {
    const served = filesUnder(distDir);
    expect(served.filter((file) => file.endsWith('.map'))).toEqual([]);
    for (const file of served.filter((name) => /\.(js|css|html)$/.test(name))) {
      expect(readFileSync(path.join(distDir, file), 'utf8'), file).not.toMatch(/sourceMappingURL/);
    }
    const maps = filesUnder(mapsDir);
    const entry = readManifest(distDir)[entryKey].file;
    expect(maps).toContain(`${entry}.map`);
    for (const map of maps) {
      const bundle = map.replace(/\.map$/, '');
      expect(existsSync(path.join(distDir, bundle)), `${map} belongs to dist/${bundle}`).toBe(true);
      expect((JSON.parse(readFileSync(path.join(mapsDir, map), 'utf8')) as { file: string }).file).toBe(path.basename(bundle));
    }
  });

  test('a source map is not found at the public asset path', async ({ request }) => {
    const entry = readManifest(distDir)[entryKey].file;
    expect((await request.get(`/innlogging/${entry}`)).status()).toBe(200);
    const map = await request.get(`/innlogging/${entry}.map`);
    expect(map.status()).toBe(404);
    expect(await map.text()).not.toContain('sourcesContent');
  });

  test("allows exactly the prerendered markup's style attributes and the pages' inline styles, by hash, and no inline styles besides", async ({ request }) => {
    const hashes = JSON.parse(readFileSync(path.join(distDir, styleHashesFile), 'utf8')) as string[];
    const inlineStyles = { ...readCriticalCss(distDir), fonts: fontFacesCss(distDir, readManifest(distDir)) };
    expect(Object.keys(inlineStyles).length).toBeGreaterThan(8);
    expect(hashes).toEqual(styleHashesOf(readPrerendered(distDir), inlineStyles));
    const policy = (await request.get(`${base('nb')}/`)).headers()['content-security-policy'];
    expect(policy).toContain(`style-src 'self' 'unsafe-hashes' ${hashes.join(' ')};`);
    expect(policy).not.toContain('unsafe-inline');
  });

  // Issue #52. The stand-in pages' .gz and .br are never sent (nginx fills the page in, then gzips it:
  // server/deploy/nginx-config.ts), but dist/site/ is a site to take as it is, so it has them too.
  test('has a .gz and a .br beside every text file over 1 KiB in dist/site/, each the same bytes once decompressed', () => {
    const siteDir = path.join(distDir, 'site');
    const files = filesUnder(siteDir).filter((file) => !/\.(?:gz|br)$/.test(file));
    const problems: string[] = [];
    let checked = 0;
    for (const file of files) {
      const body = readFileSync(path.join(siteDir, file));
      if (body.length <= 1024 || !isText(body)) continue;
      checked += 1;
      for (const suffix of ['.gz', '.br'] as const) {
        const problem = compressedProblem(path.join(siteDir, file), body, suffix);
        if (problem) problems.push(`${file}${suffix}: ${problem}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });
});
