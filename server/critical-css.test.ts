// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { criticalCss, markupTokens } from '../build/critical-css';
import { inlineCriticalCss, inlineFontFaces } from './critical-css';

const markup =
  '<div id="root" data-prerendered="/x"><header class="site-header hds-navbar"><a class="hds-navbar__logo" href="/">Logo</a></header>' +
  '<main class="page"><h1 class="hds-text-h1">Hei</h1><button type="button" class="hds-button hds-button--primary" aria-expanded="false">Logg inn</button></main></div>';
const tokens = markupTokens(`<html class="fonts-cached">${markup}`);

describe('critical CSS (build/critical-css.ts)', () => {
  it("reads the markup's elements, classes, ids and attribute names", () => {
    expect(tokens.classes).toEqual(
      new Set(['fonts-cached', 'site-header', 'hds-navbar', 'hds-navbar__logo', 'page', 'hds-text-h1', 'hds-button', 'hds-button--primary']),
    );
    expect(tokens.ids).toEqual(new Set(['root']));
    expect([...tokens.elements]).toEqual(expect.arrayContaining(['html', 'div', 'header', 'a', 'main', 'h1', 'button']));
    expect([...tokens.attributes]).toEqual(expect.arrayContaining(['data-prerendered', 'aria-expanded', 'type', 'href']));
  });

  it('keeps every rule that may match the markup, in order, and drops the others', () => {
    const css = [
      '.hds-button{padding:8px}',
      '.hds-modal{position:fixed}',
      '.hds-button:hover:not(:disabled){color:red}',
      '.hds-navbar .hds-navbar__logo:before{content:"";width:10px}',
      '@media (width>=720px){.hds-button--primary{gap:16px}.hds-modal__close{gap:4px}}',
      '.hds-modal,.page h1{margin:0}',
      'dialog{border:0}',
      ':is(.hds-dialog,.hds-text-h1){font-weight:700}',
      '[aria-expanded=true]>svg{rotate:180deg}',
      '#root[data-prerendered]{min-height:1px}',
      '.hds-button--secondary{color:blue}',
    ].join('');
    const kept = criticalCss(css, tokens);
    expect(kept).toContain('.hds-button{padding:8px}');
    expect(kept).toContain('.hds-button:hover:not(:disabled){color:red}');
    // lightningcss calls properties it does not model "custom": they stay (content, some gaps).
    expect(kept).toContain('.hds-navbar .hds-navbar__logo:before{content:"";width:10px}');
    expect(kept).toContain('@media (width>=720px){.hds-button--primary{gap:16px}}');
    expect(kept).toContain('.hds-modal,.page h1{margin:0}');
    expect(kept).toContain(':is(.hds-dialog,.hds-text-h1){font-weight:700}');
    expect(kept).toContain('#root[data-prerendered]{min-height:1px}');
    expect(kept).not.toMatch(/\.hds-modal\{|hds-modal__close|dialog\{|svg|hds-button--secondary/);
    expect(kept.indexOf('.hds-button{')).toBeLessThan(kept.indexOf('.hds-button:hover'));
  });

  it('keeps the custom properties and keyframes kept rules use, through one another, and drops the rest', () => {
    const css =
      ':root{--a:1px;--b:var(--c);--c:red;--unused:blue;--logo:url("data:image/svg+xml,<svg/>")}' +
      'html.fonts-cached{--font:"Posten Sans"}' +
      '.hds-button{padding:var(--a);color:var(--b);animation:spin 1s}' +
      '.hds-modal{background:var(--unused);animation:fade 1s}' +
      '@keyframes spin{to{rotate:1turn}}@keyframes fade{to{opacity:0}}';
    const kept = criticalCss(css, tokens, '<span style="background:var(--logo)"></span>');
    expect(kept).toContain('--a:1px');
    expect(kept).toContain('--b:var(--c)');
    expect(kept).toContain('--c:red');
    expect(kept).toContain('--logo:');
    expect(kept).not.toContain('--unused');
    // Used by no kept rule: the fonts' variable goes, and its rule with it.
    expect(kept).not.toContain('--font');
    expect(kept).toContain('@keyframes spin');
    expect(kept).not.toContain('@keyframes fade');
  });
});

describe('inlining (server/critical-css.ts)', () => {
  const head =
    '<head>\n    <title>x</title>\n    <script type="module" crossorigin src="/a.js"></script>\n    <link rel="stylesheet" crossorigin href="/a.css">\n    <link rel="stylesheet" crossorigin href="/b.css">\n  </head>';

  it('puts the critical CSS where the stylesheets were, and the stylesheets and the entry in a <noscript> the boot script loads after the first paint', () => {
    expect(inlineCriticalCss(head, '.a{color:red}')).toBe(
      '<head>\n    <title>x</title>\n    <style>.a{color:red}</style>\n    <noscript id="deferred" data-entry="/a.js"><link rel="stylesheet" crossorigin href="/a.css"><link rel="stylesheet" crossorigin href="/b.css"></noscript>\n  </head>',
    );
    expect(inlineCriticalCss(head, undefined)).toBe(head);
    expect(inlineCriticalCss(head.replace(/<script[\s\S]*?<\/script>/, ''), '.a{}')).toBe(head.replace(/<script[\s\S]*?<\/script>/, ''));
    expect(inlineCriticalCss(head, '$& $1 .a{}')).toContain('<style>$& $1 .a{}</style>');
  });

  it('puts the @font-face rules after the title, on every page', () => {
    expect(inlineFontFaces(head, '@font-face{font-family:X}')).toContain('<title>x</title>\n    <style>@font-face{font-family:X}</style>\n    <script');
    expect(inlineFontFaces(head, '')).toBe(head);
  });

  it('never lets CSS end its <style> element early', () => {
    expect(() => inlineCriticalCss(head, '.a{}</style><script>')).toThrow(/<\/style/);
    expect(() => inlineFontFaces(head, '</STYLE>')).toThrow(/<\/style/);
  });
});
