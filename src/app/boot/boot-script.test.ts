import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootScript, deferredStylesheetAttribute, fontsClass, fontsKey } from './boot-script';
import { releaseEarlyInput } from './early-input';
import { deferredId, prerenderedAttribute } from './prerender-marks';

/** Runs the script as the browser does, in a page whose head has been parsed; each run is released after its test. */
const run = () => new Function(bootScript)();

beforeEach(() => {
  document.head.innerHTML = `<noscript id="${deferredId}" data-entry="/innlogging/assets/index-e.js"></noscript>`;
  // As a browser with scripting parses a <noscript> in <head>: its content is text.
  document.getElementById(deferredId)!.textContent =
    '<link rel="stylesheet" crossorigin href="/innlogging/assets/index-a.css"><link rel="stylesheet" crossorigin href="/innlogging/assets/b.css">';
  document.body.innerHTML = `<div id="root" ${prerenderedAttribute}="/innlogging/"><form><input name="q"><button id="send">Send</button></form><button type="button" id="open">Open</button></div><button type="button" id="outside">Outside</button>`;
});

afterEach(() => {
  releaseEarlyInput();
  document.documentElement.classList.remove(fontsClass);
  localStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('the boot script: fonts', () => {
  it('marks <html> only once the fonts are known to be cached', () => {
    run();
    expect(document.documentElement.classList.contains(fontsClass)).toBe(false);
    releaseEarlyInput();
    localStorage.setItem(fontsKey, '1');
    run();
    expect(document.documentElement.classList.contains(fontsClass)).toBe(true);
  });

  it('never fails the page when storage is refused', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(run).not.toThrow();
    expect(document.documentElement.classList.contains(fontsClass)).toBe(false);
  });
});

describe('the boot script: early input on a prerendered page', () => {
  it('holds a submit back (the browser does not send the form) and submits it once when the app has taken over', () => {
    run();
    const form = document.querySelector('form')!;
    const sent = vi.fn((event: SubmitEvent) => event.preventDefault());
    form.addEventListener('submit', sent);
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(sent).not.toHaveBeenCalled();
    releaseEarlyInput();
    expect(sent).toHaveBeenCalledTimes(1);
    releaseEarlyInput();
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('remembers the last button pressed and presses it again; submit buttons end in the submit held above', () => {
    run();
    const pressed: string[] = [];
    document.addEventListener('click', (event) => pressed.push((event.target as HTMLElement).id));
    document.getElementById('open')!.click();
    document.getElementById('open')!.click();
    expect(pressed).toEqual([]);
    releaseEarlyInput();
    expect(pressed).toEqual(['open']);
  });

  it('leaves alone what is outside the prerendered screen, and a page the app draws', () => {
    run();
    const pressed: string[] = [];
    document.addEventListener('click', (event) => pressed.push((event.target as HTMLElement).id));
    document.getElementById('outside')!.click();
    document.getElementById('root')!.removeAttribute(prerenderedAttribute);
    document.getElementById('open')!.click();
    expect(pressed).toEqual(['outside', 'open']);
  });
});

describe('the boot script: after the first paint', () => {
  const links = () =>
    [...document.head.querySelectorAll('link')].map((link) => [link.getAttribute('href'), link.crossOrigin, link.hasAttribute(deferredStylesheetAttribute)]);
  const entries = () => [...document.head.querySelectorAll('script')].map((script) => [script.type, script.getAttribute('src'), script.crossOrigin]);

  it('adds the stylesheet where the <noscript> is and the entry, once (here without paint timing: after three seconds)', () => {
    vi.useFakeTimers();
    run();
    expect(links()).toEqual([]);
    vi.advanceTimersByTime(3000);
    expect(links()).toEqual([
      ['/innlogging/assets/index-a.css', '', true],
      ['/innlogging/assets/b.css', '', true],
    ]);
    expect(document.head.querySelectorAll('link')[1].nextElementSibling?.id).toBe(deferredId);
    expect(entries()).toEqual([['module', '/innlogging/assets/index-e.js', '']]);
    vi.advanceTimersByTime(3000);
    expect(entries()).toHaveLength(1);
  });

  it('once paint timing reports the first contentful paint, a frame later (the frame that draws the whole page goes first)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    let report: ((name: string) => void) | undefined;
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(callback: (list: unknown, observer: { disconnect: () => void }) => void) {
          report = (name) => callback({ getEntriesByName: (wanted: string) => (wanted === name ? [{}] : []) }, { disconnect: () => {} });
        }
        observe(options: unknown) {
          expect(options).toEqual({ type: 'paint', buffered: true });
        }
      },
    );
    run();
    expect(links()).toEqual([]);
    report?.('first-paint');
    expect(links()).toEqual([]);
    report?.('first-contentful-paint');
    expect(links()).toEqual([]);
    vi.advanceTimersToNextFrame();
    expect(links()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(links()).toHaveLength(2);
    expect(entries()).toHaveLength(1);
  });

  it('at once in a hidden page, which paints nothing yet', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    run();
    expect(links()).toHaveLength(2);
  });

  it('not at all on a page the app draws (no <noscript> of deferred files)', () => {
    vi.useFakeTimers();
    document.head.innerHTML = '';
    run();
    vi.advanceTimersByTime(3000);
    expect(links()).toEqual([]);
    expect(entries()).toEqual([]);
  });
});
