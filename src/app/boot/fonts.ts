/**
 * Posten Sans is kept out of the first paint of a first visit: a page needs no font file to be drawn
 * (its text uses the fallback, src/app/app.css), and after the app has started the files are loaded
 * into the HTTP cache for the next visit. A page shows Posten Sans once its files are cached: the boot
 * script in <head> (boot-script.ts) marks <html> before anything is drawn, so the first layout uses
 * them, straight from the cache; with `font-display: optional` a file the cache has lost is not waited
 * for nor swapped in later, so the text never moves (docs/decisions/008). The @font-face rules are
 * inline in every page, declared once (server/critical-css.ts).
 */
import { fontsClass, fontsKey } from './boot-script';

/** After the app has started: Posten Sans into the cache, for the next page load. */
export function cacheFontsForNextVisit(): void {
  if (document.documentElement.classList.contains(fontsClass) || !('fonts' in document)) return;
  const faces = [...document.fonts].filter((face) => face.family.replace(/["']/g, '') === 'Posten Sans');
  void Promise.all(faces.map((face) => face.load())).then(
    () => {
      try {
        localStorage.setItem(fontsKey, '1');
      } catch {
        // No storage (a private window may refuse it): the fallback font stays.
      }
    },
    () => {},
  );
}
