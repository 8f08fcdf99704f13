import type { InboxNotification } from '../client/index';
import { useInboxContext } from './InboxProvider';
import { useRefEffect } from './use-ref-effect';

export interface SeenOnViewOptions {
  /** Default true. */
  enabled?: boolean;
  /** Share of the element that must be visible. Default 0.5. */
  threshold?: number;
}

/**
 * Marks a notification seen once it has been visible. Ids seen close together
 * go in one request (the provider's `seenBatchMs`). Returns a ref callback.
 *
 * ```tsx
 * const seenRef = useSeenOnView(notification);
 * return <article ref={seenRef}>…</article>;
 * ```
 */
export function useSeenOnView(notification: Pick<InboxNotification, 'id' | 'isSeen'>, options: SeenOnViewOptions = {}): (element: Element | null) => void {
  const { actions } = useInboxContext('useSeenOnView').inbox;
  const active = options.enabled !== false && !notification.isSeen;
  const id = notification.id;
  const threshold = options.threshold ?? 0.5;
  // Watching starts when the element is attached, not in a render: a row costs no second render.
  return useRefEffect(
    (element) => (active && typeof IntersectionObserver !== 'undefined' ? watch(element, threshold, () => actions.markSeenSoon(id)) : undefined),
    [active, id, actions, threshold],
  );
}

/** One observer per threshold for every notification on the page, not one per row. */
const watchers = new Map<number, { observer: IntersectionObserver; seen: Map<Element, () => void> }>();

/** Calls `onSeen` once `element` has been visible; returns the function that stops watching. */
function watch(element: Element, threshold: number, onSeen: () => void): () => void {
  let watcher = watchers.get(threshold);
  if (!watcher) {
    const seen = new Map<Element, () => void>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          seen.get(entry.target)?.();
          seen.delete(entry.target);
          observer.unobserve(entry.target);
        }
      },
      { threshold },
    );
    watcher = { observer, seen };
    watchers.set(threshold, watcher);
  }
  const { observer, seen } = watcher;
  seen.set(element, onSeen);
  observer.observe(element);
  return () => {
    if (seen.get(element) !== onSeen) return;
    seen.delete(element);
    observer.unobserve(element);
  };
}
