/**
 * The counts a view shows, in one request: v2's, or on v1 (no count route) each filter's first 100, counted.
 *
 * A poll is this request. On v1 its lists bring what is new; on v2 only numbers, so when they moved by more
 * than the kit's changes the newest are read too (`headOptions`): one request a poll while nothing happens.
 */
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { InboxError, type NotificationCountFilter } from '../client/index';
import { COUNT_CAP, countableOnV1, listedCount, shownCount, type Move, type ShownCount } from './count-plan';
import type { ListFilter, Notification } from './matches';
import type { Acks, NotificationStore } from './notification-store';
import { isUnknownSubscriber, pageOrEmpty } from './unknown-subscriber';
import { writeRead } from './write-read';

export interface CountData {
  /** One per filter asked, in order. */
  counts: number[];
  /** The table's sequence number when the counts were asked (or, told by another tab, when they came). */
  seq: number;
  /** Told by another tab: of each tab, how many of its answered changes the counts include. */
  acks?: Acks | undefined;
  /** Told by another tab: which counts the service stopped counting (lower bounds). */
  capped?: boolean[] | undefined;
  /** On v1, the newest notifications the counts' lists brought (for the other tabs). */
  head?: Head | undefined;
}

/** The newest notifications as one read found them, and what it knew of each tab's changes when it was sent. */
export interface Head {
  rows: Notification[];
  acks: Acks;
}

/** How many of the newest notifications a poll reads when the counts moved (and v1's count lists do). */
const HEAD = 100;

async function ask(store: NotificationStore, filters: NotificationCountFilter[]): Promise<CountData> {
  const { client, subscriberId, table } = store;
  const acks = store.acks();
  const seq = table.next();
  try {
    const answer = await client.notifications.count({ subscriberId, filters });
    return { counts: answer.map((entry) => entry.count), seq };
  } catch (error) {
    if (isUnknownSubscriber(error)) return { counts: filters.map(() => 0), seq };
    if (!(error instanceof InboxError && error.code === 'unsupported')) throw error;
  }
  const rows: Notification[] = [];
  // What v1 cannot count is 0 (see countableOnV1); one list of 100 serves every count of the same read and seen.
  const lists = new Map<string, Promise<number>>();
  const counts = await Promise.all(
    filters.map((filter) => {
      if (!countableOnV1(filter)) return 0;
      const key = `${filter.read}${filter.seen}`;
      if (!lists.has(key)) {
        lists.set(
          key,
          pageOrEmpty(client.notifications.list({ subscriberId, limit: COUNT_CAP, read: filter.read, seen: filter.seen })).then((page) => {
            writeRead(store, { read: filter.read, seen: filter.seen }, page, seq);
            rows.push(...page.data);
            return listedCount(page);
          }),
        );
      }
      return lists.get(key)!;
    }),
  );
  return { counts, seq, head: { rows, acks } };
}

/**
 * A count as the reader sees it: the answer's (at `index`) moved by the kit's changes the service had not
 * counted, answered (`data.seq`, `data.acks`) or `pending`. After a change of all that empties it ("mark all
 * as read"), 0 moved by what was answered since, notifications the kit does not hold included.
 */
export function countShown(store: NotificationStore, filter: ListFilter, data: CountData, index: number, pending: readonly Move[] = []): ShownCount {
  const at = store.clearedAt(filter, data.seq);
  if (at !== undefined) return shownCount(0, filter, [...(at === Infinity ? [] : store.answeredAfter(at)), ...pending]);
  const shown = shownCount(data.counts[index] ?? 0, filter, [...store.answeredAfter(data.seq, data.acks), ...pending]);
  return data.capped?.[index] ? { ...shown, exact: false } : shown;
}

/** Each count as the kit knows it, pending changes aside (what a poll compares, and what the polling tab tells). */
export function shownCounts(store: NotificationStore, filters: readonly NotificationCountFilter[], data: CountData): ShownCount[] {
  return filters.map((filter, index) => countShown(store, filter, data, index));
}

export function countKey(store: NotificationStore, filters: readonly NotificationCountFilter[]): QueryKey {
  return [...store.key, 'count', filters];
}

export function countOptions(store: NotificationStore, filters: NotificationCountFilter[], staleTime = 30_000) {
  const queryKey = countKey(store, filters);
  return queryOptions({
    retry: false,
    staleTime,
    queryKey,
    queryFn: async (): Promise<CountData> => {
      const before = store.queryClient.getQueryData<CountData>(queryKey);
      let data = await ask(store, filters);
      // A change of the kit's answered while the service counted may or may not be in it (see `askAgain`).
      if (store.askAgain(data.seq)) data = await ask(store, filters);
      // More than expected (the kit's changes counted in) is something new; fewer, a change elsewhere, unless a
      // "mark all" of the kit's since explains it: it moves counts it cannot foresee (unseen, when marking read).
      const moved =
        before &&
        shownCounts(store, filters, before).some((expected, index) => {
          const now = data.counts[index] ?? 0;
          return now > expected.count || (now < expected.count && !store.changedAllSince(before.seq));
        });
      if (moved && (await store.client.capabilities({ subscriberId: store.subscriberId })).counts) void store.queryClient.fetchQuery(headOptions(store)).catch(() => undefined);
      return data;
    },
  });
}

/** The newest notifications, read into the table: what arrived, and what changed elsewhere among them. */
export function headOptions(store: NotificationStore) {
  return queryOptions({
    retry: false,
    queryKey: [...store.key, 'head'],
    queryFn: async ({ signal }): Promise<Head> => {
      const acks = store.acks();
      const seq = store.table.next();
      const page = await store.client.notifications.list({ subscriberId: store.subscriberId, limit: HEAD }, { signal });
      writeRead(store, {}, page, seq);
      return { rows: page.data, acks };
    },
  });
}
