/**
 * Server-side prefetch for server rendering: the badge count and the first page, fetched on the
 * server with a client that holds the API key, under the keys the browser's `<InboxProvider>`
 * reads, so the first HTML already shows them. Send the cache with TanStack Query's `dehydrate`
 * and `<HydrationBoundary>`; the key itself stays on the server.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { InboxClient } from '../client/index';
import type { FeedFilter } from '../hooks/useFeed';
import { countPlan } from '../queries/count-plan';
import { countOptions, type CountData } from '../queries/count-query';
import type { CountKind } from '../queries/count-label';
import { CURRENT, inboxCountFilters, tabFilter } from '../queries/inbox-counts';
import { inboxKeys, scopeOf } from '../queries/keys';
import { listOptions, normalizeListFilter } from '../queries/list-query';
import { createNotificationStore } from '../queries/notification-store';
import { preferencesOptions } from '../queries/preferences-query';

export interface PrefetchInboxOptions {
  /** A client for the service itself (`createInboxClient({ baseUrl: upstream, apiKey })`). */
  client: InboxClient;
  /** The signed-in user's subscriber id. */
  subscriberId: string;
  /** The browser's `baseUrl` on `<InboxProvider>`: the cache is keyed by it. Default `/api/inbox`. */
  baseUrl?: string;
  /** The feed the page shows first. Default: the inbox's first tab (All: what is not archived or snoozed, 20 a page). */
  filter?: FeedFilter;
  /** The `<Inbox>`'s `badge` and `tabs`, when given: its counts are asked under the key it reads. */
  badge?: CountKind;
  tabs?: readonly { filter: FeedFilter }[];
  /** Also the preferences, for a page that shows `<PreferencesPanel />`. Default false. */
  preferences?: boolean;
}

export async function prefetchInbox(queryClient: QueryClient, options: PrefetchInboxOptions): Promise<void> {
  const { client, subscriberId } = options;
  const baseUrl = (options.baseUrl ?? '/api/inbox').replace(/\/+$/, '');
  const store = createNotificationStore({ client, subscriberId, queryClient, baseUrl });
  const { limit, ...filter }: FeedFilter = options.filter ?? CURRENT;
  const counts = countOptions(store, countPlan(inboxCountFilters(options.badge ?? 'unread', (options.tabs ?? []).map((tab) => tabFilter(tab.filter)))).filters);
  // Failures are left for the browser to retry: a page renders without them rather than not at all.
  await Promise.all([
    queryClient.prefetchInfiniteQuery(listOptions(store, normalizeListFilter(filter), limit ?? 20)),
    queryClient.prefetchQuery(counts),
    options.preferences ? queryClient.prefetchQuery(preferencesOptions(client, subscriberId, inboxKeys.preferences(scopeOf(baseUrl, subscriberId)))) : undefined,
  ]);
  // The server's sequence numbers mean nothing in the browser: its counts are older than anything there.
  queryClient.setQueryData<CountData>(counts.queryKey, (data) => data && { ...data, seq: 0, head: undefined });
}
