import { afterEach, describe, expect, it, vi } from 'vitest';
import { fontsClass, fontsKey } from './boot-script';
import { cacheFontsForNextVisit } from './fonts';

afterEach(() => {
  document.documentElement.classList.remove(fontsClass);
  localStorage.clear();
  Reflect.deleteProperty(document, 'fonts');
});

const withFaces = (faces: { family: string; load: () => Promise<unknown> }[]) => Object.defineProperty(document, 'fonts', { value: faces, configurable: true });

describe('Posten Sans for the next visit (src/app/boot/fonts.ts)', () => {
  it("loads the family's files without using them, then remembers it for the next page load", async () => {
    const load = vi.fn(() => Promise.resolve());
    withFaces([
      { family: '"Posten Sans"', load },
      { family: 'Posten Sans', load },
      { family: 'Posten Sans Bold', load },
    ]);
    cacheFontsForNextVisit();
    await vi.waitFor(() => expect(localStorage.getItem(fontsKey)).toBe('1'));
    expect(load).toHaveBeenCalledTimes(2);
    expect(document.documentElement.classList.contains(fontsClass)).toBe(false);
  });

  it('does nothing on a page that shows them already', () => {
    const load = vi.fn(() => Promise.resolve());
    withFaces([{ family: 'Posten Sans', load }]);
    document.documentElement.classList.add(fontsClass);
    cacheFontsForNextVisit();
    expect(load).not.toHaveBeenCalled();
  });

  it('remembers nothing when a file does not load', async () => {
    withFaces([{ family: 'Posten Sans', load: () => Promise.reject(new Error('offline')) }]);
    cacheFontsForNextVisit();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(localStorage.getItem(fontsKey)).toBeNull();
  });
});
