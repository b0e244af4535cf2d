import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderedAttribute } from './prerender-marks';

/**
 * Puts the app into #root: hydrates the prerendered markup when it was made for this page (and the
 * router holds this visitor's screen), else draws afresh. Marks #root with how it went.
 */
export function mountApp(container: HTMLElement, app: ReactNode, hydrate: boolean): void {
  if (!hydrate) {
    container.setAttribute(renderedAttribute, 'rendered');
    createRoot(container).render(app);
    return;
  }
  container.setAttribute(renderedAttribute, 'hydrated');
  // In a transition, so hydration is done in slices and never blocks input for long.
  startTransition(() => {
    hydrateRoot(container, app, {
      onRecoverableError(error) {
        // The markup did not fit this visitor (say, a signed-in person on a login page): React has
        // drawn the screen afresh, which is right; worth a note, not an error.
        container.setAttribute(renderedAttribute, 'recovered');
        console.warn('[innlogging] prerendered markup replaced:', error instanceof Error ? error.message : error);
      },
    });
  });
}
