/**
 * Error reporting without its code in the first load (issue #8): until something goes wrong only these
 * two listeners are there. The first error brings in error-reporting.ts, which installs its own
 * handlers and reports what was held (at most 20). Where Sentry is configured the module also comes
 * once the page has loaded, as before, so the SDK is ready early.
 */
import { runtimeConfig } from '../../config/runtime';

type EarlyEvent = ErrorEvent | PromiseRejectionEvent;

let loading: Promise<void> | undefined;

export function installErrorReportingLazily(): void {
  if (loading) return;
  let held: EarlyEvent[] = [];
  const hold = (event: Event) => {
    if (held.length < 20) held.push(event as EarlyEvent);
    void load();
  };
  const load = () =>
    (loading ??= import('./error-reporting').then((module) => {
      window.removeEventListener('error', hold);
      window.removeEventListener('unhandledrejection', hold);
      module.installErrorReporting();
      const early = held;
      held = [];
      early.forEach(module.reportEvent);
    }));
  window.addEventListener('error', hold);
  window.addEventListener('unhandledrejection', hold);
  if (runtimeConfig().sentryDsn) {
    if (document.readyState === 'complete') void load();
    else window.addEventListener('load', () => void load(), { once: true });
  }
}
