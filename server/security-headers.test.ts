// @vitest-environment node
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { bootScript } from '../src/app/boot/boot-script';
import { contentSecurityPolicy, securityHeaders } from './security-headers';
import { cspHash, styleAttributeValues, styleHash, styleHashesOf } from './style-hashes';

const styleSrc = (policy: string) => /(?:^|;)\s*style-src ([^;]*)/.exec(policy)?.[1];
const scriptSrc = (policy: string) => /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1];

async function headersOf(styleHashes?: () => readonly string[]): Promise<Headers> {
  const app = new Hono();
  app.use('*', securityHeaders(undefined, styleHashes));
  app.get('/page', (c) => c.text('page'));
  return (await app.request('/page')).headers;
}

describe('the policy', () => {
  it("denies by default: default-src 'none', and each kind of fetch the app makes allowed by name", () => {
    const directives = Object.fromEntries(
      contentSecurityPolicy()
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources.join(' ')]),
    );
    expect(directives['default-src']).toBe("'none'");
    for (const name of ['script-src', 'style-src', 'img-src', 'font-src', 'connect-src']) expect(directives[name]).toMatch(/^'self'/);
    expect(directives).toMatchObject({ 'frame-ancestors': "'none'", 'object-src': "'none'", 'base-uri': "'self'", 'form-action': "'self'" });
  });
});

describe('script-src', () => {
  it("has no 'unsafe-inline': our own scripts, and the one inline script in <head> by its hash", () => {
    expect(scriptSrc(contentSecurityPolicy())).toBe(`'self' ${cspHash(bootScript)}`);
    expect(contentSecurityPolicy()).not.toContain('unsafe-inline');
  });
});

describe('style-src', () => {
  it("has no 'unsafe-inline': only our stylesheets, and the build's style attributes by hash", () => {
    expect(styleSrc(contentSecurityPolicy())).toBe("'self'");
    const hashes = [styleHash('position:relative'), styleHash('width:32px;height:32px')];
    expect(styleSrc(contentSecurityPolicy(undefined, hashes))).toBe(`'self' 'unsafe-hashes' ${hashes.join(' ')}`);
    expect(contentSecurityPolicy(undefined, hashes)).not.toContain('unsafe-inline');
  });

  it('hashes a style attribute value as CSP does: SHA-256 of its text, base64', () => {
    expect(styleHash('position:relative')).toBe("'sha256-KpSV7LuPYEu58+3u9LJr9v5Drm0uIKEv0h3u/+NVNm8='");
  });

  it('finds every distinct style attribute, as the browser reads it', () => {
    const markup =
      '<div style="position:relative"><span style="width:32px;height:32px">x</span><b class="s" style="position:relative"></b>' +
      `<i style='font-family:&quot;A&quot;'></i><p data-style="nope">style="not an attribute"</p></div>`;
    expect(styleAttributeValues(markup)).toEqual(['font-family:"A"', 'position:relative', 'width:32px;height:32px']);
    expect(styleHashesOf({ a: markup, b: '<div style="position:relative"></div>', c: '<p>none</p>' })).toHaveLength(3);
  });

  it('adds the hash of each inline <style> element (critical CSS, the fonts), once', () => {
    const hashes = styleHashesOf({ a: '<div style="position:relative"></div>' }, { login: '.a{color:red}', business: '.a{color:red}', fonts: '@font-face{}' });
    expect(hashes).toEqual([styleHash('position:relative'), styleHash('.a{color:red}'), styleHash('@font-face{}')].sort());
  });

  it("takes the build's list once there is one", async () => {
    let built: readonly string[] = [];
    const hashes = () => built;
    const before = await headersOf(hashes);
    expect(styleSrc(before.get('content-security-policy') ?? '')).toBe("'self'");
    built = [styleHash('position:relative')];
    const after = await headersOf(hashes);
    expect(styleSrc(after.get('content-security-policy') ?? '')).toBe(`'self' 'unsafe-hashes' ${built[0]}`);
  });
});
