/**
 * The store of one subscriber's inbox on `client.notifications` (v2, or v1 through its stand-ins): the table
 * holds the service's state, the intent queue's pending changes lie over it, and lists and counts are read
 * from both. No write of one cache into another, and no clock: answers are ordered by the table's sequence.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { InboxBrowserClient } from '../client/browser-client';
import { createAnswerLog, together, written, type Answered, type Origin, type Send, type SendTogether } from './answer-log';
import { empties, type Move } from './count-plan';
import { createIntentQueue } from './intents';
import { createListeners } from './listeners';
import { inboxKeys, scopeOf } from './keys';
import { createNotificationTable, type NotificationTable } from './notification-table';
import { matches, type ListFilter, type Notification } from './matches';
import { combined, overlaid, type Change } from './overlay';

export type { Acks } from './answer-log';

type Entry = [string, Notification | undefined];

export type NotificationStore = ReturnType<typeof createNotificationStore>;

/** What the other tabs are to hear of this tab's changes (see tab-relay). */
export type Told =
  | { kind: 'answered'; answer: Answered; origin: Origin }
  // A change with no clear answer: the other tabs heard of it (or of its undoing) and read afresh too.
  | { kind: 'refresh' }
  // "Mark all": the other tabs mark what they hold, notifications this tab never saw included.
  | { kind: 'all'; filter: ListFilter; change: Change };

export interface Snapshot {
  /** Every notification the table holds, as the reader sees it (pending changes laid over it, those being deleted left out), newest first. */
  views: Notification[];
  /** Each pending change as a move from the table's state to the overlay's. */
  pending: Move[];
}

