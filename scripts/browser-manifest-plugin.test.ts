import { readFileSync } from 'node:fs';
import path from 'node:path';
import { transformWithOxc } from 'vite';
import { describe, expect, it } from 'vitest';
import { browserManifestPlugin } from '../build/browser-manifest-plugin';

const manifestId = path.resolve(import.meta.dirname, '..', 'src', 'screens', 'manifest.ts');

function transform(code: string, id = manifestId): { code: string } | null {
  const plugin = browserManifestPlugin();
  const hook = plugin.transform as (this: unknown, code: string, id: string) => { code: string } | null;
  return hook.call({ environment: { config: { consumer: 'client' } } }, code, id);
}

describe('the browser copy of the screen manifest', () => {
  it('drops title, heading and prerendered from every screen and keeps what the router reads', () => {
    const compiled = `export const screenManifest = {
      privateLogin: { path: "", module: "private-login", title: "login.title", heading: "login.heading", group: "web", prerendered: !0, header: "offers-business" },
      admin: { path: 'admin', module: 'admin', title: 'admin.title', heading: 'admin.heading', group: 'web', prerendered: false, secretParams: ['?x'], header: 'no-toggle' },
    };`;
    const result = transform(compiled);
    expect(result?.code).not.toMatch(/title|heading|prerendered/);
    for (const kept of ['path: ""', 'module: "private-login"', "group: 'web'", "secretParams: ['?x']", "header: 'no-toggle'"])
      expect(result?.code).toContain(kept);
  });

  it('stops the build when the manifest is written so that nothing would be dropped', () => {
    expect(() => transform('export const screenManifest = { a: { path: "", module: "a" } };')).toThrow(/no longer has the shape/);
  });

  it('strips the real manifest, compiled as the build compiles it, down to what the browser reads', async () => {
    // The build hands the plugin the manifest with its TypeScript compiled away, as here.
    const { code } = await transformWithOxc(readFileSync(manifestId, 'utf8'), manifestId, { lang: 'ts' });
    const result = transform(code);
    expect(result?.code).not.toMatch(/\b(title|heading|prerendered):/);
    const stripped = (await import(`data:text/javascript,${encodeURIComponent(result!.code)}`)) as {
      screenManifest: Record<string, Record<string, unknown>>;
    };
    const { screenManifest } = await import('../src/screens/manifest');
    for (const [name, screen] of Object.entries(screenManifest)) {
      const { title: _title, heading: _heading, prerendered: _prerendered, ...kept } = screen;
      expect(stripped.screenManifest[name], name).toEqual(kept);
    }
  });

  it('leaves every other module alone', () => {
    expect(transform("const a = { title: 'x' };", '/x/src/screens/screens.ts')).toBeNull();
  });
});
