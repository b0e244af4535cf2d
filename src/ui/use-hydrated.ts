import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the page is prerendered at build time and while the browser hydrates that markup, true
 * from the render right after (and at once when the page is drawn on the client). Anything that
 * depends on the browser (window width, storage) renders its neutral form until then, so the
 * browser's first render is the same as the prerendered markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
