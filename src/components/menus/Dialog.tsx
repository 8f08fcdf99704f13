/**
 * A modal dialog on the native `<dialog>`: the browser keeps focus inside it, gives Escape, puts it
 * in the top layer (no popover or scroll box clips it) and returns focus where it was on close.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

export function Dialog({ title, onClose, children, role }: { title: string; onClose: () => void; children: ReactNode; role?: 'alertdialog' }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Without showModal (an old browser, a test DOM) it is shown in place.
    if (dialog.showModal) dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => dialog.close?.();
  }, []);
  return (
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={id}
      data-inbox-slot="dialog"
      onClose={onClose}
      // Escape closes the dialog only, not the inbox's popover around it.
      onKeyDown={(event) => event.stopPropagation()}
    >
      <h2 id={id} data-inbox-slot="dialog-title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}

/**
 * Closes the dialog `from` is in, as its own buttons do: through the native `close()`, so the
 * browser puts focus back where it was before the dialog goes (its `close` event calls `onClose`).
 */
export function closeDialog(from: Element, onClose: () => void): void {
  const dialog = from.closest('dialog');
  if (dialog?.close) dialog.close();
  else onClose();
}
