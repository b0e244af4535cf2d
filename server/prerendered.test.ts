// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppHtml, type PageRequest } from './app-html';
import { screenAt, standIns } from '../src/screens/screens';
import { prerenderedFile } from './prerendered';

const notFoundSentinel = standIns.rest;
const tokenSentinel = standIns.parameter;

let workDir: string;
let appHtml: ReturnType<typeof createAppHtml>;

beforeAll(() => {
  workDir = mkdtempSync(path.join(tmpdir(), 'innlogging-prerendered-test-'));
  mkdirSync(workDir, { recursive: true });
  writeFileSync(
    path.join(workDir, 'index.html'),
    '<!doctype html><html lang="nb"><head><title>Digipost</title><!--runtime-config--></head><body><div id="root"></div><noscript><!--noscript--></noscript></body></html>',
  );
  writeFileSync(
    path.join(workDir, prerenderedFile),
    JSON.stringify({
      '/innlogging/nn/timeout': '<h1>Tidsavbrot</h1>',
      [`/innlogging/${notFoundSentinel}`]: `<h1>Fant ikke siden</h1><a href="/innlogging/en/${notFoundSentinel}">English</a>`,
      [`/innlogging/en/mobileLogin/${tokenSentinel}/password`]: `<form action="/innlogging/en/mobileLogin/${tokenSentinel}/password"></form>`,
    }),
  );
  appHtml = createAppHtml(workDir);
});

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

function page(request: Partial<PageRequest> & Pick<PageRequest, 'pathname' | 'relativePath'>): string {
  const html = appHtml({ language: 'nb', search: '', screen: screenAt(request.relativePath), ...request });
  if (html === null) throw new Error('no build');
  return html;
}

describe('prerendered pages', () => {
  it('puts the markup into #root, named for its path, with a note for browsers without JavaScript', () => {
    const html = page({ language: 'nn', pathname: '/innlogging/nn/timeout', relativePath: 'timeout' });
    expect(html).toContain('<div id="root" data-prerendered="/innlogging/nn/timeout"><h1>Tidsavbrot</h1></div>');
    expect(html).toMatch(/<noscript><div class="noscript-note" role="region" aria-label="JavaScript"><p[^>]*>Du må slå på JavaScript/);
    // One main and one heading: the screen's own.
    expect(html).not.toContain('<main class="noscript');
    expect(html).not.toContain('modulepreload');
  });

  it('draws nothing ahead for a page with a query: the markup knows none', () => {
    const html = page({ language: 'nn', pathname: '/innlogging/nn/timeout', relativePath: 'timeout', search: '?a=1' });
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<main class="noscript');
  });

  it('gives a plain unknown path the not-found markup with that path in its links', () => {
    const html = page({ pathname: '/innlogging/no/such', relativePath: 'no/such' });
    expect(html).toContain('<div id="root" data-prerendered="/innlogging/no/such"><h1>Fant ikke siden</h1><a href="/innlogging/en/no/such">');
    expect(html).not.toContain(notFoundSentinel);
  });

  it('leaves unknown paths that are not plain, and the stand-in path itself, to the browser', () => {
    for (const pathname of ['/innlogging/%3Cb%3E', `/innlogging/${notFoundSentinel}`, '/innlogging/a"b']) {
      const html = page({ pathname, relativePath: pathname.slice('/innlogging/'.length) });
      expect(html, pathname).toContain('<div id="root"></div>');
    }
  });

  it("gives the app's password page its token", () => {
    const html = page({ language: 'en', pathname: '/innlogging/en/mobileLogin/AbCdEf123456/password', relativePath: 'mobileLogin/AbCdEf123456/password' });
    expect(html).toContain('<form action="/innlogging/en/mobileLogin/AbCdEf123456/password"></form>');
    expect(html).not.toContain(tokenSentinel);
    for (const token of ['short', 'has%20space', tokenSentinel]) {
      const other = page({ language: 'en', pathname: `/innlogging/en/mobileLogin/${token}/password`, relativePath: `mobileLogin/${token}/password` });
      expect(other, token).toContain('<div id="root"></div>');
    }
  });

  it('draws nothing ahead for a known screen that was not prerendered', () => {
    const html = page({ pathname: '/innlogging/business', relativePath: 'business' });
    expect(html).toContain('<div id="root"></div>');
  });
});
