import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { screens } from '../config/routes';
import { MobileErrorPage } from '../features/mobile/mobile-pages';
import { RouteErrorPage } from './error-page';
import { RootErrorPage, RootHydrateFallback, RootLayout } from './root-layout';

/**
 * The route table. Paths come from config/routes.ts, which the server shares to answer 404 for the
 * rest. Each screen is its own chunk. The build's prerender (app/prerender.tsx) renders the same table.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RootErrorPage />,
    HydrateFallback: RootHydrateFallback,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, lazy: () => import('../routes/private-login') },
          { path: screens.business, lazy: () => import('../routes/business-login') },
          { path: screens.admin, lazy: () => import('../routes/admin') },
          { path: screens.logout, lazy: () => import('../routes/logout') },
          { path: screens.timeout, lazy: () => import('../routes/timeout') },
          { path: screens.loginError, lazy: () => import('../routes/login-error') },
          { path: screens.loginFailed, lazy: () => import('../routes/login-failed') },
          { path: screens.forgotPassword, lazy: () => import('../routes/forgot-password') },
          { path: screens.forgotPasswordRedirect, lazy: () => import('../routes/forgot-password-redirect') },
          {
            path: screens.emailVerification,
            lazy: () => import('../routes/email-verification-layout'),
            children: [
              { index: true, lazy: () => import('../routes/email-verification') },
              { path: 'fullfort', lazy: () => import('../routes/email-verification-done') },
              { path: 'feilet', lazy: () => import('../routes/email-verification-failed') },
            ],
          },
          { path: '*', lazy: () => import('../routes/not-found') },
        ],
      },
      {
        // The app's pages: their errors point back to the app, not to the web login.
        errorElement: <MobileErrorPage />,
        children: [
          { path: screens.mobilePasswordLogin, lazy: () => import('../routes/mobile-password-login') },
          { path: screens.mobileEidLogin, lazy: () => import('../routes/mobile-eid-login') },
          { path: screens.mobileEidLoginKeepSession, lazy: () => import('../routes/mobile-eid-login-keep-session') },
          { path: screens.mobileSuccess, lazy: () => import('../routes/mobile-success') },
          { path: screens.mobileSuccessWithLogout, lazy: () => import('../routes/mobile-success-logout') },
          { path: screens.mobileRedirect, lazy: () => import('../routes/mobile-redirect') },
          { path: screens.mobileLogout, lazy: () => import('../routes/mobile-logout') },
        ],
      },
    ],
  },
];

/**
 * The browser's router. The basename carries the language segment: a language change is a page load,
 * so one router serves exactly one language.
 */
export function createAppRouter(basename: string) {
  return createBrowserRouter(appRoutes, { basename });
}

/**
 * Does, in a task of its own, the part of creating the router that can run before it: matching the
 * route table (which compiles react-router's matching code on first use) and the first read of
 * sessionStorage (where the router keeps view transitions). The router then needs a shorter task.
 */
export function warmUpRouter(basename: string) {
  matchRoutes(appRoutes, window.location, basename);
  try {
    window.sessionStorage.getItem('innlogging');
  } catch {
    // Storage may be blocked; the router copes with that itself.
  }
}
