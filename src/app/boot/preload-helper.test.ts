import { afterEach, describe, expect, it, vi } from 'vitest';
import { __vitePreload } from './preload-helper';

const base = import.meta.env.BASE_URL;
const stylesheets = () => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => new URL(link.href).pathname);

/** Answers the stylesheet links the helper adds, as the browser would: each loads, or fails when `failing`. */
function answerLinks(failing = false) {
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof HTMLLinkElement) node.dispatchEvent(new Event(failing ? 'error' : 'load'));
    }
  });
  observer.observe(document.head, { childList: true });
  return observer;
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('the dynamic-import helper (issue #52)', () => {
  it('without stylesheets only imports: no link, the module as it came', async () => {
    const load = vi.fn(() => Promise.resolve({ value: 1 }));
    await expect(__vitePreload(load, [])).resolves.toEqual({ value: 1 });
    await expect(__vitePreload(load)).resolves.toEqual({ value: 1 });
    // Scripts are not preloaded (build.modulePreload is off): the import fetches them.
    await expect(__vitePreload(load, ['assets/chunk-a.js'])).resolves.toEqual({ value: 1 });
    expect(load).toHaveBeenCalledTimes(3);
    expect(document.head.querySelector('link')).toBeNull();
  });

  it("adds a chunk's stylesheet once, before the module runs, and not one the page has", async () => {
    document.head.innerHTML = `<link rel="stylesheet" href="${base}assets/index-app.css">`;
    const observer = answerLinks();
    const order: string[] = [];
    const load = () => {
      order.push(`module, with ${stylesheets().join(' ')}`);
      return Promise.resolve('module');
    };
    await __vitePreload(load, ['assets/index-app.css', 'assets/passkeys.css']);
    await __vitePreload(load, ['assets/passkeys.css']);
    observer.disconnect();
    expect(stylesheets()).toEqual([`${base}assets/index-app.css`, `${base}assets/passkeys.css`]);
    expect(order[0]).toBe(`module, with ${base}assets/index-app.css ${base}assets/passkeys.css`);
  });

  it('a stylesheet that fails fails the import, and the next import tries it again', async () => {
    let observer = answerLinks(true);
    const load = vi.fn(() => Promise.resolve('module'));
    await expect(__vitePreload(load, ['assets/reset.css'])).rejects.toThrow(/Unable to preload CSS/);
    expect(load).not.toHaveBeenCalled();
    observer.disconnect();
    // The failed link is gone: the next try adds a new one, and waits for it.
    expect(stylesheets()).toEqual([]);
    observer = answerLinks();
    await expect(__vitePreload(load, ['assets/reset.css'])).resolves.toBe('module');
    observer.disconnect();
    expect(stylesheets()).toEqual([`${base}assets/reset.css`]);
  });
});
