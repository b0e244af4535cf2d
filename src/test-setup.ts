import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy… and waitFor wait until their element or condition is there, bounded only short of the test's
// own 15 s (vitest.config.ts), not at 1 s (Testing Library's default) or 5 s: under a second test run
// on this two-core machine a reset wizard step took longer than 5 s (issue #33). A passing test returns
// as soon as its element is there.
configure({ asyncUtilTimeout: 12_000 });

// jsdom has no <dialog> behaviour: enough of it for our Modal (open state, close event, cancel on Escape).
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  if (consoleErrors.length > 0) {
    const first = consoleErrors[0].map(String).join(' ');
    throw new Error(`console.error was called ${consoleErrors.length} time(s); first: ${first}`);
  }
});
