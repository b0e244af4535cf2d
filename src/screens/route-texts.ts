/**
 * The text parts a route's first paint shows beside the texts every page has (i18n/page/): the sign-in
 * screens' (i18n/sign-in/), the forgotten-password screens' (i18n/forgot/) and the app's pages that
 * move on by themselves (i18n/mobile/). Pure data, free of React
 * and browser APIs: the browser's router loads them with the route (app/router.tsx), the server names
 * them in the page's preload hints (server/manifest.ts), and route-texts.test.ts checks each route's
 * list against the texts its code names (issue #52: a screen fetches only the texts it shows).
 */
export type ScreenTextPart = 'sign-in' | 'forgot' | 'mobile';

export const routeTextParts: Readonly<Record<string, readonly ScreenTextPart[]>> = {
  'private-login': ['sign-in'],
  'business-login': ['sign-in'],
  passkeys: ['sign-in'],
  'passkey-not-me': ['sign-in'],
  admin: ['sign-in'],
  'login-error': ['sign-in'],
  'login-failed': ['sign-in'],
  'mobile-password-login': ['sign-in'],
  'mobile-forgot-password': ['sign-in', 'forgot'],
  'forgot-password': ['forgot'],
  'forgot-password-redirect': ['forgot'],
  'mobile-eid-login': ['mobile'],
  'mobile-eid-login-keep-session': ['mobile'],
  'mobile-success': ['mobile'],
  'mobile-success-logout': ['mobile'],
  'mobile-redirect': ['mobile'],
  'mobile-logout': ['mobile'],
};

/** The source files of the text parts of these route modules (src/routes/<module>.tsx) in a language, as Vite's manifest names them. */
export function routeTextSources(routeSources: readonly string[], language: string): string[] {
  const parts = new Set(routeSources.flatMap((source) => routeTextParts[source.replace(/^src\/routes\/|\.tsx$/g, '')] ?? []));
  return [...parts].map((part) => `src/i18n/${part}/${language}.ts`);
}
