/**
 * The button that opens the browser's passkey dialog, on the private login (sign in) and on the offer
 * after a password sign-in (create one): busy from the press until the dialog has ended, and while the
 * page sends its answer on, so a second press cannot open a second dialog or send a second answer.
 */
import { useState, type ReactNode } from 'react';
import { BusyButton } from '../../ui/busy-button';

const variantClass = { primary: 'hds-button--primary', secondary: 'hds-button--secondary' };

export interface PasskeyButtonProps {
  variant: keyof typeof variantClass;
  /** The page is sending the dialog's answer on (its fetcher is not idle). */
  sending: boolean;
  busyLabel: ReactNode;
  /** Opens the dialog and hands its answer on; the button is busy until it settles. */
  onPress: () => Promise<void>;
  children: ReactNode;
}

export function PasskeyButton({ variant, sending, busyLabel, onPress, children }: PasskeyButtonProps) {
  const [asking, setAsking] = useState(false);
  const press = async () => {
    setAsking(true);
    try {
      await onPress();
    } finally {
      setAsking(false);
    }
  };
  return (
    <BusyButton
      className={`hds-button hds-button--large ${variantClass[variant]} hds-button--mobile-full`}
      busy={asking || sending}
      busyLabel={busyLabel}
      onClick={press}
    >
      {children}
    </BusyButton>
  );
}