export function createNotificationStore(options: {
  client: InboxBrowserClient;
  subscriberId: string;
  queryClient: QueryClient;
  /** The browser's `baseUrl`, when it is not the client's (prefetching on the server): the cache is keyed by it. */
  baseUrl?: string;
}) {
  const { client, subscriberId, queryClient } = options;
  const key = inboxKeys.notifications(scopeOf(options.baseUrl ?? client.baseUrl, subscriberId));
  const table: NotificationTable = createNotificationTable();
  const listeners = createListeners();
  /** What `snapshot()` gave since the last write; worked out again on the first call after one. */
  let snapshot: Snapshot | undefined;
  const changed = () => {
    snapshot = undefined;
    listeners.call();
  };
  table.subscribe(changed);

  const log = createAnswerLog(table);
  /** Changes sent and not answered. */
  let inFlight = 0;
  /** The sequence number of the latest change sent or answered. */
  let lastChange = 0;
  /** Takes the next sequence number as the latest change's. */
  const stamp = () => (lastChange = table.next());
  let recount = false;
  const changes = { pending: 0, sent: 0 };
  const tell = createListeners<[told: Told]>();
  /** Changes of all on their way (`seq` Infinity) or answered at `seq`. */
  let clears: { filter: ListFilter; change: Change; seq: number }[] = [];
  const clear = (entry: (typeof clears)[number]) => (clears = [...clears.slice(-20), entry]);
  /** A change of all, answered: what it writes into the rows the table holds. */
  const matching = (filter: ListFilter, change: Change) => table.all().flatMap((n): Entry[] => (matches(n, filter) ? [[n.id, overlaid(n, change)]] : []));
  /** What the service holds is read again, here and in the other tabs. */
  const readAgain = () => {
    tell.call({ kind: 'refresh' });
    return queryClient.invalidateQueries({ queryKey: key });
  };

  /** Writes what an answer of this tab's holds, at `at`, and tells the listeners (when it wrote anything). */
  function answer(entries: Entry[], at: number, arrived?: boolean): void {
    if (entries.length === 0) return;
    const origin = log.nextOrigin();
    tell.call({ kind: 'answered', answer: log.write(entries, at, origin, arrived), origin });
  }

  const intents = createIntentQueue<Change>({
    // The queue keeps a rollback value per key; the table is the service's state, so an empty change.
    read: () => ({}),
    // Its writes are the overlay moving (its pending values): the table is written by the answers.
    write: changed,
    settled(failed) {
      if (failed) void readAgain();
      else if (recount) void queryClient.invalidateQueries({ queryKey: [...key, 'count'] });
      recount = false;
    },
  });

  return {
    client,
    subscriberId,
    queryClient,
    /** The prefix of every query key of this store. */
    key,
    table,
    /**
     * What lists and counts read, one object per write of the table or the overlay, the same until the next:
     * each list and count reads it without working it out again, and `useSyncExternalStore` compares it.
     */
    snapshot(): Snapshot {
      if (snapshot) return snapshot;
      const pending = intents.pending();
      // Changes of all on their way, then each notification's own: the later intents win.
      const all = clears.filter((entry) => entry.seq === Infinity);
      const under = (n: Notification) => all.reduce<Notification | undefined>((view, entry) => (view && matches(view, entry.filter) ? overlaid(view, entry.change) : view), n);
      const view = (n: Notification | undefined) => overlaid(n && under(n), pending.get(n?.id ?? ''));
      return (snapshot = {
        // In the service's order (the table's), once for every list (each then stops at its reach).
        views: table.all().flatMap((n) => view(n) ?? []),
        pending: [
          ...[...pending.keys()].map((id) => [table.get(id), view(table.get(id))] as const),
          ...(all.length > 0
            ? table.all().flatMap((n) => {
                const shown = pending.has(n.id) ? n : under(n);
                return shown === n ? [] : [[n, shown] as const];
              })
            : []),
        ],
      });
    },
    /** This tab's id in `Origin`s. */
    tab: log.tab,
    /** Of each tab, how many of its answered changes this tab has written. */
    acks: log.acks,
    /**
     * Whether an answered change of this notification is newer than a read another tab sent when it
     * had written `acks` of each tab's changes: then what it read is older than what this tab holds.
     */
    changedSince: log.changedSince,
    /**
     * The kit's changes (this tab's, and those other tabs told of) answered after `seq`, which a count asked
     * at `seq` did not count; with `acks` (a count another tab asked), also those it says it did not include.
     */
    answeredAfter: log.after,
    /**
     * A count asked at `seq` came back: whether to ask it again at once, because changes of the kit
     * were answered since. While one is on its way it is asked again when they have all settled.
     */
    askAgain(seq: number): boolean {
      if (inFlight > 0) recount = true;
      return inFlight === 0 && lastChange > seq;
    },
    /**
     * The reader's changes of notifications, counted when asked for: how many are on their way, and
     * how many were ever sent. A page read meanwhile may or may not show them (see list-query).
     */
    changes: () => ({ ...changes }),
    /**
     * Changes these notifications optimistically, sends each (or all in one request), and writes what the
     * service answers: a request that answers nothing of them writes the change into the rows the table holds.
     * A delete waits for nothing (see the intent queue).
     */
    async change(ids: readonly string[], change: Change, send: Send | SendTogether): Promise<void> {
      changes.pending += ids.length;
      changes.sent += ids.length;
      try {
        const pending = intents.pending();
        await intents.run(new Map(ids.map((id) => [id, combined(pending.get(id), change)])), async () => {
          inFlight++;
          stamp();
          try {
            const answers = 'together' in send ? together(ids, await send.together()) : await Promise.allSettled(ids.map((id) => send(id)));
            // Answered: the service had applied it, so reads sent from now on see it, and earlier ones may not.
            answer(written(table, ids, change, answers), stamp());
            const refused = answers.find((answer) => answer.status === 'rejected');
            if (refused) throw refused.reason;
            return { result: undefined, values: new Map() };
          } finally {
            inFlight--;
          }
        }, 'deleted' in change);
      } finally {
        changes.pending -= ids.length;
      }
    },
    /**
     * A change of every notification `filter` selects ("mark all as read"), held or not, in one request:
     * shown at once on what matches, sent after every change before it and before any after it; answered,
     * written into the rows that match. Until a count asked after its answer, a count it empties shows none.
     */
    async changeAll(filter: ListFilter, change: Change, send: () => Promise<unknown>): Promise<void> {
      const entry = { filter, change, seq: Infinity };
      clear(entry);
      changed();
      changes.pending++;
      changes.sent++;
      inFlight++;
      stamp();
      try {
        await intents.all(send);
        answer(matching(filter, change), (entry.seq = stamp()));
        tell.call({ kind: 'all', filter, change });
      } catch (error) {
        clears = clears.filter((other) => other !== entry);
        // Refused part-way (v1's batches) or not answered.
        void readAgain();
        throw error;
      } finally {
        changes.pending--;
        inFlight--;
        changed();
      }
    },
    /**
     * The latest change of all since `seq` that empties a count of `filter`: its sequence number (Infinity
     * while on its way), or `undefined`. A count asked at `seq` is then 0, moved by what was answered after it.
     */
    clearedAt(filter: ListFilter, seq: number): number | undefined {
      const at = Math.max(-1, ...clears.filter((entry) => entry.seq > seq && empties([entry.filter, entry.change], filter)).map((entry) => entry.seq));
      return at === -1 ? undefined : at;
    },
    /** Whether a change of all was sent or answered after `seq` (it moves counts by what the kit cannot tell). */
    changedAllSince: (seq: number) => clears.some((entry) => entry.seq > seq),
    /** Another tab's change of all, answered: written into the rows that match, and the counts it empties are 0 until asked again. */
    learnAll(filter: ListFilter, change: Change): void {
      const at = stamp();
      clear({ filter, change, seq: at });
      log.write(matching(filter, change), at, { from: 'another tab', n: 0 });
      changed();
    },
    /** Writes what another tab learnt the service holds, as an answered change of the kit's. */
    learn(told: Answered, origin: Origin): void {
      log.write([...told.rows.map((n): Entry => [n.id, n]), ...told.deleted.map((id): Entry => [id, undefined])], stamp(), origin, told.arrived);
    },
    /**
     * Notifications the service has just delivered (its socket said so; none the table holds): written as an
     * answer of this tab's, so a count asked before takes each in where it matches, and the other tabs hear of them.
     */
    arrive(rows: readonly Notification[]): void {
      answer(rows.map((n): Entry => [n.id, n]), stamp(), true);
    },
    readAgain,
    /** Hears what the other tabs are to hear: what each change's answers wrote, each change of all answered, and reads everything again after a change with no clear answer. */
    onTold: tell.add,
    subscribe: listeners.add,
  };
}
