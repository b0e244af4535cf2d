/**
 * Error reporting without its code in the first load (issue #8): until something goes wrong only these
 * two listeners are there. The first error brings in error-reporting.ts, which installs its own
 * handlers and reports what was held (at most 20). Where Sentry is configured the module also comes
 * once the page has loaded, as before, so the SDK is ready early.
 */
import { runtimeConfig } from '../../config/runtime';
import { queueUntilLoaded } from '../lazy';

const early = queueUntilLoaded(
  20,
  () =>
    import('./error-reporting').then((module) => {
      window.removeEventListener('error', hold);
      window.removeEventListener('unhandledrejection', hold);
      module.installErrorReporting();
      return module;
    }),
  (module) => module.reportEvent,
);

function hold(event: Event) {
  early.call(event as ErrorEvent | PromiseRejectionEvent);
  void early.load();
}

export function installErrorReportingLazily(): void {
  window.addEventListener('error', hold);
  window.addEventListener('unhandledrejection', hold);
  if (runtimeConfig().sentryDsn) {
    if (document.readyState === 'complete') void early.load();
    else window.addEventListener('load', early.load, { once: true });
  }
}
