/**
 * A prerendered page arrives with the CSS of its first paint inline; the boot script adds its
 * stylesheet after that paint (boot-script.ts). The whole stylesheet changes nothing drawn (it holds
 * the same rules) and brings what only the app draws, so the app starts once it has arrived.
 */
import { deferredStylesheetAttribute } from './boot-script';

/** Resolves when every stylesheet the boot script added has loaded (or failed). */
export function deferredStylesheetsLoaded(): Promise<unknown> {
  const links = [...document.querySelectorAll<HTMLLinkElement>(`link[${deferredStylesheetAttribute}]`)];
  return Promise.all(
    links.map((link) =>
      link.sheet
        ? undefined
        : new Promise((done) => {
            link.addEventListener('load', done, { once: true });
            link.addEventListener('error', done, { once: true });
          }),
    ),
  );
}
