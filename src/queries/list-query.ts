/**
 * A filtered list's cache: the service's pages as ids and whether more follow; the notifications
 * themselves go into the table, where optimistic changes never touch what a page said. On v2 the
 * next page is asked after the oldest notification the last page holds that still exists (a cursor
 * that does not shift as notifications arrive); on v1, by offset.
 */
import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import type { FreePayload, InboxNotification, InvalidFeedItem, ListNotificationsParams } from '../client/index';
import { listView, nextCursor } from './list-view';
import type { ListFilter } from './matches';
import type { NotificationStore } from './notification-store';

type Notification = InboxNotification<FreePayload>;

export interface ListPage {
  ids: string[];
  hasMore: boolean;
  invalidItems: InvalidFeedItem[];
}

interface PageParam {
  /** The page's place: 0 for the first. */
  index: number;
  /** v2's cursor: the id of the last notification before this page. */
  after?: string | undefined;
}

export type ListData = InfiniteData<ListPage, unknown>;

export function listOptions(store: NotificationStore, filter: ListFilter, limit: number) {
  return infiniteQueryOptions({
    queryKey: [...store.key, 'list', filter, limit],
    initialPageParam: { index: 0 } as PageParam,
    queryFn: async ({ pageParam, signal }): Promise<ListPage> => {
      const { client, subscriberId, table } = store;
      const params: ListNotificationsParams = { subscriberId, limit, read: filter.read, seen: filter.seen, archived: filter.archived, snoozed: filter.snoozed, severity: filter.severity, data: filter.data };
      // The first page needs no dialect; the next ones are asked as the first page's answer showed it.
      if (pageParam.index > 0) Object.assign(params, (await client.capabilities({ subscriberId })).cursor ? { after: pageParam.after } : { offset: pageParam.index * limit });
      const seq = table.next();
      const page = await client.notifications.list(params, { signal });
      table.merge(page.data, seq);
      return { ids: page.data.map((n) => n.id), hasMore: page.hasMore, invalidItems: page.invalidItems };
    },
    getNextPageParam: (last, pages): PageParam | undefined =>
      last.hasMore ? { index: pages.length, after: nextCursor(pages.flatMap((page) => page.ids), store.table.deleted) } : undefined,
  });
}

/** The oldest notification the pages hold that the table still has: how far down the list reaches (`undefined`: all of it). */
function reach(store: NotificationStore, data: ListData) {
  const last = data.pages.at(-1);
  if (!last?.hasMore) return undefined;
  const ids = data.pages.flatMap((page) => page.ids);
  for (let index = ids.length - 1; index >= 0; index--) {
    const held = store.table.get(ids[index]!);
    if (held) return held;
  }
  return undefined;
}

/** What the list shows: the notifications as the reader sees them (`store.snapshot().views`) that match, down to its reach. */
export function listed(store: NotificationStore, views: Notification[], filter: ListFilter, data: ListData | undefined): Notification[] {
  return data ? listView(views, filter, reach(store, data)) : [];
}
