/**
 * The entry: the stylesheets and a few lines. The app itself (React, the router, the screens) comes in
 * with start.ts. On a prerendered page it is fetched only after the page has loaded, so the first
 * paint waits for nothing but the HTML and the stylesheet (docs/decisions/008).
 */
import '@postenbring/hedwig-css/dist/index.css';
import '../fonts.css';
import '../app.css';
// Loaded with the page, not with the banner's code: a stylesheet added later restyles the whole page.
import '../../features/status-banner/status-banner.css';
import { holdEarlyInput } from './early-input';
import { prerenderedAttribute } from './prerender-marks';
import { installErrorReportingLazily } from '../../features/error-reporting/install-lazily';

// First: errors from here on are reported, also those before the app has come.
installErrorReportingLazily();

const start = () => void import('./start').then((module) => module.start());
const root = document.getElementById('root');

if (root?.hasAttribute(prerenderedAttribute)) {
  // The screen is already there: keep what the person does until the app has taken over.
  holdEarlyInput(root);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
} else {
  start();
}
