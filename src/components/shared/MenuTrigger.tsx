/**
 * The button that opens a menu. Only the button is in the first bundle: the menus (the snooze
 * picker, the header's bulk actions and dialogs) load when one is first opened, and start loading
 * as a pointer or focus comes to a button, so they are there by the click.
 */
import { Suspense, useCallback, useId, useState, type ReactNode } from 'react';
import { Icon } from './icons';

/** The lazily loaded menus. */
export const loadMenus = () => import('../menus/index');

/** An open menu: its id, its trigger, its name, and how to close it (focus back on the trigger by default). */
export interface OpenMenu {
  id: string;
  anchor: HTMLButtonElement;
  label: string;
  close: (refocus?: boolean) => void;
}

export function MenuTrigger({ label, icon, slot = 'tool', children }: { label: string; icon: string; slot?: string; children: (menu: OpenMenu) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  const id = useId();
  const close = useCallback(
    (refocus = true) => {
      setOpen(false);
      if (refocus) anchor?.focus();
    },
    [anchor],
  );
  const preload = () => void loadMenus();
  return (
    <>
      <button
        ref={setAnchor}
        type="button"
        data-inbox-slot={slot}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(!open)}
      >
        <Icon name={icon} />
      </button>
      {open && anchor && <Suspense fallback={null}>{children({ id, anchor, label, close })}</Suspense>}
    </>
  );
}
