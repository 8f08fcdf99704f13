/**
 * The store of one subscriber's inbox on `client.notifications` (v2, or v1 through its stand-ins):
 * the table holds the service's state, the intent queue's pending changes lie over it, and lists
 * and counts are read from both. No write of one cache into another, and no clock: answers are
 * ordered by the table's sequence.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { FreePayload, InboxClient, InboxNotification } from '../client/index';
import type { Move } from './count-plan';
import { createIntentQueue } from './intents';
import { inboxKeys, scopeOf } from './keys';
import { createNotificationTable, type NotificationTable } from './notification-table';
import { combined, overlaid, type Change } from './overlay';

type Notification = InboxNotification<FreePayload>;

/** What one notification's change sends; the service's answer, or nothing when it deleted it. */
export type Send = (id: string) => Promise<Notification | void>;

export interface NotificationStore {
  readonly client: InboxClient;
  readonly subscriberId: string;
  readonly queryClient: QueryClient;
  /** The prefix of every query key of this store. */
  readonly key: QueryKey;
  readonly table: NotificationTable;
  /**
   * What lists and counts read, one object per write of the table or the overlay, the same until
   * the next: each list and count reads it without working it out again, and `useSyncExternalStore`
   * compares it.
   */
  snapshot(): Snapshot;
  /** The kit's changes answered after `seq` (a count asked at `seq` did not count them). */
  answeredAfter(seq: number): Move[];
  /** A count asked at `seq` came back: whether changes of the kit crossed it (count again when they settle). */
  counted(seq: number): boolean;
  /** A change is on its way. */
  busy(): boolean;
  /**
   * The reader's changes of notifications, counted when asked for: how many are on their way, and
   * how many were ever sent. A page read meanwhile may or may not show them (see list-query).
   */
  changes(): { pending: number; sent: number };
  /** Changes these notifications optimistically, sends each, and writes what the service answers. */
  change(ids: readonly string[], change: Change, send: Send): Promise<void>;
  subscribe(listener: () => void): () => void;
}

export interface Snapshot {
  /** Every notification the table holds, as the reader sees it (pending changes laid over it, those being deleted left out). */
  views: Notification[];
  /** Each pending change as a move from the table's state to the overlay's. */
  pending: Move[];
}

const MOVES_KEPT = 500;

export function createNotificationStore(options: { client: InboxClient; subscriberId: string; queryClient: QueryClient }): NotificationStore {
  const { client, subscriberId, queryClient } = options;
  const key = inboxKeys.notifications(scopeOf(client.baseUrl, subscriberId));
  const table = createNotificationTable();
  const listeners = new Set<() => void>();
  /** What `snapshot()` gave since the last write; worked out again on the first call after one. */
  let snapshot: Snapshot | undefined;
  const changed = () => {
    snapshot = undefined;
    for (const listener of listeners) listener();
  };
  table.subscribe(changed);

  /** The kit's answered changes, by the sequence number of their answers. */
  let answered: { seq: number; move: Move }[] = [];
  /** Changes sent and not answered. */
  let inFlight = 0;
  /** The sequence number of the latest change sent or answered. */
  let lastChange = 0;
  let recount = false;
  const changes = { pending: 0, sent: 0 };

  const intents = createIntentQueue<Change>({
    // The queue keeps a rollback value per key; the table is the service's state, so an empty change.
    read: () => ({}),
    // Its writes are the overlay moving (its pending values): the table is written by the answers.
    write: changed,
    settled(failed) {
      if (failed) void queryClient.invalidateQueries({ queryKey: key });
      else if (recount) void queryClient.invalidateQueries({ queryKey: [...key, 'count'] });
      recount = false;
    },
  });

  return {
    client,
    subscriberId,
    queryClient,
    key,
    table,
    snapshot() {
      const pending = intents.pending();
      snapshot ??= {
        views: table.all().flatMap((n) => overlaid(n, pending.get(n.id)) ?? []),
        pending: [...pending].map(([id, change]) => [table.get(id), overlaid(table.get(id), change)] as const),
      };
      return snapshot;
    },
    answeredAfter: (seq) => answered.filter((entry) => entry.seq > seq).map((entry) => entry.move),
    counted(seq) {
      const crossed = inFlight > 0 || lastChange > seq;
      if (crossed && inFlight > 0) recount = true;
      return crossed;
    },
    async change(ids, change, send) {
      changes.pending += ids.length;
      changes.sent += ids.length;
      try {
        await sendChange(ids, change, send);
      } finally {
        changes.pending -= ids.length;
      }
    },
    busy: () => inFlight > 0,
    changes: () => ({ ...changes }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };

  async function sendChange(ids: readonly string[], change: Change, send: Send): Promise<void> {
      const pending = intents.pending();
      const target = new Map(ids.map((id) => [id, combined(pending.get(id), change)] as const));
      await intents.run(target, async () => {
        inFlight++;
        lastChange = table.next();
        try {
          const answers = await Promise.allSettled(ids.map((id) => send(id)));
          // Answered: the service had applied it, so reads sent from now on see it, and earlier ones may not.
          const at = table.next();
          lastChange = at;
          ids.forEach((id, index) => {
            const answer = answers[index]!;
            // One refused or unanswered: the others the service did apply are written all the same.
            if (answer.status === 'rejected') return;
            const before = table.get(id);
            if (answer.value) table.merge([answer.value], at);
            else table.remove([id], at);
            answered.push({ seq: at, move: [before, table.get(id)] });
          });
          const refused = answers.find((answer) => answer.status === 'rejected');
          if (refused) throw refused.reason;
          // Counts are asked again at every poll: one asked before the last few hundred changes is long replaced.
          if (answered.length > MOVES_KEPT) answered = answered.slice(-MOVES_KEPT);
          return { result: undefined, values: new Map() };
        } finally {
          inFlight--;
        }
      });
  }
}
