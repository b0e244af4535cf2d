/**
 * Marks on #root shared by the entry, the app and the server; free of React so the entry stays tiny.
 */

/** Names the path the prerendered markup inside #root was made for (set by the server). */
export const prerenderedAttribute = 'data-prerendered';

/** How the page came to life (set by the app): hydrated, rendered or recovered. */
export const renderedAttribute = 'data-rendered';

/**
 * The id of the <noscript> in a prerendered page's head that holds its stylesheet links, with the
 * app's entry in its data-entry attribute (set by the server, server/critical-css.ts): the page comes
 * with its critical CSS inline, and the boot script loads both after the first paint (boot-script.ts).
 */
export const deferredId = 'deferred';
