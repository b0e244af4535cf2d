/**
 * eID offered again inside a warning that leaves it as the way on (a throttled password login, a
 * reset at its limit): the same start as the page's own eID button, one press at a time.
 */
import { BusyButton } from '../../ui/busy-button';

export interface EidFallbackButtonProps {
  busy: boolean;
  label: string;
  busyLabel: string;
  onStart: () => void;
}

export function EidFallbackButton({ busy, label, busyLabel, onStart }: EidFallbackButtonProps) {
  return (
    <BusyButton className="hds-button hds-button--large hds-button--secondary" busy={busy} busyLabel={busyLabel} onClick={onStart}>
      {label}
    </BusyButton>
  );
}
