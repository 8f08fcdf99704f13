/**
 * The inbox's toasts: what the reader just did ("Archived", "Deleted"), with Undo while it can be
 * undone, and a change the service refused. Announced politely; they never take focus. Each stays
 * for the undo window (a delete is sent when it closes); `z` in the feed undoes the latest.
 */
import { createContext, useCallback, useContext, useRef, useState } from 'react';
import { useIsomorphicLayoutEffect } from '../shared/use-isomorphic-layout-effect';
import { Icon } from '../shared/icons';
import { useInboxUi } from './context';

export interface InboxToast {
  message: string;
  /** Undoes what the toast reports; absent when nothing can be undone. */
  undo?: (() => void) | undefined;
}

type Shown = InboxToast & { id: number };

/** The toasts' state: the latest three, each for `ms`. `toast` and `undoLast` never change. */
export function useToasts(ms: number) {
  const [toasts, setToasts] = useState<Shown[]>([]);
  const shown = useRef(toasts);
  useIsomorphicLayoutEffect(() => {
    shown.current = toasts;
  });
  const next = useRef(0);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  const toast = useCallback(
    (toast: InboxToast) => {
      const id = ++next.current;
      setToasts((list) => [...list.slice(-2), { ...toast, id }]);
      setTimeout(() => dismiss(id), ms);
    },
    [dismiss, ms],
  );
  /** Undoes the latest toast's change, if one can be undone; whether one was. */
  const undoLast = useCallback(() => {
    const last = shown.current.findLast((toast) => toast.undo);
    if (last) {
      dismiss(last.id);
      last.undo?.();
    }
    return !!last;
  }, [dismiss]);
  return { toasts, toast, dismiss, undoLast };
}

export const ToastsContext = createContext<ReturnType<typeof useToasts> | null>(null);

export function UndoToasts() {
  const { labels } = useInboxUi('Inbox');
  const { toasts, dismiss } = useContext(ToastsContext) ?? { toasts: [], dismiss: () => undefined };
  return (
    <div data-inbox-slot="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} data-inbox-slot="toast">
          <span data-inbox-slot="toast-message">{toast.message}</span>
          {toast.undo && (
            <button
              type="button"
              data-inbox-slot="toast-undo"
              aria-keyshortcuts="Z"
              onClick={() => {
                dismiss(toast.id);
                toast.undo?.();
              }}
            >
              {labels.undo}
            </button>
          )}
          <button type="button" data-inbox-slot="toast-close" aria-label={labels.close} title={labels.close} onClick={() => dismiss(toast.id)}>
            <Icon name="close" />
          </button>
        </div>
      ))}
    </div>
  );
}
