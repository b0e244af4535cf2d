import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';

export interface BusyButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-disabled'> {
  /** Its work is under way: it says so, and a press does nothing more. */
  busy: boolean;
  /** What it says while busy ("Sender …"); its own label otherwise. */
  busyLabel?: ReactNode;
}

/**
 * A button that tells when its work is under way (epic-stack's status button): `aria-disabled` while
 * busy, so it keeps focus and its place in the tab order (a disabled button would drop both, and a
 * screen reader would lose its place), its busy label, and a press then sends nothing: a click is
 * ignored, and a submit button's form is not sent again.
 */
export function BusyButton({ busy, busyLabel, children, onClick, type = 'button', ...rest }: BusyButtonProps) {
  function press(event: MouseEvent<HTMLButtonElement>) {
    if (busy) event.preventDefault();
    else onClick?.(event);
  }
  return (
    <button {...rest} type={type} aria-disabled={busy || undefined} onClick={press}>
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
