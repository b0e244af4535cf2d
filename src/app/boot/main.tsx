/**
 * The entry: the stylesheets and a few lines. The app itself (React, the router, the screens) comes in
 * with start.ts. On a prerendered page the boot script in <head> (boot-script.ts) holds early input
 * and adds this entry and the page's stylesheet only after the first paint, so that paint waits for
 * nothing but the HTML with its critical CSS; the app then starts once the page has loaded and the
 * stylesheet has arrived (docs/decisions/008).
 */
import '@postenbring/hedwig-css/dist/index.css';
import '../app.css';
// Loaded with the page, not with the banner's code: a stylesheet added later restyles the whole page.
import '../../features/status-banner/status-banner.css';
import { deferredStylesheetsLoaded } from './deferred-stylesheet';
import { prerenderedAttribute } from './prerender-marks';
import { installErrorReportingLazily } from '../../features/error-reporting/install-lazily';

// First: errors from here on are reported, also those before the app has come.
installErrorReportingLazily();

const start = () => void import('./start').then((module) => module.start());

if (document.getElementById('root')?.hasAttribute(prerenderedAttribute)) {
  const loaded = new Promise((resolve) => (document.readyState === 'complete' ? resolve(0) : window.addEventListener('load', resolve, { once: true })));
  void Promise.all([loaded, deferredStylesheetsLoaded()]).then(start);
} else {
  start();
}
