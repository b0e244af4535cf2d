/**
 * A prerendered page is on screen before the app runs (docs/decisions/008). What a person does in that
 * moment must not go wrong or be lost: the boot script in <head> holds back a submit and remembers a
 * button press from the start (boot-script.ts); the app's first commit releases them, and the last is
 * done again, once.
 */
import { earlyInputReleaseEvent } from './boot-script';

/** The app has taken over: the boot script stops holding and does the last held action again. */
export function releaseEarlyInput() {
  document.dispatchEvent(new Event(earlyInputReleaseEvent));
}
