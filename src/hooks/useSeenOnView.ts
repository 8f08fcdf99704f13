import { useEffect, useState } from 'react';
import type { FeedItem } from '../client/index';
import { useInboxContext } from './InboxProvider';

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
export function useSeenOnView(notification: Pick<FeedItem, '_id' | 'seen'>, options: SeenOnViewOptions = {}) {
  const { store } = useInboxContext('useSeenOnView');
  const [element, setElement] = useState<Element | null>(null);
  const active = options.enabled !== false && !notification.seen;
  const id = notification._id;
  const threshold = options.threshold ?? 0.5;

  useEffect(() => {
    if (!active || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        store.markSeenSoon(id);
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [active, element, id, store, threshold]);

  return setElement;
}
