import { afterEach, describe, expect, it } from 'vitest';
import { deferredStylesheetAttribute } from './boot-script';
import { deferredStylesheetsLoaded } from './deferred-stylesheet';

afterEach(() => {
  document.head.innerHTML = '';
});

function added(href: string) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.setAttribute(deferredStylesheetAttribute, '');
  document.head.append(link);
  return link;
}

describe('the app waits for the stylesheet the boot script added after the first paint', () => {
  it('until each has loaded or failed', async () => {
    const [first, second] = [added('/a.css'), added('/b.css')];
    let done = false;
    const waiting = deferredStylesheetsLoaded().then(() => (done = true));
    first.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(done).toBe(false);
    second.dispatchEvent(new Event('error'));
    await waiting;
    expect(done).toBe(true);
  });

  it('not at all on a page without one (drawn by the app), whatever other stylesheets do', async () => {
    // A stylesheet the boot script did not add, which never loads, is not waited for.
    const other = document.createElement('link');
    other.rel = 'stylesheet';
    other.href = '/other.css';
    document.head.append(other);
    const first = await Promise.race([deferredStylesheetsLoaded().then(() => 'loaded'), new Promise((later) => setTimeout(() => later('still waiting'), 0))]);
    expect(first).toBe('loaded');
  });
});
