/** The main screens the bench and the budget check weigh (in nb), and how to reach each. */
import { screenPages, notFoundPage } from '../src/config/screen-pages';
import { gzipBytes, screenFirstLoadFiles, type Manifest } from '../server/manifest';

export interface MeasuredScreen {
  name: string;
  /** Path under the server root (the app's password page takes any token until it is used). */
  path: string;
  modules: string[];
  /** The screen answers HTTP 404 on purpose (the bench allows Chrome's console line for it). */
  answers404?: boolean;
}

export const measuredScreens: MeasuredScreen[] = [
  { name: 'private login (base route)', path: '/innlogging/', modules: screenPages.privateLogin.modules },
  { name: 'business login', path: '/innlogging/business', modules: screenPages.business.modules },
  { name: 'forgot password', path: '/innlogging/forgot-password', modules: screenPages.forgotPassword.modules },
  { name: 'logged out', path: '/innlogging/logout', modules: screenPages.logout.modules },
  { name: 'timeout', path: '/innlogging/timeout', modules: screenPages.timeout.modules },
  { name: 'login error', path: '/innlogging/loginError', modules: screenPages.loginError.modules },
  { name: 'not found', path: '/innlogging/finnes-ikke', modules: notFoundPage.modules, answers404: true },
  { name: 'mobile password login', path: '/innlogging/mobileLogin/AbCdEf123456/password', modules: screenPages.mobilePasswordLogin.modules },
];

export function firstLoadBytes(distDir: string, manifest: Manifest, modules: string[], language = 'nb') {
  const files = screenFirstLoadFiles(manifest, language, modules);
  return { js: gzipBytes(distDir, files.js), css: gzipBytes(distDir, files.css) };
}

/** Budgets of issue #8, gzip bytes of first-load JavaScript. */
export const budgets = { baseRouteJs: 125 * 1024, otherScreenJs: 140 * 1024 };
