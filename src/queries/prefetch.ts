/**
 * Server-side prefetch for server rendering: the badge count and the first page, fetched on the
 * server with a client that holds the API key, under the keys the browser's `<InboxProvider>`
 * reads, so the first HTML already shows them. Send the cache with TanStack Query's `dehydrate`
 * and `<HydrationBoundary>`; the key itself stays on the server.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { InboxV1Client } from '../client/index';
import { normalizeFilter, scopeOf, type FeedFilter } from './keys';
import { countsOptions, feedOptions, preferencesOptions } from './options';

export interface PrefetchInboxOptions {
  /** A client for the service itself (`createInboxClient({ baseUrl: upstream, apiKey })`). */
  client: InboxV1Client;
  /** The signed-in user's subscriber id. */
  subscriberId: string;
  /** The browser's `baseUrl` on `<InboxProvider>`: the cache is keyed by it. Default `/api/inbox`. */
  baseUrl?: string;
  /** The feed the page shows first. Default: the inbox's first tab (everything, 20 a page). */
  filter?: FeedFilter;
  /** Also the preferences, for a page that shows `<PreferencesPanel />`. Default false. */
  preferences?: boolean;
}

export async function prefetchInbox(queryClient: QueryClient, options: PrefetchInboxOptions): Promise<void> {
  const { client, subscriberId } = options;
  const scope = scopeOf((options.baseUrl ?? '/api/inbox').replace(/\/+$/, ''), subscriberId);
  const context = { client, subscriberId, scope };
  // Failures are left for the browser to retry: a page renders without them rather than not at all.
  await Promise.all([
    queryClient.prefetchInfiniteQuery(feedOptions(context, normalizeFilter(options.filter))),
    queryClient.prefetchQuery(countsOptions(context)),
    options.preferences ? queryClient.prefetchQuery(preferencesOptions(context)) : undefined,
  ]);
}
