/**
 * Marks on #root shared by the entry, the app and the server; free of React so the entry stays tiny.
 */

/** Names the path the prerendered markup inside #root was made for (set by the server). */
export const prerenderedAttribute = 'data-prerendered';

/** How the page came to life (set by the app): hydrated, rendered or recovered. */
export const renderedAttribute = 'data-rendered';
