import { limits } from '../../config/limits';

/**
 * On a prerendered page whose data is slow to come (the app has its code but waits for the API), a
 * spinner after the usual delay says so, in the screen's main area, while the screen stays readable.
 * Plain DOM, outside React: it is gone again before React hydrates the markup. Returns the remover.
 */
export function showWaitingNoteAfterDelay(container: HTMLElement, label: string, delay = limits.spinnerDelayMs): () => void {
  let note: HTMLElement | null = null;
  const timer = window.setTimeout(() => {
    note = document.createElement('div');
    note.className = 'delayed-spinner waiting-note';
    note.setAttribute('role', 'status');
    note.setAttribute('aria-live', 'polite');
    note.dataset.size = 'small';
    const spinner = document.createElement('div');
    spinner.className = 'hds-spinner hds-spinner--small';
    spinner.setAttribute('aria-hidden', 'true');
    const text = document.createElement('span');
    text.className = 'visually-hidden';
    text.textContent = label;
    note.append(spinner, text);
    (container.querySelector('main') ?? container).prepend(note);
  }, delay);
  return () => {
    window.clearTimeout(timer);
    note?.remove();
  };
}
