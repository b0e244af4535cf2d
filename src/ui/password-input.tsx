import { useEffect, useRef, useState, type InputHTMLAttributes, type Ref } from 'react';
import { useI18n } from '../i18n/i18n-context';
import type { FieldControlProps } from './field';

export interface PasswordInputProps extends FieldControlProps, Omit<InputHTMLAttributes<HTMLInputElement>, keyof FieldControlProps | 'type'> {
  autoComplete: 'current-password' | 'new-password';
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A password input with a show/hide toggle that says what it will do and announces what it did, both
 * ways (govuk-frontend password-input). The label's change is the state: no aria-pressed besides, or a
 * screen reader would read "Hide password, pressed". The announcement starts empty, so none on load.
 * Shown, it is hidden again when its form is sent and when the page comes back from the browser's
 * history, as govuk-frontend does: a password left as text would go where text goes (a browser's
 * saved form entries, a restored page). No spellcheck or autocapitalisation: a password is not prose.
 */
export function PasswordInput({ inputRef, className, ...rest }: PasswordInputProps) {
  const { t } = useI18n();
  // undefined until the toggle is first used: hidden, and nothing to announce yet.
  const [shown, setShown] = useState<boolean>();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const hide = () => setShown((value) => (value ? false : value));
    const form = box.current?.closest('form');
    form?.addEventListener('submit', hide);
    window.addEventListener('pageshow', hide);
    return () => {
      form?.removeEventListener('submit', hide);
      window.removeEventListener('pageshow', hide);
    };
  }, []);
  return (
    <div className="password-input" ref={box}>
      <input {...rest} ref={inputRef} className={className} type={shown ? 'text' : 'password'} spellCheck={false} autoCapitalize="none" autoCorrect="off" />
      <button type="button" className="password-input__toggle" aria-controls={rest.id} onClick={() => setShown((value) => !value)}>
        {shown ? t('login.hide_password') : t('login.show_password')}
      </button>
      <span className="visually-hidden" aria-live="polite">
        {shown === undefined ? '' : t(shown ? 'login.password_shown' : 'login.password_hidden')}
      </span>
    </div>
  );
}
