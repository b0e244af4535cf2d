/**
 * Resolves in a later task, so what follows does not run in the same long task as what came before:
 * the browser can handle a tap or a key press in between.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
