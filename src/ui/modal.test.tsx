import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '../i18n/i18n-context';
import { en } from '../i18n/en';
import { Modal, type ModalProps } from './modal';

type Options = Partial<Pick<ModalProps, 'closeOnEscape' | 'closeButton' | 'closeOnBackdropClick'>>;

/** A page with an opener button and a modal owned by it, as the app uses Modal. */
function Harness({ onClose, ...options }: Options & { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open dialog
      </button>
      <Modal
        {...options}
        open={open}
        title="Confirm choice"
        footer={<button type="button">Footer action</button>}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      >
        <p>Modal body text</p>
      </Modal>
    </>
  );
}

function renderHarness(options: Options & { onClose?: () => void } = {}) {
  const user = userEvent.setup();
  render(
    <I18nProvider language="en" texts={en}>
      <Harness {...options} />
    </I18nProvider>,
  );
  return { user, opener: screen.getByRole('button', { name: 'Open dialog' }) };
}

async function openModal(options: Options & { onClose?: () => void } = {}) {
  const rendered = renderHarness(options);
  await rendered.user.click(rendered.opener);
  const dialog = screen.getByRole('dialog', { name: 'Confirm choice' });
  return { ...rendered, dialog };
}

function pressEscape(dialog: HTMLElement) {
  // What a browser fires on the dialog when Escape is pressed in a modal dialog.
  const event = new Event('cancel', { cancelable: true });
  fireEvent(dialog, event);
  return event;
}

describe('Modal', () => {
  it('is closed until opened, then open with its title as accessible name', async () => {
    const { user, opener } = renderHarness();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Confirm choice' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveTextContent('Modal body text');
    expect(screen.getByRole('heading', { level: 2, name: 'Confirm choice' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Footer action' })).toBeInTheDocument();
    expect(document.body).toHaveClass('modal-open');
  });

  it('closes on Escape and keeps the browser from closing it by itself', async () => {
    const onClose = vi.fn();
    const { dialog } = await openModal({ onClose });

    const event = pressEscape(dialog);

    expect(event.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog).not.toHaveAttribute('open');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body).not.toHaveClass('modal-open');
  });

  it('stays open on Escape with closeOnEscape=false', async () => {
    const onClose = vi.fn();
    const { dialog } = await openModal({ onClose, closeOnEscape: false });

    const event = pressEscape(dialog);

    expect(event.defaultPrevented).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByRole('dialog', { name: 'Confirm choice' })).toBeInTheDocument();
  });

  it('lets no close request through with closeOnEscape=false (closedby="none")', async () => {
    const { dialog } = await openModal({ closeOnEscape: false });

    expect(dialog).toHaveAttribute('closedby', 'none');
  });

  it('leaves close requests to the browser otherwise (no closedby)', async () => {
    const { dialog } = await openModal();

    expect(dialog).not.toHaveAttribute('closedby');
  });

  it('with closeOnEscape=false, comes straight back when the browser closes it, however often', async () => {
    const onClose = vi.fn();
    const { dialog, opener } = await openModal({ onClose, closeOnEscape: false, closeButton: false, closeOnBackdropClick: false });
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    screen.getByRole('button', { name: 'Footer action' }).focus();

    // What Chrome does on a second Escape without a user activation in between: close, no cancel.
    for (let press = 0; press < 5; press += 1) (dialog as HTMLDialogElement).close();

    expect(showModal).toHaveBeenCalledTimes(5);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog).toHaveAttribute('open');
    expect(document.body).toHaveClass('modal-open');
    // Focus is not sent back to the page behind, as it is when the dialog is done with.
    expect(opener).not.toHaveFocus();
  });

  it('tells the owner when the browser closes a closable one by itself', async () => {
    const onClose = vi.fn();
    const { dialog, opener } = await openModal({ onClose });
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');

    (dialog as HTMLDialogElement).close();

    expect(showModal).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body).not.toHaveClass('modal-open');
    expect(opener).toHaveFocus();
  });

  it('is not reopened once the owner has closed it', async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const { dialog } = await openModal({ closeOnEscape: false });
    expect(showModal).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));

    expect(showModal).toHaveBeenCalledTimes(1);
    expect(dialog).not.toHaveAttribute('open');
  });

  it('closes with the cross button', async () => {
    const onClose = vi.fn();
    const { user, dialog } = await openModal({ onClose });

    await user.click(screen.getByRole('button', { name: 'Close' }));

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog).not.toHaveAttribute('open');
  });

  it('has no cross button with closeButton=false', async () => {
    await openModal({ closeButton: false });

    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it('closes on a click on the backdrop (the dialog element itself)', async () => {
    const onClose = vi.fn();
    const { user, dialog } = await openModal({ onClose });

    await user.click(dialog);

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog).not.toHaveAttribute('open');
  });

  it('does not close on a click inside its content', async () => {
    const onClose = vi.fn();
    const { user, dialog } = await openModal({ onClose });

    await user.click(screen.getByText('Modal body text'));
    await user.click(screen.getByRole('heading', { name: 'Confirm choice' }));
    await user.click(screen.getByRole('button', { name: 'Footer action' }));

    expect(onClose).not.toHaveBeenCalled();
    expect(dialog).toHaveAttribute('open');
  });

  it('stays open on a backdrop click with closeOnBackdropClick=false', async () => {
    const onClose = vi.fn();
    const { user, dialog } = await openModal({ onClose, closeOnBackdropClick: false });

    await user.click(dialog);

    expect(onClose).not.toHaveBeenCalled();
    expect(dialog).toHaveAttribute('open');
  });

  it('returns focus to the opener after closing', async () => {
    const { user, opener } = await openModal();
    const close = screen.getByRole('button', { name: 'Close' });
    close.focus();
    expect(close).toHaveFocus();

    await user.click(close);

    expect(opener).toHaveFocus();
  });

  it('returns focus to the opener after Escape', async () => {
    const { opener, dialog } = await openModal();
    screen.getByRole('button', { name: 'Footer action' }).focus();

    pressEscape(dialog);

    expect(opener).toHaveFocus();
  });

  it('removes the body class and returns focus to the opener when unmounted while open', async () => {
    const user = userEvent.setup();
    function Page() {
      const [shown, setShown] = useState(true);
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open dialog
          </button>
          {shown ? (
            <Modal open={open} title="Leaving" onClose={() => setOpen(false)}>
              <button type="button" onClick={() => setShown(false)}>
                Leave page
              </button>
            </Modal>
          ) : null}
        </>
      );
    }
    render(
      <I18nProvider language="en" texts={en}>
        <Page />
      </I18nProvider>,
    );
    const opener = screen.getByRole('button', { name: 'Open dialog' });
    await user.click(opener);
    expect(document.body).toHaveClass('modal-open');

    await user.click(screen.getByRole('button', { name: 'Leave page' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body).not.toHaveClass('modal-open');
    expect(opener).toHaveFocus();
  });
});
