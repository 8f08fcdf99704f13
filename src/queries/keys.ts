/** Query keys. Everything of one subscriber on one service lives under `['inbox-kit', scope]`. */
import type { PayloadFilter } from '../client/index';

export interface FeedFilter {
  /** Only read (`true`) or unread (`false`) notifications. */
  read?: boolean;
  /** Only seen (`true`) or unseen (`false`) notifications. */
  seen?: boolean;
  /** Only notifications whose trigger payload contains these values (typed by your `payloadSchema`, see `Register`). */
  payload?: PayloadFilter;
  /** Page size, 1 to 100. Default 20. */
  limit?: number;
}

/** A filter with every field present, so equal filters give equal keys. */
export interface NormalizedFeedFilter {
  read: boolean | null;
  seen: boolean | null;
  payload: Record<string, unknown> | null;
  limit: number;
}

export const DEFAULT_FEED_LIMIT = 20;

export function normalizeFilter(filter: FeedFilter = {}): NormalizedFeedFilter {
  const given: Record<string, unknown> | undefined = filter.payload;
  const payload = given && Object.keys(given).length > 0 ? given : null;
  return { read: filter.read ?? null, seen: filter.seen ?? null, payload, limit: filter.limit ?? DEFAULT_FEED_LIMIT };
}

export const inboxKeys = {
  all: (scope: string) => ['inbox-kit', scope] as const,
  feeds: (scope: string) => ['inbox-kit', scope, 'feed'] as const,
  feed: (scope: string, filter: NormalizedFeedFilter) => ['inbox-kit', scope, 'feed', filter] as const,
  counts: (scope: string) => ['inbox-kit', scope, 'counts'] as const,
  count: (scope: string, kind: 'unread' | 'unseen') => ['inbox-kit', scope, 'counts', kind] as const,
  preferences: (scope: string) => ['inbox-kit', scope, 'preferences'] as const,
  /** The notification store's lists and counts (`notification-store.ts`). */
  notifications: (scope: string) => ['inbox-kit', scope, 'notifications'] as const,
};

/** One cache per service and subscriber. */
export function scopeOf(baseUrl: string, subscriberId: string): string {
  return `${baseUrl}|${subscriberId}`;
}
