import { useEffect, useState } from 'react';
import { Spinner } from '@postenbring/hedwig-react';
import { limits } from '../config/limits';
import { useI18n } from '../i18n/i18n-context';

export interface DelayedSpinnerProps {
  size?: 'small' | 'large';
  /** Milliseconds before the spinner shows; quick answers never flash one. */
  delay?: number;
}

/** A spinner that appears only when waiting takes longer than `delay` (SPEC §2: 1000 ms, small). */
export function DelayedSpinner({ size = 'small', delay = limits.spinnerDelayMs }: DelayedSpinnerProps) {
  const { t } = useI18n();
  const [visible, setVisible] = useState(delay <= 0);
  useEffect(() => {
    if (delay <= 0) return;
    const timer = window.setTimeout(() => setVisible(true), delay);
    return () => window.clearTimeout(timer);
  }, [delay]);
  if (!visible) return <div className="delayed-spinner" aria-busy="true" />;
  return (
    <div className="delayed-spinner" role="status" aria-live="polite" data-size={size}>
      <Spinner size={size} title={t('spinner.loading')} aria-hidden="true" />
      <span className="visually-hidden">{t('spinner.loading')}</span>
    </div>
  );
}
