/**
 * "Mark all" on the service: one mark-all request where it has the route (it cannot filter by
 * payload), else 100 at a time, first what the kit holds, then what a listing finds, until none is
 * left. Knows nothing of the caches; the store applies the result to them.
 */
import { InboxApiError, type InboxClient } from '../client/index';
import type { Count } from './counts';

/** Ids per mark-as request (the service's limit). */
export const MARK_AS_BATCH = 100;

export interface MarkEverythingRequest {
  markAs: 'read' | 'seen';
  /** Only notifications whose payload matches this (a listing, then mark-as). */
  payload?: Record<string, unknown> | undefined;
  /** Matching notifications the kit holds: marked first, without a listing. */
  held: readonly string[];
  /** The count of matching notifications when exact: no listing is needed once `held` has them all. */
  count: () => Count | undefined;
  /** Sent with the mark-all request, so sending it again cannot apply it twice. */
  idempotencyKey: string;
}

/** Returns how many it marked; `progress` hears the running total. */
export type MarkEverything = (request: MarkEverythingRequest, progress?: (marked: number) => void) => Promise<number>;

export function createMarkEverything(client: InboxClient, subscriberId: string): MarkEverything {
  /** Until the service says it has no mark-all route (404/405). */
  let markAllSupported = true;

  return async ({ markAs, payload, held, count, idempotencyKey }, progress) => {
    if (!payload && markAllSupported) {
      try {
        const marked = await client.markAll({ subscriberId, markAs }, { idempotencyKey });
        progress?.(marked);
        return marked;
      } catch (error) {
        if (!(error instanceof InboxApiError && (error.status === 404 || error.status === 405))) throw error;
        markAllSupported = false;
      }
    }
    let marked = 0;
    for (let start = 0; start < held.length; start += MARK_AS_BATCH) {
      marked += (await client.markAs({ subscriberId, messageId: held.slice(start, start + MARK_AS_BATCH), markAs })).length;
      progress?.(marked);
    }
    const known = payload ? undefined : count();
    let more = !(known?.exact && held.length >= known.value);
    const filter = markAs === 'read' ? { read: false } : { seen: false };
    // Each round takes the newest matching ids: marked ones drop out of the filter, so page 0 is always the rest.
    while (more) {
      const page = await client.getFeed({ subscriberId, ...filter, ...(payload ? { payload } : {}), limit: MARK_AS_BATCH });
      // Items the schema left out are the user's too: marked with the rest, or they would stay unread for ever.
      const ids = [...page.data.map((item) => item._id), ...page.invalidItems.flatMap((item) => (item.id ? [item.id] : []))];
      if (ids.length === 0) break;
      const changed = await client.markAs({ subscriberId, messageId: ids, markAs });
      marked += changed.length;
      progress?.(marked);
      more = changed.length > 0 && page.hasMore;
    }
    return marked;
  };
}
