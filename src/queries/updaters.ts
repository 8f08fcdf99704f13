/** Pure cache updaters: given cached data and a change, the data after it. */
import type { InfiniteData } from '@tanstack/react-query';
import { partialMatch, type FeedItem, type FeedPage, type MarkAsValue } from '../client/index';
import { shiftCount, type Counts } from './counts';
import type { NormalizedFeedFilter } from './keys';

export interface Flags {
  read: boolean;
  seen: boolean;
}

export type FeedData = InfiniteData<FeedPage, number>;

/** The deployed service's mark-as semantics: read and unread both mark seen; seen and unseen change only seen. */
export function flagsAfter(flags: Flags, markAs: MarkAsValue): Flags {
  switch (markAs) {
    case 'read':
      return { read: true, seen: true };
    case 'unread':
      return { read: false, seen: true };
    case 'seen':
      return { read: flags.read, seen: true };
    case 'unseen':
      return { read: flags.read, seen: false };
  }
}

export function matchesFilter(item: Pick<FeedItem, 'read' | 'seen' | 'payload'>, filter: NormalizedFeedFilter): boolean {
  return (
    (filter.read === null || item.read === filter.read) &&
    (filter.seen === null || item.seen === filter.seen) &&
    (filter.payload === null || partialMatch(filter.payload, item.payload))
  );
}

/** Newest first, as the service orders the feed. */
function isNewer(a: FeedItem, b: FeedItem): boolean {
  const at = a.createdAt ?? '';
  const bt = b.createdAt ?? '';
  return at === bt ? a._id > b._id : at > bt;
}

/**
 * Applies new flags to a cached feed: items change in place; an item that no
 * longer matches the feed's filter leaves it; a known item that now matches
 * joins it at its place, when that place is within the pages loaded.
 */
export function setFlagsInFeed(
  data: FeedData,
  filter: NormalizedFeedFilter,
  changes: ReadonlyMap<string, Flags>,
  known: ReadonlyMap<string, FeedItem>,
): FeedData {
  let changed = false;
  const present = new Set<string>();
  let pages = data.pages.map((page) => {
    let pageChanged = false;
    const items: FeedItem[] = [];
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
    }
  }
  return changed ? { ...data, pages } : data;
}

function insertInOrder(pages: FeedPage[], item: FeedItem): FeedPage[] | undefined {
  for (let p = 0; p < pages.length; p++) {
    const page = pages[p];
    if (!page) continue;
    const index = page.data.findIndex((other) => isNewer(item, other));
    if (index !== -1) {
      const data = [...page.data.slice(0, index), item, ...page.data.slice(index)];
      return pages.map((candidate, i) => (i === p ? { ...page, data } : candidate));
    }
  }
  // Older than everything loaded: it belongs here only when nothing more is left to load.
  const last = pages[pages.length - 1];
  if (!last || last.hasMore) return undefined;
  return pages.map((candidate, i) => (i === pages.length - 1 ? { ...last, data: [...last.data, item] } : candidate));
}

/** Counts after items went from `before` to `after` flags. */
export function shiftCounts(counts: Counts, before: Flags, after: Flags): Counts {
  const unread = Number(!after.read) - Number(!before.read);
  const unseen = Number(!after.seen) - Number(!before.seen);
  if (unread === 0 && unseen === 0) return counts;
  return { ...counts, unread: shiftCount(counts.unread, unread), unseen: shiftCount(counts.unseen, unseen) };
}

/** The notifications of an infinite feed, flat and without the repeats that offset paging brings when new items arrive. */
export function flattenFeed(data: { pages: readonly FeedPage[] } | undefined): FeedItem[] {
  if (!data) return [];
  const seen = new Set<string>();
  const items: FeedItem[] = [];
  for (const page of data.pages) {
    for (const item of page.data) {
      if (seen.has(item._id)) continue;
      seen.add(item._id);
      items.push(item);
    }
  }
  return items;
}
