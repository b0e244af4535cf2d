/**
 * Posten Sans is kept out of the first paint of a first visit: a page needs no font file to be drawn
 * (its text uses a fallback with Posten Sans's metrics, src/app/fonts.css). After the app has started,
 * the files are loaded and <html> marked: the text swaps to Posten Sans in place, and the mark is
 * remembered for the next page load. There the boot script in <head> (boot-script.ts) marks <html>
 * before anything is drawn, so the first layout uses the files straight from the cache; with
 * `font-display: optional` a file the cache has lost is not waited for (docs/decisions/008). The
 * @font-face rules are inline in every page, declared once (server/critical-css.ts).
 */
import { fontsClass, fontsKey } from './boot-script';

/** After the app has started: Posten Sans loaded, then shown, and remembered for the next page load. */
export function showPostenSans(): void {
  const html = document.documentElement;
  if (html.classList.contains(fontsClass) || !('fonts' in document)) return;
  const faces = [...document.fonts].filter((face) => face.family.replace(/["']/g, '') === 'Posten Sans');
  void Promise.all(faces.map((face) => face.load())).then(
    () => {
      html.classList.add(fontsClass);
      try {
        localStorage.setItem(fontsKey, '1');
      } catch {
        // No storage (a private window may refuse it): the next page load swaps again.
      }
    },
    () => {},
  );
}
