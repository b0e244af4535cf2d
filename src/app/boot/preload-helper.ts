/**
 * Vite's helper around every dynamic import(), cut down to what this app uses of it (issue #52): the
 * stylesheets a lazily loaded chunk imports (the passkey parts' today) are added to the page before the
 * chunk's module runs; one already in the page (the app's own, which the entry brings) is not added
 * again. Vite's own helper also preloads a chunk's scripts, which build.modulePreload turns off here
 * (the server names a page's first load in preload hints instead), and weighs about 700 B gzip in
 * every first load. build/preload-helper-plugin.ts puts this one in its place.
 */
const added: Record<string, Promise<unknown> | undefined> = {};

function addStylesheet(href: string): Promise<unknown> {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (link.href === href) return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.href = href;
    link.addEventListener('load', resolve, { once: true });
    link.addEventListener(
      'error',
      () => {
        // Out again, so the next import that needs it adds it anew rather than find it and go on unstyled.
        link.remove();
        reject(new Error(`Unable to preload CSS for ${href}`));
      },
      { once: true },
    );
    document.head.append(link);
  });
}

/** `deps`: the files Vite names for the chunk, relative to the base (assets/….css). */
export function __vitePreload<T>(load: () => Promise<T>, deps?: string[]): Promise<T> {
  const stylesheets = (deps ?? []).filter((dep) => dep.endsWith('.css'));
  if (stylesheets.length === 0) return load();
  return Promise.all(
    stylesheets.map((dep) => {
      const href = new URL(`${import.meta.env.BASE_URL}${dep}`, document.baseURI).href;
      // A failed one is tried again by the next import that needs it.
      added[href] ??= addStylesheet(href).catch((error: unknown) => {
        added[href] = undefined;
        throw error;
      });
      return added[href];
    }),
  ).then(load);
}
