import { useId, type ReactNode } from 'react';

export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  className: string;
}

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Extra text below the control (a counter …), tied to it with aria-describedby. */
  footer?: ReactNode;
  /**
   * The element in the footer that describes the control, when not all of the footer does: one with a
   * live region of its own (the strength meter's), which would have the description say things twice.
   */
  footerDescriptionId?: string;
  id?: string;
  /** Hedwig's class for the kind of control: hds-input or hds-textarea. */
  kind?: 'input' | 'textarea';
  /** Renders the control with the props that tie it to label, hint and error. */
  children: (controlProps: FieldControlProps) => ReactNode;
}

/**
 * One form field, in Hedwig's input-group markup: owns the id, label, hint, error, aria-invalid and
 * aria-describedby, so no form wires them by hand.
 */
export function Field({ label, hint, error, footer, footerDescriptionId, id, kind = 'input', children }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? `field${generatedId.replace(/:/g, '')}`;
  const hintId = `${controlId}-hint`;
  const footerId = `${controlId}-footer`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, footer ? (footerDescriptionId ?? footerId) : null, error ? errorId : null].filter(Boolean).join(' ');
  const classes = ['hds-input-group', 'hds-input-group--large', kind === 'textarea' ? 'hds-textarea' : 'hds-input', error ? 'hds-input-group--error' : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes}>
      <label className="hds-input-group__label" htmlFor={controlId}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <div className="hds-input-group__input-wrapper">
        {children({
          id: controlId,
          className: 'hds-input-group__input',
          'aria-describedby': describedBy || undefined,
          'aria-invalid': error ? true : undefined,
        })}
      </div>
      {footer ? (
        <div className="field__footer" id={footerId}>
          {footer}
        </div>
      ) : null}
      <div className="hds-error-message" id={errorId} aria-live="polite">
        {error}
      </div>
    </div>
  );
}
