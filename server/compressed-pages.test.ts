// @vitest-environment node
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createCompressedPages } from './compressed-pages';
import { acceptedEncodings } from './static-files';

describe('pages compressed once (server/compressed-pages.ts)', () => {
  const shell = '<!doctype html><html><body><div id="root"></div></body></html>';
  const prerendered = '<html><body><div id="root" data-prerendered="/innlogging/en/business"><h1>x</h1></div></body></html>';
  const tokenPage = '<html><body><div id="root" data-prerendered="/innlogging/mobileLogin/AbCdEf123456/password"></div></body></html>';

  it('compresses a shell or a prerendered page at its own path once, and sends the same bytes again', () => {
    const pages = createCompressedPages();
    for (const html of [shell, prerendered]) {
      const first = pages.get(html, 'gzip, deflate, br');
      const again = pages.get(html, 'br');
      expect(first?.encoding).toBe('br');
      expect(again?.body).toBe(first?.body);
      expect(brotliDecompressSync(first?.body ?? Buffer.alloc(0)).toString()).toBe(html);
      const gzipped = pages.get(html, 'gzip');
      expect(gzipped?.encoding).toBe('gzip');
      expect(gunzipSync(gzipped?.body ?? Buffer.alloc(0)).toString()).toBe(html);
    }
  });

  it('keeps no page with a value of the request in it, and sends nothing compressed to a client that takes no encoding', () => {
    const pages = createCompressedPages();
    expect(pages.get(tokenPage, 'br, gzip')).toBeNull();
    expect(pages.get(shell, undefined)).toBeNull();
    expect(pages.get(shell, 'identity')).toBeNull();
    expect(pages.get(shell, 'br;q=0, gzip;q=0')).toBeNull();
  });

  it('reads Accept-Encoding with its q-values and wildcard', () => {
    expect(acceptedEncodings('gzip, deflate, br')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip;q=1.0, br;q=0')).toEqual(['gzip']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('*;q=0, gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('')).toEqual([]);
  });
});
