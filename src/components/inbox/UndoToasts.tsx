/**
 * The inbox's toasts: what the reader just did ("Archived", "Deleted"), with Undo while it can be
 * undone, and a change the service refused. Announced politely (the live region is there from the
 * start); they never take focus. `z` in the feed undoes the latest. Their list and its code come
 * with the menus (menus/toasts.tsx): an inbox's first toast follows an action of its rows.
 */
import { createContext, useCallback, useContext, useState } from 'react';
import { loadMenus, useMenus } from '../shared/MenuTrigger';

export interface InboxToast {
  message: string;
  /** Undoes what the toast reports; absent when nothing can be undone. */
  undo?: (() => void) | undefined;
  /** The toast goes when this settles (a delete, once sent: it can no longer be undone). */
  ends?: Promise<unknown> | undefined;
}

/** An inbox's toasts: the key of their list and how long each stays. */
export const ToastsContext = createContext<{ key: object; ms: number } | null>(null);

/** The toasts of one inbox: what its context holds, and `toast`, which shows one. */
export function useToasts(ms: number) {
  const [key] = useState(() => ({}));
  const toast = useCallback((toast: InboxToast) => void loadMenus().then((menus) => menus?.toastsOf(key, ms).add(toast)), [key, ms]);
  return { toasts: { key, ms }, toast };
}

export function UndoToasts() {
  const menus = useMenus();
  const toasts = useContext(ToastsContext);
  return (
    <div data-inbox-slot="toasts" role="status" aria-live="polite">
      {menus && toasts && <menus.ToastList of={toasts.key} ms={toasts.ms} />}
    </div>
  );
}
