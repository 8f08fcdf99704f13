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
  /** The notification as the reader sees it: the table's, with the pending change laid over it. */
  view(id: string): Notification | undefined;
  /** Every notification the table holds, as the reader sees it (those being deleted left out). */
  views(): Notification[];
  /** Each pending change as a move from the table's state to the overlay's. */
  pendingMoves(): Move[];
  /** The kit's changes answered after `seq` (a count asked at `seq` did not count them). */
  answeredAfter(seq: number): Move[];
  /** A count asked at `seq` came back: whether changes of the kit crossed it (count again when they settle). */
  counted(seq: number): boolean;
  /** A change is on its way. */
  busy(): boolean;
  /** Changes these notifications optimistically, sends each, and writes what the service answers. */
  change(ids: readonly string[], change: Change, send: Send): Promise<void>;
  /** Grows with every write of the table or the overlay: what `useSyncExternalStore` compares. */
  version(): number;
  subscribe(listener: () => void): () => void;
}

const MOVES_KEPT = 500;

export function createNotificationStore(options: { client: InboxClient; subscriberId: string; queryClient: QueryClient; scope: string }): NotificationStore {
  const { client, subscriberId, queryClient } = options;
  const key = ['inbox-kit', options.scope, 'notifications'] as const;
  const table = createNotificationTable();
  const listeners = new Set<() => void>();
  let version = 0;
  const changed = () => {
    version++;
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

  function view(id: string): Notification | undefined {
    return overlaid(table.get(id), intents.pending().get(id));
  }

  return {
    client,
    subscriberId,
    queryClient,
    key,
    table,
    view,
    views() {
      const pending = intents.pending();
      return table.all().flatMap((n) => overlaid(n, pending.get(n.id)) ?? []);
    },
    pendingMoves: () => [...intents.pending()].map(([id, change]) => [table.get(id), overlaid(table.get(id), change)] as const),
    answeredAfter: (seq) => answered.filter((entry) => entry.seq > seq).map((entry) => entry.move),
    counted(seq) {
      const crossed = inFlight > 0 || lastChange > seq;
      if (crossed && inFlight > 0) recount = true;
      return crossed;
    },
    async change(ids, change, send) {
      const pending = intents.pending();
      const target = new Map(ids.map((id) => [id, combined(pending.get(id), change)] as const));
      await intents.run(target, async () => {
        inFlight++;
        lastChange = table.next();
        try {
          const answers = await Promise.all(ids.map((id) => send(id)));
          // Answered: the service had applied it, so reads sent from now on see it, and earlier ones may not.
          const at = table.next();
          lastChange = at;
          ids.forEach((id, index) => {
            const before = table.get(id);
            const answer = answers[index];
            if (answer) table.merge([answer], at);
            else table.remove([id], at);
            answered.push({ seq: at, move: [before, table.get(id)] });
          });
          // Counts are asked again at every poll: one asked before the last few hundred changes is long replaced.
          if (answered.length > MOVES_KEPT) answered = answered.slice(-MOVES_KEPT);
          return { result: undefined, values: new Map() };
        } finally {
          inFlight--;
        }
      });
    },
    busy: () => inFlight > 0,
    version: () => version,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
