/**
 * Runs the app in the browser (after start.ts has brought in React and the router). A
 * prerendered page (the server wrote the screen's markup into #root
 * for exactly this path, see docs/decisions/008) is hydrated once the router has the screen's code
 * and data: the markup stays, only the behaviour arrives. Anything else is rendered on the client.
 */
import { RouterProvider } from 'react-router';
import { parseAppLocation, routerBasename } from '../../config/routes';
import { defaultLanguage } from '../../contract/languages';
import { loadTexts } from '../../i18n/texts';
import { startAnalytics } from '../../features/analytics/track';
import { installSessionRenewal } from '../../features/session/root-document';
import { AppRoot } from '../app-root';
import { mountApp } from './mount';
import { prerenderedAttribute } from './prerender-marks';
import { createAppRouter, warmUpRouter } from '../router';
import { whenFirstScreenReady } from './first-render';
import { nextTask } from './next-task';
import { showWaitingNoteAfterDelay } from './waiting-note';
import { translate } from '../../i18n/translate';

/** Runs the app; resolves once it is on screen (or hydrating). */
export async function run() {
  const location = parseAppLocation(window.location.pathname) ?? {
    language: defaultLanguage,
    languageSegment: null,
    relativePath: '',
    fallbackPath: null,
    canonicalPath: null,
  };
  // An unsupported language segment: the same screen in nb; a language segment in other letter case
  // (EN): its one address. The server redirects too.
  const replacement = location.fallbackPath ?? location.canonicalPath;
  if (replacement) window.history.replaceState(null, '', `${replacement}${window.location.search}${window.location.hash}`);
  // Only when it differs: setting it restyles the whole page, even to the same value.
  if (document.documentElement.lang !== location.language) document.documentElement.lang = location.language;
  const container = document.getElementById('root') as HTMLElement;
  // The markup was made for this path without a query; anything else is drawn afresh.
  const prerendered = container.getAttribute(prerenderedAttribute) === window.location.pathname && window.location.search === '';
  // Before any loader or action calls the API: a page left open for hours renews its session.
  installSessionRenewal();
  const texts = await loadTexts(location.language);
  // On a prerendered page nothing is urgent: each step in a task of its own keeps the page responsive.
  if (prerendered) {
    await nextTask();
    // Creating the router is mostly V8 compiling react-router's code on first use; part of it here.
    warmUpRouter(routerBasename(location));
    await nextTask();
  }
  const router = createAppRouter(routerBasename(location));
  // A prerendered page is already on screen: wait for the router however long it takes, with a
  // spinner in the page when that is more than a second.
  const stopWaiting = prerendered
    ? showWaitingNoteAfterDelay(container, translate({ [location.language]: texts }, location.language, 'spinner.loading'))
    : () => {};
  await whenFirstScreenReady(router, prerendered ? Number.POSITIVE_INFINITY : undefined);
  stopWaiting();
  if (prerendered) await nextTask();
  const app = (
    <AppRoot language={location.language} texts={texts}>
      <RouterProvider router={router} />
    </AppRoot>
  );
  // A loader failure shows an error screen, and a loader's redirect (a signed-in person sent on from a
  // login page) another screen: neither is the prerendered one, so it is drawn afresh, not hydrated.
  const stillThere = container.getAttribute(prerenderedAttribute) === window.location.pathname;
  mountApp(container, app, prerendered && stillThere && !router.state.errors);
  if (prerendered) await nextTask();
  startAnalytics();
}
