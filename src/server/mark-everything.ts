/**
 * "Mark all" for the proxy's v2 answers over a v1 service: one mark-all request where the service
 * has the route (it cannot filter by payload), else 100 at a time: the newest matching ids, then
 * mark-as, until none is left, or until the browser request's share of requests is spent (it then
 * says how far it got, and the next request under the same key goes on from there).
 */
import type { InboxV1Client } from '../client/client';
import { InboxApiError } from '../client/errors';
import { newIdempotencyKey } from '../client/http';
import type { Refusal } from './upstream-meter';

/** Ids per mark-as request, as many as a feed page holds at most. */
export const MARK_AS_BATCH = 100;

/** One "mark all" of one subscriber: its batches, and the request sending them now, if any. */
interface Run {
  batches: Batch[];
  sending?: Promise<unknown> | undefined;
}

interface Batch {
  messageId: string[];
  /** How many it marked, once the service answered. */
  marked?: number;
}

/**
 * How far a "mark all" got: how many it marked, and whether any are left to mark; `retryAfter`: the
 * user's limit stopped it, for that many seconds.
 */
export interface Marked {
  marked: number;
  done: boolean;
  retryAfter?: number;
}

/** Counts `count` upstream requests before any is sent (the browser request's meter, see upstream-meter.ts). */
export type Reserve = (count: number) => Promise<Refusal | undefined>;

/**
 * Marks all of one subscriber's notifications read or seen through `client` (`payload`: only those whose payload
 * matches), each request reserved on `reserve` before it is sent, and says how far it got. Called again under the same
 * `idempotencyKey` after an unclear answer, it sends again what has no answer, as it was and under the same
 * keys (so the service replays what it already applied), and goes on from there.
 */
export type MarkEverything = (
  client: InboxV1Client,
  subscriberId: string,
  markAs: 'read' | 'seen',
  reserve: Reserve,
  payload?: Record<string, unknown>,
  idempotencyKey?: string,
) => Promise<Marked>;

export function createMarkEverything(): MarkEverything {
  /** Until the service says it has no mark-all route (404/405). */
  let markAllSupported = true;
  /** Each "mark all" by its subscriber, what it marks and its key, until it is done. */
  const runs = new Map<string, Run>();

  return async (client, subscriberId, markAs, reserve, payload, idempotencyKey = newIdempotencyKey()) => {
    if (!payload && markAllSupported) {
      const refusal = await reserve(1);
      if (refusal) return stopped(refusal, 0);
      try {
        return { marked: await client.markAll({ subscriberId, markAs }, { idempotencyKey }), done: true };
      } catch (error) {
        // The router's own 404 (no such route), not a resource's ("Subscriber ... does not exist").
        if (!(error instanceof InboxApiError && (error.status === 404 || error.status === 405) && error.messages.some((m) => /^Cannot [A-Z]+ /.test(m)))) throw error;
        markAllSupported = false;
      }
    }
    const id = JSON.stringify([subscriberId, markAs, payload ?? null, idempotencyKey]);
    const run = runs.get(id) ?? { batches: [] };
    runs.set(id, run);
    // One never sent again is forgotten after a hundred others.
    if (runs.size > 100) runs.delete(runs.keys().next().value as string);
    // A retry of a request still sending (the browser gave up waiting) goes on after it, from where it is.
    while (run.sending) await run.sending.catch(() => undefined);
    const sending = markRest(client, subscriberId, markAs, reserve, payload, idempotencyKey, run.batches);
    run.sending = sending;
    try {
      const marked = await sending;
      if (marked.done) runs.delete(id);
      return marked;
    } finally {
      run.sending = undefined;
    }
  };
}

/** Where a refusal stops a run that has marked `marked`: the ceiling leaves the rest to the next request, a limit says when. */
function stopped(refusal: Refusal, marked: number): Marked {
  return refusal === 'ceiling' ? { marked, done: false } : { marked, done: false, retryAfter: refusal.retryAfter };
}

/**
 * Sends again the batches of `batches` with no answer, then lists and marks the rest, 100 at a time, each
 * round's two requests (the list, then its mark-as) reserved before the list is sent, so no list goes
 * that there is no room to mark; how many were marked in all, and whether that is all.
 */
async function markRest(
  client: InboxV1Client,
  subscriberId: string,
  markAs: 'read' | 'seen',
  reserve: Reserve,
  payload: Record<string, unknown> | undefined,
  idempotencyKey: string,
  batches: Batch[],
): Promise<Marked> {
  const markedSoFar = () => batches.reduce((sum, batch) => sum + (batch.marked ?? 0), 0);
  // Each batch's key is derived from the request's (cut, so the proxy's scoped key stays within its limit).
  const send = async (batch: Batch, index: number): Promise<number> =>
    (batch.marked = (await client.markAs({ subscriberId, messageId: batch.messageId, markAs }, { idempotencyKey: `${idempotencyKey.slice(0, 100)}-${index}` })).length);
  for (const [index, batch] of batches.entries()) {
    if (batch.marked !== undefined) continue;
    const refusal = await reserve(1);
    if (refusal) return stopped(refusal, markedSoFar());
    await send(batch, index);
  }
  const filter = markAs === 'read' ? { read: false } : { seen: false };
  // Each round takes the newest matching ids: marked ones drop out of the filter, so page 0 is always the rest.
  for (;;) {
    const refusal = await reserve(2);
    if (refusal) return stopped(refusal, markedSoFar());
    const page = await client.getFeed({ subscriberId, ...filter, ...(payload ? { payload } : {}), limit: MARK_AS_BATCH });
    // Items the schema left out are the user's too: marked with the rest, or they would stay unread for ever.
    const ids = [...page.data.map((item) => item._id), ...page.invalidItems.flatMap((item) => (item.id ? [item.id] : []))];
    if (ids.length === 0) break;
    const batch = { messageId: ids };
    batches.push(batch);
    if ((await send(batch, batches.length - 1)) === 0 || !page.hasMore) break;
  }
  return { marked: markedSoFar(), done: true };
}
