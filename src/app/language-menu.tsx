import { useEffect, useId, useRef, useState } from 'react';
import { languageNames } from '../contract/languages';
import { useI18n } from '../i18n/i18n-context';
import { GlobeIcon } from '../ui/icons';
import { LanguageLinkItems } from './language-links';

/**
 * The language menu: a disclosure button and a list of links. Choosing a language is a full page load
 * of the same path with the language segment swapped, so every text and the <html lang> change at once.
 */
export function LanguageMenu({ variant }: { variant: 'dropdown' | 'inline' }) {
  const { language, t } = useI18n();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open || variant !== 'dropdown') return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, variant]);

  return (
    <div className={`language-menu language-menu--${variant}`} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={variant === 'dropdown' ? 'hds-navbar__item language-menu__button' : 'language-menu__button'}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <GlobeIcon />
        <span>{t('header.language_current', { language: languageNames[language] })}</span>
        <span className="language-menu__chevron" aria-hidden="true" data-open={open} />
      </button>
      <ul id={listId} className="language-menu__list" hidden={!open}>
        <LanguageLinkItems />
      </ul>
    </div>
  );
}
