import { afterEach, describe, expect, it, vi } from 'vitest';
import { fontsClass, fontsKey } from './boot-script';
import { showPostenSans } from './fonts';

afterEach(() => {
  document.documentElement.classList.remove(fontsClass);
  localStorage.clear();
  Reflect.deleteProperty(document, 'fonts');
});

const withFaces = (faces: { family: string; load: () => Promise<unknown> }[]) => Object.defineProperty(document, 'fonts', { value: faces, configurable: true });

describe('Posten Sans swapped in after the first paint (src/app/boot/fonts.ts)', () => {
  it("loads the family's files, then shows them and remembers it for the next page load", async () => {
    const load = vi.fn(() => Promise.resolve());
    withFaces([
      { family: '"Posten Sans"', load },
      { family: 'Posten Sans', load },
      { family: 'Posten Sans Bold', load },
      { family: 'Posten Sans Fallback', load },
    ]);
    showPostenSans();
    expect(document.documentElement.classList.contains(fontsClass)).toBe(false);
    await vi.waitFor(() => expect(localStorage.getItem(fontsKey)).toBe('1'));
    expect(load).toHaveBeenCalledTimes(3);
    expect(document.documentElement.classList.contains(fontsClass)).toBe(true);
  });

  it("without a local font under the fallback (it would not hold Posten Sans's room), keeps the files for the next page load and swaps nothing now", async () => {
    withFaces([
      { family: 'Posten Sans', load: () => Promise.resolve() },
      { family: 'Posten Sans Fallback', load: () => Promise.resolve() },
      { family: 'Posten Sans Fallback', load: () => Promise.reject(new DOMException('no local font', 'NetworkError')) },
    ]);
    showPostenSans();
    await vi.waitFor(() => expect(localStorage.getItem(fontsKey)).toBe('1'));
    expect(document.documentElement.classList.contains(fontsClass)).toBe(false);
  });

  it('does nothing on a page that shows them already', () => {
    const load = vi.fn(() => Promise.resolve());
    withFaces([{ family: 'Posten Sans', load }]);
    document.documentElement.classList.add(fontsClass);
    showPostenSans();
    expect(load).not.toHaveBeenCalled();
  });

  it('keeps the fallback and remembers nothing when a file does not load', async () => {
    withFaces([{ family: 'Posten Sans', load: () => Promise.reject(new Error('offline')) }]);
    showPostenSans();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(localStorage.getItem(fontsKey)).toBeNull();
    expect(document.documentElement.classList.contains(fontsClass)).toBe(false);
  });
});
