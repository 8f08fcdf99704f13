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
import type { ListFilter } from './matches';
import { combined, overlaid, type Change } from './overlay';

type Notification = InboxNotification<FreePayload>;

/** What one notification's change sends; the service's answer, or nothing when it deleted it. */
export type Send = (id: string) => Promise<Notification | void>;

/** One request for all the notifications of a change (seen, read all); the service answers nothing of them. */
export interface SendTogether {
  together: () => Promise<unknown>;
}

/** What a tab learnt the service now holds: notifications as it answered them, and those it deleted. */
export interface Answered {
  rows: Notification[];
  deleted: string[];
}

/** Where an answered change came from: a tab, and the number of its answers so far. */
export interface Origin {
  from: string;
  n: number;
}

/** Of each tab, how many of its answered changes a count includes. */
export type Acks = Record<string, number>;

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
  /**
   * The kit's changes (this tab's, and those other tabs told of) answered after `seq`: a count
   * asked at `seq` did not count them. With `acks` (a count another tab asked), also those it says
   * it did not include.
   */
  answeredAfter(seq: number, acks?: Acks): Move[];
  /** This tab's id in `Origin`s. */
  readonly tab: string;
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
   * A change of every notification a filter selects ("mark all as read"), the ones the table does
   * not hold too: until a count asked after its answer, a count it empties shows none.
   */
  clear(filter: ListFilter): { answered(): void; failed(): void };
  /** Whether a count of `filter` asked at `seq` predates a clear that empties it. */
  cleared(filter: ListFilter, seq: number): boolean;
  /** Writes what another tab learnt the service holds, as an answered change of the kit's. */
  learn(answer: Answered, origin: Origin): void;
  /** Hears what each change's answers wrote (to tell the other tabs). */
  onAnswered(listener: (answer: Answered, origin: Origin) => void): () => void;
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
  let answered: { seq: number; move: Move; origin: Origin }[] = [];
  const tab = Math.random().toString(36).slice(2);
  const acks: Acks = { [tab]: 0 };
  /** Changes sent and not answered. */
  let inFlight = 0;
  /** The sequence number of the latest change sent or answered. */
  let lastChange = 0;
  let recount = false;
  const changes = { pending: 0, sent: 0 };
  const answerListeners = new Set<(answer: Answered, origin: Origin) => void>();
  /** Clears on their way (`seq` Infinity) or answered at `seq`. */
  let clears: { filter: ListFilter; seq: number }[] = [];

  /** Writes answers at `at` (after the service applied them), remembering each move for the counts asked before. */
  function write(entries: [string, Notification | undefined][], at: number, origin: Origin): Answered {
    const told: Answered = { rows: [], deleted: [] };
    for (const [id, after] of entries) {
      const before = table.get(id);
      if (after) table.merge([after], at);
      else table.remove([id], at);
      answered.push({ seq: at, move: [before, table.get(id)], origin });
      if (after) told.rows.push(after);
      else told.deleted.push(id);
    }
    // Counts are asked again at every poll: one asked before the last few hundred changes is long replaced.
    if (answered.length > MOVES_KEPT) answered = answered.slice(-MOVES_KEPT);
    acks[origin.from] = Math.max(acks[origin.from] ?? 0, origin.n);
    return told;
  }

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
      if (snapshot) return snapshot;
      const pending = intents.pending();
      snapshot = {
        views: table.all().flatMap((n) => overlaid(n, pending.get(n.id)) ?? []),
        pending: [...pending].map(([id, change]) => [table.get(id), overlaid(table.get(id), change)] as const),
      };
      return snapshot;
    },
    tab,
    acks: () => ({ ...acks }),
    answeredAfter: (seq, counted) =>
      answered.filter(({ seq: at, origin }) => at > seq || (counted !== undefined && origin.n > (counted[origin.from] ?? 0))).map((entry) => entry.move),
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
    clear(filter) {
      const entry = { filter, seq: Infinity };
      clears = [...clears.slice(-20), entry];
      changed();
      return {
        answered() {
          entry.seq = table.next();
          lastChange = entry.seq;
        },
        failed() {
          clears = clears.filter((other) => other !== entry);
          changed();
        },
      };
    },
    cleared: (filter, seq) => clears.some((entry) => entry.seq > seq && empties(entry.filter, filter)),
    learn(answer, origin) {
      const at = table.next();
      lastChange = at;
      write([...answer.rows.map((n) => [n.id, n] as [string, Notification]), ...answer.deleted.map((id) => [id, undefined] as [string, undefined])], at, origin);
    },
    onAnswered(listener) {
      answerListeners.add(listener);
      return () => answerListeners.delete(listener);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };

  async function sendChange(ids: readonly string[], change: Change, send: Send | SendTogether): Promise<void> {
    const pending = intents.pending();
    const target = new Map(ids.map((id) => [id, combined(pending.get(id), change)] as const));
    await intents.run(target, async () => {
      inFlight++;
      lastChange = table.next();
      try {
        const answers: PromiseSettledResult<Notification | void | typeof APPLIED>[] =
          'together' in send ? await send.together().then(() => ids.map(() => ({ status: 'fulfilled', value: APPLIED }) as const)) : await Promise.allSettled(ids.map((id) => send(id)));
        // Answered: the service had applied it, so reads sent from now on see it, and earlier ones may not.
        const at = table.next();
        lastChange = at;
        const entries: [string, Notification | undefined][] = [];
        ids.forEach((id, index) => {
          const answer = answers[index]!;
          // One refused or unanswered: the others the service did apply are written all the same.
          if (answer.status === 'rejected') return;
          const row = table.get(id);
          // Answered with nothing of it: what the table holds, changed (unknown to the table: nothing to write).
          if (answer.value === APPLIED) {
            if (row) entries.push([id, overlaid(row, change)]);
          } else entries.push([id, answer.value || undefined]);
        });
        if (entries.length > 0) {
          const origin = { from: tab, n: (acks[tab] ?? 0) + 1 };
          const told = write(entries, at, origin);
          for (const listener of answerListeners) listener(told, origin);
        }
        const refused = answers.find((answer) => answer.status === 'rejected');
        if (refused) throw refused.reason;
        return { result: undefined, values: new Map() };
      } finally {
        inFlight--;
      }
    });
  }
}

/**
 * Whether clearing `cleared` (its unread, of its tags and data) leaves nothing in `filter`: a
 * filter of unread notifications within the same tags and data, whatever else it asks.
 */
function empties(cleared: ListFilter, filter: ListFilter): boolean {
  const same = (a: unknown, b: unknown) => a === undefined || JSON.stringify(a) === JSON.stringify(b);
  return filter.read === false && same(cleared.tags, filter.tags) && same(cleared.data, filter.data);
}

/** A request that answered nothing of the notification but succeeded. */
const APPLIED = Symbol('applied');
