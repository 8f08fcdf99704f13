/**
 * The store of one subscriber's inbox on `client.notifications` (v2, or v1 through its stand-ins):
 * the table holds the service's state, the intent queue's pending changes lie over it, and lists
 * and counts are read from both. No write of one cache into another, and no clock: answers are
 * ordered by the table's sequence.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { InboxBrowserClient } from '../client/browser-client';
import type { FreePayload, InboxNotification } from '../client/index';
import { createAnswerLog, together, written, type Acks, type Answered, type Origin, type Send, type SendTogether } from './answer-log';
import { empties, type Move } from './count-plan';
import { createIntentQueue } from './intents';
import { createListeners } from './listeners';
import { inboxKeys, scopeOf } from './keys';
import { newerFirst } from './list-view';
import { createNotificationTable, type NotificationTable } from './notification-table';
import { matches, type ListFilter } from './matches';
import { combined, overlaid, type Change } from './overlay';

export type { Acks, Answered, Origin, Send, SendTogether } from './answer-log';

type Notification = InboxNotification<FreePayload>;



export interface NotificationStore {
  readonly client: InboxBrowserClient;
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
  /**
   * The kit's changes (this tab's, and those other tabs told of) answered after `seq`: a count
   * asked at `seq` did not count them. With `acks` (a count another tab asked), also those it says
   * it did not include.
   */
  answeredAfter(seq: number, acks?: Acks): Move[];
  /** This tab's id in `Origin`s. */
  readonly tab: string;
  /**
   * Whether an answered change of this notification is newer than a read another tab sent when it
   * had written `acks` of each tab's changes: then what it read is older than what this tab holds.
   */
  changedSince(id: string, acks: Acks): boolean;
  /** Hears when the store reads everything again after a change with no clear answer (to tell the other tabs). */
  onUnclear(listener: () => void): () => void;
  /** Of each tab, how many of its answered changes this tab has written. */
  acks(): Acks;
  /** A count asked at `seq` came back: whether changes of the kit crossed it (count again when they settle). */
  counted(seq: number): boolean;
  /** A change is on its way. */
  busy(): boolean;
  /**
   * The reader's changes of notifications, counted when asked for: how many are on their way, and
   * how many were ever sent. A page read meanwhile may or may not show them (see list-query).
   */
  changes(): { pending: number; sent: number };
  /**
   * Changes these notifications optimistically, sends each (or all in one request), and writes
   * what the service answers: a request that answers nothing of them writes the change into the
   * rows the table holds.
   */
  change(ids: readonly string[], change: Change, send: Send | SendTogether): Promise<void>;
  /**
   * A change of every notification `filter` selects ("mark all as read"), those the table does not
   * hold too, in one request: shown at once on what matches, sent after every change before it and
   * before any after it (see the intent queue's `all`); answered, written into the rows that match.
   * Until a count asked after its answer, a count it empties shows none.
   */
  changeAll(filter: ListFilter, change: Change, send: () => Promise<unknown>): Promise<void>;
  /**
   * The latest change of all, since `seq`, that empties a count of `filter`: its sequence number
   * (Infinity while on its way), or `undefined`. A count asked at `seq` is then 0, moved by what
   * was answered after it.
   */
  clearedAt(filter: ListFilter, seq: number): number | undefined;
  /** Another tab's change of all, answered: written into the rows that match, and the counts it empties are 0 until asked again. */
  learnAll(filter: ListFilter, change: Change): void;
  /** Hears each change of all this tab's service answered (to tell the other tabs). */
  onChangedAll(listener: (filter: ListFilter, change: Change) => void): () => void;
  /** Writes what another tab learnt the service holds, as an answered change of the kit's. */
  learn(answer: Answered, origin: Origin): void;
  /** Hears what each change's answers wrote (to tell the other tabs). */
  onAnswered(listener: (answer: Answered, origin: Origin) => void): () => void;
  subscribe(listener: () => void): () => void;
}

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
}): NotificationStore {
  const { client, subscriberId, queryClient } = options;
  const key = inboxKeys.notifications(scopeOf(options.baseUrl ?? client.baseUrl, subscriberId));
  const table = createNotificationTable();
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
  let recount = false;
  const changes = { pending: 0, sent: 0 };
  const answerListeners = createListeners<[answer: Answered, origin: Origin]>();
  const unclearListeners = createListeners();
  const allListeners = createListeners<[filter: ListFilter, change: Change]>();
  /** Clears on their way (`seq` Infinity) or answered at `seq`. */
  let clears: { filter: ListFilter; change: Change; seq: number }[] = [];

  /** Writes what an answer of this tab's holds, at `at`, and tells the listeners (when it wrote anything). */
  function answer(entries: [string, Notification | undefined][], at: number): void {
    if (entries.length === 0) return;
    const origin = log.nextOrigin();
    const told = log.write(entries, at, origin);
    answerListeners.call(told, origin);
  }

  const intents = createIntentQueue<Change>({
    // The queue keeps a rollback value per key; the table is the service's state, so an empty change.
    read: () => ({}),
    // Its writes are the overlay moving (its pending values): the table is written by the answers.
    write: changed,
    settled(failed) {
      if (failed) {
        void queryClient.invalidateQueries({ queryKey: key });
        unclearListeners.call();
      }
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
      if (snapshot) return snapshot;
      const pending = intents.pending();
      // Changes of all on their way, then each notification's own: the later intents win.
      const all = clears.filter((entry) => entry.seq === Infinity);
      const under = (n: Notification) => all.reduce<Notification | undefined>((view, entry) => (view && matches(view, entry.filter) ? overlaid(view, entry.change) : view), n);
      const view = (n: Notification | undefined) => overlaid(n && under(n), pending.get(n?.id ?? ''));
      snapshot = {
        // In the service's order, once for every list (each then stops at its reach).
        views: table.all().flatMap((n) => view(n) ?? []).sort(newerFirst),
        pending: [
          ...[...pending.keys()].map((id) => [table.get(id), view(table.get(id))] as const),
          ...(all.length > 0 ? table.all().flatMap((n) => (pending.has(n.id) || under(n) === n ? [] : [[n, under(n)] as const])) : []),
        ],
      };
      return snapshot;
    },
    tab: log.tab,
    acks: log.acks,
    changedSince: log.changedSince,
    onUnclear: unclearListeners.add,
    answeredAfter: log.after,
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
    async changeAll(filter, change, send) {
      const entry = { filter, change, seq: Infinity };
      clears = [...clears.slice(-20), entry];
      changed();
      changes.pending++;
      changes.sent++;
      inFlight++;
      lastChange = table.next();
      try {
        await intents.all(send, send);
        const at = table.next();
        entry.seq = lastChange = at;
        const entries = table.all().flatMap((n) => (matches(n, filter) ? [[n.id, overlaid(n, change)] as [string, Notification | undefined]] : []));
        answer(entries, at);
        allListeners.call(filter, change);
      } catch (error) {
        clears = clears.filter((other) => other !== entry);
        // Refused part-way (v1's batches) or not answered: what the service holds is read again, here and in the other tabs.
        void queryClient.invalidateQueries({ queryKey: key });
        unclearListeners.call();
        throw error;
      } finally {
        changes.pending--;
        inFlight--;
        changed();
      }
    },
    learnAll(filter, change) {
      const at = table.next();
      lastChange = at;
      clears = [...clears.slice(-20), { filter, change, seq: at }];
      const entries = table.all().flatMap((n) => (matches(n, filter) ? [[n.id, overlaid(n, change)] as [string, Notification | undefined]] : []));
      log.write(entries, at, { from: 'another tab', n: 0 });
      changed();
    },
    onChangedAll: allListeners.add,
    clearedAt(filter, seq) {
      const at = Math.max(-1, ...clears.filter((entry) => entry.seq > seq && empties(entry.filter, filter)).map((entry) => entry.seq));
      return at === -1 ? undefined : at;
    },
    learn(told, origin) {
      const at = table.next();
      lastChange = at;
      log.write([...told.rows.map((n) => [n.id, n] as [string, Notification]), ...told.deleted.map((id) => [id, undefined] as [string, undefined])], at, origin);
    },
    onAnswered: answerListeners.add,
    subscribe: listeners.add,
  };

  async function sendChange(ids: readonly string[], change: Change, send: Send | SendTogether): Promise<void> {
    const pending = intents.pending();
    const target = new Map(ids.map((id) => [id, combined(pending.get(id), change)] as const));
    await intents.run(target, async () => {
      inFlight++;
      lastChange = table.next();
      try {
        const answers = 'together' in send ? together(ids, await send.together()) : await Promise.allSettled(ids.map((id) => send(id)));
        // Answered: the service had applied it, so reads sent from now on see it, and earlier ones may not.
        const at = table.next();
        lastChange = at;
        answer(written(table, ids, change, answers), at);
        const refused = answers.find((answer) => answer.status === 'rejected');
        if (refused) throw refused.reason;
        return { result: undefined, values: new Map() };
      } finally {
        inFlight--;
      }
    });
  }
}


