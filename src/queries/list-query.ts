/**
 * A filtered list's cache: the service's pages and whether more follow; the notifications themselves go
 * into the table, where optimistic changes never touch what a page said. The first page is small (fast to
 * show) and the next ones grow with what is loaded, up to the service's 100.
 *
 * On v2 the next page is asked after the oldest notification the pages hold that still exists (a cursor
 * that arrivals and changes do not shift). On v1, by offset: where the service's list now reaches that
 * notification, counted in the table (what the service last said of each), so the reader's answered changes
 * move it without bookkeeping of shifts. Changes on their way when a page is asked for, or sent while it is
 * read, may or may not show in it: the page starts that many earlier, and is read again earlier still when
 * changes crossed it (at most three reads). The overlap costs nothing: a list shows each notification once.
 */
import { infiniteQueryOptions, partialMatchKey, type InfiniteData } from '@tanstack/react-query';
import type { InvalidFeedItem, ListNotificationsParams } from '../client/index';
import { listOfSorted, listView, newerFirst, nextCursor } from './list-view';
import type { ListFilter, Notification } from './matches';
import type { NotificationStore } from './notification-store';
import { MAX_PAGE, pageFor } from './page-plan';
import { pageOrEmpty } from './unknown-subscriber';
import { writeRead } from './write-read';

export interface ListPage {
  /**
   * The notifications as the service answered this page: the list shows the table's (later answers, pending
   * changes laid over); these seed the table when the cache came from elsewhere (rendered on the server).
   */
  rows: Notification[];
  hasMore: boolean;
  invalidItems: InvalidFeedItem[];
  /** The first page: whether the service pages by cursor (v2), as its answer showed (kept for the next pages, also in a cache from the server). */
  cursor?: boolean | undefined;
}

export const idsOf = (pages: readonly ListPage[]) => pages.flatMap((page) => page.rows.map((n) => n.id));

/** A page to read: its place (0: the first), its size, and where it starts. */
interface PageParam {
  index: number;
  size: number;
  /** v2's cursor: the id of the last notification before this page. */
  after?: string | undefined;
  /** What the first page said of cursors. */
  cursor?: boolean | undefined;
  /** v1: the oldest notification the pages before hold (its place in the service's list is counted when the page is read). */
  reach?: Pick<Notification, 'createdAt' | 'id'> | undefined;
}

export type ListData = InfiniteData<ListPage, unknown>;

/** A list's filter in one form: equal filters give equal query keys, and empty parts are left out. */
export function normalizeListFilter(filter: ListFilter): ListFilter {
  const { read, seen, archived, snoozed, severity, tags, data } = filter;
  const normal: ListFilter = { read, seen, archived, snoozed, severity: severity?.length ? [...severity].sort() : undefined, tags: tags?.length ? [...tags].sort() : undefined, data: data && Object.keys(data).length > 0 ? data : undefined };
  // Undefined fields out, so `{}` and `{ read: undefined }` are one key.
  return JSON.parse(JSON.stringify(normal)) as ListFilter;
}

