/**
 * Every URL the app builds. Components take paths from here and never concatenate URLs.
 * Screens' own paths come from pathOf() (screens/screens.ts), relative to the router's basename;
 * everything here is absolute on the same host, or a full URL to another site: a screen's absolute
 * path is appUrl(language, pathOf(…)), on routes.ts's languageBase (docs/architecture.md, "Paths").
 */
import { defaultLanguage, type Language } from '../contract/languages';
import { loginRoles, type BrokerMethod, type LoginRole } from '../contract/login-roles';
import { pathOf } from '../screens/screens';
import { languageBase, pathInLanguage } from './routes';

/** The same screen as an absolute path, in the given language. */
export function appUrl(language: Language, routePath: string): string {
  return `${languageBase(language)}${routePath}`;
}

/**
 * The API's fixed addresses (SPEC §7); every other call follows a link of the root document. (The log
 * endpoint stays in api/log.ts: the entry reports errors and must import nothing of the common chunk.)
 */
export const apiPaths = {
  root: '/post/api',
  adminAccess: '/post/api/admin/access',
  emailVerification: (token: string) => `/post/api/private/emailVerification/${encodeURIComponent(token)}`,
  tokenData: (token: string) => `/post/api/oauth/authorize/tokens/${encodeURIComponent(token)}`,
} as const;

/** Where a language switch leads: a full page load of the same path in the other language. */
export function languageSwitchUrl(pathname: string, search: string, language: Language): string {
  return `${pathInLanguage(pathname, language)}${search}`;
}

/** The main website's front page, for the logo and the front-page button. */
export function frontPageUrl(language: Language): string {
  return language === defaultLanguage ? '/' : `/${language}`;
}

/** Areas outside this app that the product sends people to (SPEC §2). */
export const externalPaths = {
  privateMailbox: '/postkasse/',
  businessAdministration: '/virksomhetsadmin/',
  admin: '/admin/',
  registerPerson: (language: Language) => `/registrering/${language}/person`,
  registerBusiness: (language: Language) => `/registrering/${language}/bedrift/`,
} as const;

/** Where each role lives once signed in (SPEC §6: "role homes, in one map"). */
export const roleHomes = {
  PRIVAT: externalPaths.privateMailbox,
  VIRKSOMHET: externalPaths.businessAdministration,
  ADMIN: externalPaths.admin,
} as const;

/** After a private eID login the mailbox opens with a flag it uses to greet the person (SPEC §2). */
export const privateLoginReturnUrl = `${externalPaths.privateMailbox}?login-successful=true`;

/** After a password reset through eID the mailbox opens its password settings. */
export const passwordResetReturnUrl = `${externalPaths.privateMailbox}?login-successful=true&nytt-passord=true`;

/**
 * The identity-broker login (SPEC §7 login_idp): a browser redirect with provider=signicat, the role
 * and where to return. The chosen method (BankID or Buypass), the error return and the language ride
 * along so the broker opens the right method and failures come back in the person's language.
 */
export function loginIdpUrl(loginIdpUri: string, options: { role: LoginRole; method: BrokerMethod; language: Language }): string {
  const returnUrl = options.role === 'ADMIN' ? externalPaths.admin : externalPaths.businessAdministration;
  const query = new URLSearchParams({
    provider: 'signicat',
    rolle: loginRoles[options.role],
    returnUrl,
    // The admin entry's failures say so (rolle=ADMIN), so the error page can tell a refused admin apart.
    returnUrlError: appUrl(options.language, `${pathOf('loginFailed')}${options.role === 'ADMIN' ? '?rolle=ADMIN' : ''}`),
    idp: options.method,
    language: options.language,
  });
  return `${loginIdpUri}${loginIdpUri.includes('?') ? '&' : '?'}${query.toString()}`;
}

/**
 * Where the accessibility statement sends a complaint (the Norwegian authority's statement template):
 * the supervisory authority for universal design of ICT, and the tribunal for discrimination cases.
 */
export const accessibilityAuthorityLinks = {
  enforcementBody: 'https://www.uutilsynet.no/',
  antiDiscriminationTribunal: 'https://www.diskrimineringsnemnda.no/',
} as const;

export const appStoreLinks = {
  android: 'https://play.google.com/store/apps/details?id=no.digipost.android',
  ios: 'https://apps.apple.com/no/app/digipost/id1106829055',
} as const;

export interface FooterLinks {
  privacy: string;
  terms: string;
  cookies: string;
  businessServices: string;
  businessPrices: string;
  gdprHelp: string;
  businessResources: string;
  businessTerms: string;
  partners: string;
  integrations: string;
  helpAndContact: string;
  statusPage: string;
  /** Our own page (docs/accessibility.md), on every page's footer, the app's minimal one too. */
  accessibilityStatement: string;
}

const statusPageUrl = 'https://status.digipost.no/';

/** Footer link paths differ by language (SPEC §2): English under /en/…, Norwegian under /juridisk, /bedrift and /privat. */
export function footerLinks(language: Language): FooterLinks {
  if (language === 'en') {
    return {
      privacy: '/en/terms/privacy',
      terms: '/en/terms',
      cookies: '/en/terms/cookies',
      businessServices: '/en/business',
      businessPrices: '/en/business/prices',
      gdprHelp: '/en/business/gdpr',
      businessResources: '/en/business/resources',
      businessTerms: '/en/terms/business',
      partners: '/en/business/partners',
      integrations: '/en/business/integrations',
      helpAndContact: '/en/help-and-contact',
      statusPage: statusPageUrl,
      accessibilityStatement: appUrl(language, pathOf('accessibilityStatement')),
    };
  }
  return {
    privacy: '/juridisk/personvern',
    terms: '/juridisk/brukervilkar',
    cookies: '/juridisk/informasjonskapsler',
    businessServices: '/bedrift',
    businessPrices: '/bedrift/priser',
    gdprHelp: '/bedrift/gdpr',
    businessResources: '/bedrift/ressurser',
    businessTerms: '/juridisk/vilkar-bedrift',
    partners: '/bedrift/partnere',
    integrations: '/bedrift/integrasjoner',
    helpAndContact: '/privat/hjelp-og-kontakt',
    statusPage: statusPageUrl,
    accessibilityStatement: appUrl(language, pathOf('accessibilityStatement')),
  };
}

export const socialLinks = [
  { name: 'Facebook', url: 'https://www.facebook.com/digipost' },
  { name: 'LinkedIn', url: 'https://www.linkedin.com/company/digipost' },
  { name: 'Instagram', url: 'https://www.instagram.com/digipost' },
] as const;
