/**
 * The inbox's toasts (see `UndoToasts`): each inbox's list, the latest three, each for the undo
 * window (a delete is sent when it closes), and the list as drawn: what was done, Undo while it can
 * be undone, and a close button.
 */
import { useSyncExternalStore } from 'react';
import { useInboxUi } from '../inbox/context';
import type { InboxToast } from '../inbox/UndoToasts';
import { Icon } from '../shared/icons';

type Shown = InboxToast & { id: number };

interface Toasts {
  list: Shown[];
  add(toast: InboxToast): void;
  dismiss(id: number): void;
  /** Undoes the latest toast's change, if one can be undone. */
  undoLast(): void;
  subscribe(listener: () => void): () => void;
}

const all = new WeakMap<object, Toasts>();
let next = 0;

/** The toasts of the inbox `key` names (its root's own object), made on first use. */
export function toastsOf(key: object, ms: number): Toasts {
  let toasts = all.get(key);
  if (toasts) return toasts;
  const listeners = new Set<() => void>();
  const set = (list: Shown[]) => {
    toasts!.list = list;
    listeners.forEach((listener) => listener());
  };
  toasts = {
    list: [],
    add(toast) {
      const id = ++next;
      set([...toasts!.list.slice(-2), { ...toast, id }]);
      const end = () => toasts!.dismiss(id);
      setTimeout(end, ms);
      toast.ends?.then(end, end);
    },
    dismiss: (id) => set(toasts!.list.filter((toast) => toast.id !== id)),
    undoLast() {
      const last = toasts!.list.findLast((toast) => toast.undo);
      if (!last) return;
      toasts!.dismiss(last.id);
      last.undo?.();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  all.set(key, toasts);
  return toasts;
}

export function ToastList({ of: key, ms }: { of: object; ms: number }) {
  const { labels } = useInboxUi('Inbox');
  const toasts = toastsOf(key, ms);
  const list = useSyncExternalStore(toasts.subscribe, () => toasts.list, () => toasts.list);
  return list.map((toast) => (
    <div key={toast.id} data-inbox-slot="toast">
      <span data-inbox-slot="toast-message">{toast.message}</span>
      {toast.undo && (
        <button
          type="button"
          data-inbox-slot="toast-undo"
          aria-keyshortcuts="Z"
          onClick={() => {
            toasts.dismiss(toast.id);
            toast.undo?.();
          }}
        >
          {labels.undo}
        </button>
      )}
      <button type="button" data-inbox-slot="toast-close" aria-label={labels.close} title={labels.close} onClick={() => toasts.dismiss(toast.id)}>
        <Icon name="close" />
      </button>
    </div>
  ));
}
