/**
 * A prerendered page is on screen before the app runs (docs/decisions/008). What a person does in that
 * moment must not go wrong or be lost: a form sent before the app runs would be sent by the browser
 * itself (a plain POST of the fields to the page), and a pressed button would do nothing. So until the
 * app has taken over, a submit is held back and a button press remembered; then the last of them is
 * done again, once. Typed text needs nothing: the fields keep it through hydration.
 * Free of React: the entry installs it before the app has even been fetched.
 */
type Held = { kind: 'submit'; form: HTMLFormElement; submitter: HTMLElement | null } | { kind: 'press'; button: HTMLButtonElement };

let root: HTMLElement | null = null;
let held: Held | null = null;

function onSubmit(event: SubmitEvent) {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !root?.contains(form)) return;
  // Neither the browser nor React (which may be hydrating already) acts on it now; it is done again later.
  event.preventDefault();
  event.stopPropagation();
  held = { kind: 'submit', form, submitter: event.submitter };
}

function onClick(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  // Submit buttons end in a submit event, held above.
  if (!button || button.type === 'submit' || !root?.contains(button)) return;
  event.stopPropagation();
  held = { kind: 'press', button };
}

/** Starts holding back submits and button presses inside `container`. */
export function holdEarlyInput(container: HTMLElement) {
  if (root) return;
  root = container;
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('click', onClick, true);
}

/** The app has taken over: stop holding, and do the last held action again if its element is still there. */
export function releaseEarlyInput() {
  if (!root) return;
  document.removeEventListener('submit', onSubmit, true);
  document.removeEventListener('click', onClick, true);
  root = null;
  const action = held;
  held = null;
  if (action?.kind === 'submit' && action.form.isConnected) {
    const { form, submitter } = action;
    if (submitter && form.contains(submitter)) form.requestSubmit(submitter);
    else form.requestSubmit();
  } else if (action?.kind === 'press' && action.button.isConnected) {
    action.button.click();
  }
}
