/** Pure cache updaters: given cached data and a change, the data after it. */
import type { InfiniteData } from '@tanstack/react-query';
import { partialMatch, type FeedPage, type MarkAsValue } from '../client/index';
import type { StoredItem } from './stored-item';
import { shiftCount, type CountData, type CountKind } from './counts';
import type { NormalizedFeedFilter } from './keys';
import type { FeedPageParam } from './page-plan';

export interface Flags {
  read: boolean;
  seen: boolean;
}

export type FeedData = InfiniteData<FeedPage, FeedPageParam>;

/** Just the flags of an item or message (a copy, without its other fields). */
export function flagsOf(item: Flags): Flags {
  return { read: item.read, seen: item.seen };
}

/** The deployed service's mark-as semantics: read and unread both mark seen; seen and unseen change only seen. */
export function flagsAfter(flags: Flags, markAs: MarkAsValue): Flags {
  return { read: markAs === 'read' || (markAs !== 'unread' && flags.read), seen: markAs !== 'unseen' };
}

/** Whether marking all `markAs` would change this item (read marks what is unread, seen what is unseen). */
export function needsMark(item: Flags, markAs: 'read' | 'seen'): boolean {
  return !item[markAs];
}

export function matchesFilter(item: Pick<StoredItem, 'read' | 'seen' | 'payload'>, filter: NormalizedFeedFilter): boolean {
  return (
    (filter.read === null || item.read === filter.read) &&
    (filter.seen === null || item.seen === filter.seen) &&
    (filter.payload === null || partialMatch(filter.payload, item.payload))
  );
}

/** Newest first, as the service orders the feed. */
export function isNewer(a: StoredItem, b: StoredItem): boolean {
  const at = a.createdAt ?? '';
  const bt = b.createdAt ?? '';
  return at === bt ? a._id > b._id : at > bt;
}

/**
 * Applies new flags to a cached feed: items change in place; an item that no
 * longer matches the feed's filter leaves it; a known item that now matches
 * joins it at its place, when that place is within the pages loaded. The next
 * page then starts that many earlier or later in the service's list.
 */
export function setFlagsInFeed(
  data: FeedData,
  filter: NormalizedFeedFilter,
  changes: ReadonlyMap<string, Flags>,
  known: ReadonlyMap<string, StoredItem>,
): FeedData {
  let changed = false;
  /** Items that joined minus items that left (an overlap may hold one twice: counted once). */
  let shift = 0;
  const left = new Set<string>();
  const present = new Set<string>();
  let pages = data.pages.map((page) => {
    let pageChanged = false;
    const items: StoredItem[] = [];
    for (const item of page.data) {
      present.add(item._id);
      const flags = changes.get(item._id);
      if (!flags || (flags.read === item.read && flags.seen === item.seen)) {
        items.push(item);
        continue;
      }
      pageChanged = true;
      const next = { ...item, ...flags };
      if (matchesFilter(next, filter)) items.push(next);
      else left.add(item._id);
    }
    if (!pageChanged) return page;
    changed = true;
    return { ...page, data: items };
  });

  for (const [id, flags] of changes) {
    const item = known.get(id);
    if (present.has(id) || !item) continue;
    const next = { ...item, ...flags };
    if (!matchesFilter(next, filter)) continue;
    const inserted = insertInOrder(pages, next);
    if (inserted) {
      pages = inserted;
      changed = true;
      shift++;
    }
  }
  if (!changed) return data;
  shift -= left.size;
  // On the last page, not its param: a refetch replaces the pages (and so forgets the shift),
  // while it reuses the first param.
  const last = pages[pages.length - 1];
  if (shift !== 0 && last) pages = [...pages.slice(0, -1), { ...last, shift: shiftOf(last) + shift } as CachedFeedPage];
  return { ...data, pages };
}

/** A page as the cache holds it: with the shift of the list since it was fetched. */
export type CachedFeedPage = FeedPage & { shift?: number };

export function shiftOf(page: FeedPage): number {
  return (page as CachedFeedPage).shift ?? 0;
}

function insertInOrder(pages: FeedPage[], item: StoredItem): FeedPage[] | undefined {
  // Before the first older item loaded; older than everything loaded, at the end of the last page,
  // and only when nothing more is left to load.
  let p = pages.findIndex((page) => page.data.some((other) => isNewer(item, other)));
  if (p === -1 && pages[(p = pages.length - 1)]?.hasMore !== false) return undefined;
  return pages.map((page, i) => {
    if (i !== p) return page;
    const data = [...page.data];
    const index = data.findIndex((other) => isNewer(item, other));
    data.splice(index === -1 ? data.length : index, 0, item);
    return { ...page, data };
  });
}

export function shiftCountData(data: CountData, kind: CountKind, before: Flags, after: Flags): CountData {
  const flag = kind === 'unread' ? 'read' : 'seen';
  const delta = Number(!after[flag]) - Number(!before[flag]);
  return delta === 0 ? data : { ...data, count: shiftCount(data.count, delta) };
}

/** The notifications of an infinite feed, flat and without the repeats that offset paging brings when new items arrive. */
export function flattenFeed(data: { pages: readonly FeedPage[] } | undefined): StoredItem[] {
  if (!data) return [];
  const seen = new Set<string>();
  const items: StoredItem[] = [];
  for (const page of data.pages) {
    for (const item of page.data) {
      if (seen.has(item._id)) continue;
      seen.add(item._id);
      items.push(item);
    }
  }
  // Pages may overlap (see feedOptions): in the service's order, not the order the pages came in.
  return items.sort((a, b) => (isNewer(a, b) ? -1 : isNewer(b, a) ? 1 : 0));
}
