import { describe, expect, it } from 'vitest';
import { appUrl, externalPaths, footerLinks, frontPageUrl, languageSwitchUrl } from './paths';

describe('paths', () => {
  it('builds app URLs with the language segment, none for nb', () => {
    expect(appUrl('nb', '/')).toBe('/innlogging/');
    expect(appUrl('en', '/business')).toBe('/innlogging/en/business');
    expect(appUrl('nn', '/logout')).toBe('/innlogging/nn/logout');
  });

  it('keeps the query on a language switch', () => {
    expect(languageSwitchUrl('/innlogging/loginError', '?kode=X', 'en')).toBe('/innlogging/en/loginError?kode=X');
  });

  it('links the front page to / for nb and /{lang} otherwise', () => {
    expect(frontPageUrl('nb')).toBe('/');
    expect(frontPageUrl('nn')).toBe('/nn');
    expect(frontPageUrl('en')).toBe('/en');
  });

  it('builds registration paths per language', () => {
    expect(externalPaths.registerPerson('en')).toBe('/registrering/en/person');
    expect(externalPaths.registerBusiness('nb')).toBe('/registrering/nb/bedrift/');
  });

  it('uses /en/…, /business and /terms in English and /bedrift, /juridisk, /privat/hjelp-og-kontakt in Norwegian', () => {
    // The main website's pages; the accessibility statement is one of ours (below).
    const { accessibilityStatement: _, ...english } = footerLinks('en');
    expect(
      Object.values(english)
        .filter((path) => path.startsWith('/'))
        .every((path) => path.startsWith('/en/')),
    ).toBe(true);
    expect(english.businessServices).toBe('/en/business');
    expect(english.terms).toBe('/en/terms');
    for (const language of ['nb', 'nn'] as const) {
      const norwegian = footerLinks(language);
      expect(norwegian.businessServices).toBe('/bedrift');
      expect(norwegian.privacy.startsWith('/juridisk/')).toBe(true);
      expect(norwegian.helpAndContact).toBe('/privat/hjelp-og-kontakt');
    }
  });

  it("links the footer to our own accessibility statement, in the page's language", () => {
    expect(footerLinks('nb').accessibilityStatement).toBe('/innlogging/tilgjengelighet');
    expect(footerLinks('nn').accessibilityStatement).toBe('/innlogging/nn/tilgjengelighet');
    expect(footerLinks('en').accessibilityStatement).toBe('/innlogging/en/tilgjengelighet');
  });
});
