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

/** A face's family, without the quotes some browsers keep. */
const familyOf = (face: FontFace) => face.family.replace(/["']/g, '');

/**
 * After the app has started: Posten Sans loaded, and remembered for the next page load. It is shown
 * at once only where the fallback stands on the metrics it was made for (a local Arial or Liberation
 * Sans): without one (Android, a Linux without those fonts) the page is drawn in an unadjusted system
 * font, and the swap would move it. There the files wait in the cache for the next page load.
 */
export function showPostenSans(): void {
  const html = document.documentElement;
  if (html.classList.contains(fontsClass) || !('fonts' in document)) return;
  const faces = [...document.fonts];
  const load = (family: string) => Promise.all(faces.filter((face) => familyOf(face) === family).map((face) => face.load()));
  // A local() face that finds no font fails to load.
  const fallbackInPlace = load('Posten Sans Fallback').then(
    (loaded) => loaded.length > 0,
    () => false,
  );
  void Promise.all([load('Posten Sans'), fallbackInPlace]).then(
    ([, swapNow]) => {
      if (swapNow) html.classList.add(fontsClass);
      try {
        localStorage.setItem(fontsKey, '1');
      } catch {
        // No storage (a private window may refuse it): the next page load swaps again.
      }
    },
    () => {},
  );
}
