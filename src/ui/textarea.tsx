import { useState, type TextareaHTMLAttributes } from 'react';
import { useI18n } from '../i18n/i18n-context';
import { Field } from './field';

export interface TextareaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'maxLength'> {
  label: string;
  hint?: string;
  error?: string;
  /** Shows a counter of characters remaining, or exceeded, against this length. */
  maxCharacters?: number;
}

/**
 * A textarea with an optional character counter. The limit is not enforced by maxlength, so people
 * can paste and then shorten; the counter tells them by how much they are over.
 */
export function Textarea({ label, hint, error, maxCharacters, value, defaultValue, onChange, ...rest }: TextareaProps) {
  const { t } = useI18n();
  const [uncontrolled, setUncontrolled] = useState(String(defaultValue ?? ''));
  const text = value === undefined ? uncontrolled : String(value);
  const left = maxCharacters === undefined ? 0 : maxCharacters - text.length;
  const counter =
    maxCharacters === undefined ? undefined : (
      <span className={left < 0 ? 'textarea__counter textarea__counter--exceeded' : 'textarea__counter'} aria-live="polite">
        {left >= 0 ? t('textarea.remaining', { count: left }) : t('textarea.exceeded', { count: -left })}
      </span>
    );
  return (
    <Field label={label} hint={hint} error={error} footer={counter} kind="textarea">
      {(controlProps) => (
        <textarea
          {...rest}
          {...controlProps}
          value={value}
          defaultValue={defaultValue}
          onChange={(event) => {
            if (value === undefined) setUncontrolled(event.target.value);
            onChange?.(event);
          }}
        />
      )}
    </Field>
  );
}
