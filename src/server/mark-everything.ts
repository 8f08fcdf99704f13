/**
 * "Mark all" on the service: one mark-all request where it has the route (it cannot filter by
 * payload), else 100 at a time, first what the kit holds, then what a listing finds, until none is
 * left. Knows nothing of the caches; the store applies the result to them.
 */
import { InboxApiError, type InboxV1Client } from '../client/index';
/** A count, exact or a lower bound. */
interface Count {
  value: number;
  exact: boolean;
}

/** Ids per mark-as request, as many as a feed page holds at most. */
export const MARK_AS_BATCH = 100;

export interface MarkEverythingRequest {
  markAs: 'read' | 'seen';
  /** Only notifications whose payload matches this (a listing, then mark-as). */
  payload?: Record<string, unknown> | undefined;
  /** Matching notifications the kit holds: marked first, without a listing. */
  held: readonly string[];
  /** The count of matching notifications when exact: no listing is needed once `held` has them all. */
  count: () => Count | undefined;
  /** The mark-all request's key; each mark-as gets one derived from it. */
  idempotencyKey: string;
}

/**
 * Sends one "mark all"; returns how many it marked, and `progress` hears the running total. Called
 * again after an unclear answer, it sends again what has no answer, as it was and under the same
 * keys (so the service replays what it already applied), and goes on from there.
 */
export type MarkEverything = (progress?: (marked: number) => void) => Promise<number>;

interface Batch {
  messageId: string[];
  idempotencyKey: string;
  /** How many it marked, once the service answered. */
  marked?: number;
}

export function createMarkEverything(client: InboxV1Client, subscriberId: string): (request: MarkEverythingRequest) => MarkEverything {
  /** Until the service says it has no mark-all route (404/405). */
  let markAllSupported = true;

  return ({ markAs, payload, held, count, idempotencyKey }) => {
    /** Every mark-as sent, in order, with its key and, once it came, its answer (how many it marked). */
    const batches: Batch[] = [];
    const add = (messageId: string[]): Batch => {
      const batch = { messageId, idempotencyKey: `${idempotencyKey}-${batches.length}` };
      batches.push(batch);
      return batch;
    };
    const send = async (batch: Batch): Promise<number> =>
      (batch.marked = (await client.markAs({ subscriberId, messageId: batch.messageId, markAs }, { idempotencyKey: batch.idempotencyKey })).length);

    return async (progress) => {
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
      if (batches.length === 0) for (let start = 0; start < held.length; start += MARK_AS_BATCH) add(held.slice(start, start + MARK_AS_BATCH));
      const total = () => batches.reduce((sum, batch) => sum + (batch.marked ?? 0), 0);
      for (const batch of batches) {
        if (batch.marked !== undefined) continue;
        await send(batch);
        progress?.(total());
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
        const marked = await send(add(ids));
        progress?.(total());
        more = marked > 0 && page.hasMore;
      }
      return total();
    };
  };
}
