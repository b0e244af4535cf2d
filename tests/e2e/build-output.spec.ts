/**
 * What the production build puts where it is served: no source maps and no comment naming one (they
 * go to dist-sourcemaps/, for error reporting), and a style hash list that matches the prerendered
 * markup's style attributes and the inline <style> elements the server sends (server/style-hashes.ts).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sourcemapsDirFor } from '../../build/sourcemaps-plugin';
import { fontFacesCss, readCriticalCss } from '../../server/critical-css';
import { entryKey, readManifest } from '../../server/manifest';
import { readPrerendered } from '../../server/prerendered';
import { styleHashesFile, styleHashesOf } from '../../server/style-hashes';
import { base, expect, test } from './support/fixtures';

const distDir = path.resolve(process.env.DIST_DIR ?? path.join(import.meta.dirname, '..', '..', 'dist'));
const mapsDir = sourcemapsDirFor(distDir);

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
});
