import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy… and waitFor wait up to 5 s, not 1 s: on a loaded two-core machine a step of a form can take
// longer than a second; a passing test returns as soon as its element is there.
configure({ asyncUtilTimeout: 5000 });

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
