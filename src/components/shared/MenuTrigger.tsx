/**
 * The button that opens a menu. Only the button is in the first bundle: the menus (the snooze
 * picker, the header's bulk actions and dialogs) load when one is first opened, and start loading
 * as a pointer or focus comes to a button, so they are there by the click.
 */
import { useCallback, useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import type * as MenusModule from '../menus/index';

export type Menus = typeof MenusModule;
let loaded: Menus | undefined;
const listeners = new Set<() => void>();

/**
 * The lazily loaded menus, and what rows draw once they are here (their actions). A failed load
 * (offline, or a deploy replaced the chunk) gives `undefined`: the rows then keep their read toggle
 * and open on a click or Enter (Tab reaches each), but have no archive, snooze or delete, and the
 * inbox has no header menu, no toasts' list and no feed keys (the arrows, Page Down and Page Up,
 * the shortcuts): those are all in the chunk.
 */
export const loadMenus = (): Promise<Menus | undefined> =>
  import('../menus/index').then((menus) => {
    if (!loaded) {
      loaded = menus;
      listeners.forEach((listener) => listener());
    }
    return menus;
  }, () => undefined);

/**
 * The menus once loaded, else `undefined` (on the server and while hydrating too): no Suspense
 * boundary, which a server's `renderToString` cannot render.
 */
export function useMenus(): Menus | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loaded,
    () => undefined,
  );
}

/** An open menu (drawn once the menus have loaded): its id, its trigger, its name, and how to close it (focus back on the trigger by default). */
export interface OpenMenu {
  id: string;
  anchor: HTMLButtonElement;
  label: string;
  close: (refocus?: boolean) => void;
}

export function MenuTrigger({ label, icon, slot = 'tool', children }: { label: string; icon: ReactNode; slot?: string; children: (menu: OpenMenu, menus: Menus) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const menus = useMenus();
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
        onClick={() => {
          preload();
          setOpen(!open);
        }}
      >
        {icon}
      </button>
      {open && anchor && menus && children({ id, anchor, label, close }, menus)}
    </>
  );
}