export function listOptions(store: NotificationStore, filter: ListFilter, limit: number) {
  return infiniteQueryOptions({
    // The client retries network errors, 5xx and 429 itself: a second layer would multiply them.
    retry: false,
    // Kept fresh without refetching: what is new comes with the poll, and changes write the table.
    staleTime: Infinity,
    queryKey: [...store.key, 'list', filter, limit],
    initialPageParam: { index: 0, size: limit } as PageParam,
    queryFn: async ({ pageParam, signal }): Promise<ListPage> => {
      const { client, subscriberId, table } = store;
      const params: ListNotificationsParams = { subscriberId, limit: pageParam.size, ...filter };
      const read = async (more: Partial<ListNotificationsParams>): Promise<ListPage> => {
        const seq = table.next();
        // Where the page starts: the list's top, after a cursor the table holds, or unknown (v1's offset).
        const after = more.after === undefined ? undefined : table.get(more.after);
        const page = await pageOrEmpty(client.notifications.list({ ...params, ...more }, { signal }));
        if (more.offset === undefined && (more.after === undefined || after)) writeRead(store, filter, page, seq, after);
        else table.merge(page.data, seq);
        return { rows: page.data, hasMore: page.hasMore, invalidItems: page.invalidItems };
      };
      // The first page needs no dialect; the next ones are asked as the first page's answer showed it.
      if (pageParam.index === 0) {
        const first = await read({});
        // Known without a request once the service has answered a list.
        return { ...first, cursor: first.rows.length > 0 ? (await client.capabilities({ subscriberId })).cursor : undefined };
      }
      if (pageParam.cursor ?? (await client.capabilities({ subscriberId })).cursor) return read({ after: pageParam.after });
      // v1: the reach's place in the service's list, as the table knows it now.
      const start = pageParam.reach ? listOfSorted(table.all(), filter, pageParam.reach).length : 0;
      // Only a list filtered by a state the reader changes moves when they change it: the others page straight on.
      const moves = filter.read !== undefined || filter.seen !== undefined || filter.archived !== undefined || filter.snoozed !== undefined;
      let margin = 0;
      for (let attempt = 1; ; attempt++) {
        const asked = store.changes();
        if (moves) margin = Math.min(margin + asked.pending, pageParam.size - 1);
        const { page, limit: size } = pageFor(Math.max(0, start - margin), pageParam.size);
        const answer = await read({ limit: size, offset: page * size });
        const crossed = store.changes().sent - asked.sent;
        if (!moves || crossed === 0 || attempt === 3) return answer;
        margin += crossed;
      }
    },
    getNextPageParam: (last, pages): PageParam | undefined => {
      if (!last.hasMore || !broughtSomethingNew(last, pages)) return undefined;
      // Worked out on every render: cheap here; the v1 offset is counted when the page is read.
      const ids = idsOf(pages);
      const reached = oldestHeld(store, ids);
      return { index: pages.length, size: Math.min(MAX_PAGE, Math.max(limit, ids.length)), after: nextCursor(ids, store.table.deleted), reach: reached && { createdAt: reached.createdAt, id: reached.id }, cursor: pages[0]?.cursor };
    },
  });
}

/**
 * Whether the last page held a notification the pages before it did not: a service that answers the same
 * page whatever is asked, or says `hasMore` for ever, ends the paging instead of being asked again and again.
 * Worked out once per page fetched (TanStack asks on every render).
 */
function broughtSomethingNew(last: ListPage, pages: readonly ListPage[]): boolean {
  if (!progress.has(last)) {
    const earlier = new Set(idsOf(pages.slice(0, -1)));
    progress.set(last, last.rows.some((n) => !earlier.has(n.id)));
  }
  return progress.get(last)!;
}
const progress = new WeakMap<ListPage, boolean>();

/** The oldest notification of `ids` the table still holds. */
const oldestHeld = (store: NotificationStore, ids: readonly string[]) =>
  ids.reduce<Notification | undefined>((oldest, id) => {
    const held = store.table.get(id);
    return held && (!oldest || newerFirst(held, oldest) > 0) ? held : oldest;
  }, undefined);

/** What the list shows: the notifications as the reader sees them (`store.snapshot().views`) that match, down to its reach (`undefined`: all of it). */
export function listed(store: NotificationStore, views: Notification[], filter: ListFilter, data: ListData | undefined): Notification[] {
  if (!data) return [];
  // Rows the table does not hold yet: pages that came from elsewhere (the server's render), shown
  // as they are until the store takes them in (see `seedTable`).
  const unheld = notInTable(store, data);
  const reach = data.pages.at(-1)?.hasMore ? (oldestHeld(store, idsOf(data.pages)) ?? unheld.at(-1)) : undefined;
  return unheld.length > 0 ? listView([...views, ...unheld], filter, reach) : listOfSorted(views, filter, reach);
}

/** The rows of pages no answer of the table's brought (held or deleted since). */
const notInTable = (store: NotificationStore, data: ListData) => data.pages.flatMap((page) => page.rows.filter((n) => !store.table.has(n.id)));

/**
 * Takes into the table the rows of list pages it did not read itself (a cache hydrated from the
 * server), as the oldest of answers: any answer of its own says more. Until the returned function
 * is called, also those that come later.
 */
export function seedTable(store: NotificationStore): () => void {
  const cache = store.queryClient.getQueryCache();
  const seed = (query: { queryKey: readonly unknown[]; state: { data: unknown } }) => {
    const data = query.state.data as ListData | undefined;
    if (data?.pages && partialMatchKey(query.queryKey, [...store.key, 'list'])) store.table.merge(notInTable(store, data), 0);
  };
  for (const query of cache.getAll()) seed(query);
  return cache.subscribe((event) => {
    if (event.type === 'added') seed(event.query);
  });
}
