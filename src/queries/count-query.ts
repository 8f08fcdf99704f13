/**
 * The counts a view shows, in one request: v2's exact counts (the service stops at 100), or on v1,
 * where there is no count route, each filter's first 100 notifications, counted (a lower bound past
 * them). What a hook shows is the answer moved by the kit's changes the service had not counted.
 */
import { queryOptions } from '@tanstack/react-query';
import { InboxError, type NotificationCountFilter } from '../client/index';
import { COUNT_CAP } from './count-plan';
import type { NotificationStore } from './notification-store';

export interface CountData {
  /** One per filter asked, in order. */
  counts: number[];
  /** The table's sequence number when the counts were asked. */
  seq: number;
}

async function ask(store: NotificationStore, filters: NotificationCountFilter[]): Promise<CountData> {
  const { client, subscriberId, table } = store;
  const seq = table.next();
  try {
    const answer = await client.notifications.count({ subscriberId, filters });
    return { counts: answer.map((entry) => entry.count), seq };
  } catch (error) {
    if (!(error instanceof InboxError && error.code === 'unsupported')) throw error;
  }
  const counts = await Promise.all(
    filters.map(async (filter) => {
      const page = await client.notifications.list({ subscriberId, limit: COUNT_CAP, read: filter.read, seen: filter.seen });
      table.merge(page.data, seq);
      return page.hasMore ? COUNT_CAP : page.data.length + page.invalidItems.length;
    }),
  );
  return { counts, seq };
}

export function countOptions(store: NotificationStore, filters: NotificationCountFilter[]) {
  return queryOptions({
    queryKey: [...store.key, 'count', filters],
    queryFn: async () => {
      const data = await ask(store, filters);
      // A change of the kit's was answered while the service counted: it may or may not be in the
      // count. Asked again at once when none is on its way; else when they have all settled.
      return store.counted(data.seq) && !store.busy() ? ask(store, filters) : data;
    },
  });
}
