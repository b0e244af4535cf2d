import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n-context';

export interface ModalProps {
  open: boolean;
  /** Called when the person asks to close: Escape, the cross or a click outside, each unless disabled. */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** What comes first, before the title: a wizard's Back link (GOV.UK's back link, at the top). */
  before?: ReactNode;
  /**
   * False: no key closes it, however often pressed (closedby="none", and reopened if a browser closes
   * it anyway), for a dialog that must be answered or a step that must not be left.
   */
  closeOnEscape?: boolean;
  closeButton?: boolean;
  closeOnBackdropClick?: boolean;
  className?: string;
}

/**
 * A modal on the native <dialog>: the browser gives it the top layer, an inert page behind it and
 * focus inside. On close, focus returns to what had it before.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  before,
  closeOnEscape = true,
  closeButton = true,
  closeOnBackdropClick = true,
  className,
}: ModalProps) {
  const { t } = useI18n();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const titleId = useId();

  // What the owner wants now, for the native close event below (its listener is added once).
  const wanted = useRef({ open, onClose, closeOnEscape });
  useEffect(() => {
    wanted.current = { open, onClose, closeOnEscape };
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open) {
      if (!dialog.open) {
        returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        dialog.showModal();
      }
      // Outside the check above: StrictMode's remount in development must put the scroll lock back.
      document.body.classList.add('modal-open');
    } else if (dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const onNativeClose = () => {
      // The browser closed it while the owner still wants it open: a second Escape (Chrome lets a page
      // cancel Escape once per user activation), Android's Back, a browser without closedby.
      if (wanted.current.open && dialog.isConnected) {
        if (!wanted.current.closeOnEscape) {
          // One that must be answered comes straight back, the page behind inert again.
          dialog.showModal();
          return;
        }
        wanted.current.onClose();
      }
      document.body.classList.remove('modal-open');
      returnFocusTo.current?.focus();
      returnFocusTo.current = null;
    };
    dialog.addEventListener('close', onNativeClose);
    return () => dialog.removeEventListener('close', onNativeClose);
  }, []);

  useEffect(() => {
    // Read the element now: React has cleared dialogRef by the time an unmount cleanup runs.
    const dialog = dialogRef.current;
    return () => {
      // Unmounting while open: leave the page as it was before the modal opened.
      if (dialog?.open) {
        document.body.classList.remove('modal-open');
        returnFocusTo.current?.focus();
      }
    };
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop; the keyboard has Escape and the close button
    <dialog
      ref={dialogRef}
      className={['hds-box', 'hds-box--white', 'hds-modal', 'modal', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      // No close request (Escape, Back) closes one that must be answered; older browsers: see onNativeClose.
      closedby={closeOnEscape ? undefined : 'none'}
      onCancel={(event) => {
        // Escape: the browser would close the dialog by itself; the owner decides instead.
        event.preventDefault();
        if (closeOnEscape) onClose();
      }}
      onClick={(event) => {
        if (closeOnBackdropClick && event.target === dialogRef.current) onClose();
      }}
    >
      {closeButton ? <button type="button" className="hds-box__close-button" aria-label={t('modal.close')} onClick={onClose} /> : null}
      {before ? <div className="modal__before">{before}</div> : null}
      <h2 className="hds-modal__header" id={titleId} tabIndex={-1}>
        {title}
      </h2>
      <div className="hds-modal__content">{children}</div>
      {footer ? <footer className="hds-modal__footer">{footer}</footer> : null}
    </dialog>
  );
}
