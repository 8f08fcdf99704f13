/** Every hook against the reference service's MSW handlers. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  InboxProvider,
  useCounts,
  useFeed,
  useMarkAllAs,
  useMarkAs,
  usePreferences,
  useUpdatePreference,
  type FeedFilter,
} from 'inbox-kit';
import { useBroadcast, useSetPrimaryIntegration } from 'inbox-kit/admin';
import { LIST_PATH, MARK_PATH, V2 } from './helpers/dialect';
import { behindProxy, renderInboxHook, settle, setupMockService, SUBSCRIBER, testClient } from './helpers/inbox';

const service = setupMockService();
// A deployment older than the v2 API: v1 as the deployed service answers it.
const olderDeployment = setupMockService({ mode: 'deployed', notificationsV2: false });
beforeEach(() => {
  service.reset();
  olderDeployment.reset();
});

const truth = (filter: { read?: boolean; seen?: boolean; payload?: Record<string, unknown> } = {}) => service.feedOf(SUBSCRIBER, filter);
const markRequests = () => service.requests.filter((r) => MARK_PATH.test(r.path));
const idsOf = (list: { id: string }[]) => list.map((n) => n.id);

describe('InboxProvider', () => {
  it('names the hook and the provider when a hook is used outside it', () => {
    expect(() => renderHook(() => useFeed())).toThrow('`useFeed` must be used within <InboxProvider>.');
    expect(() => renderHook(() => useCounts())).toThrow('`useCounts` must be used within <InboxProvider>.');
  });

  it('uses the app’s QueryClient when one is above it, else its own', async () => {
    const appClient = new QueryClient();
    const client = testClient(service);
    const withApp = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={appClient}>
        <InboxProvider client={client} subscriberId={SUBSCRIBER} pollInterval={false}>
          {children}
        </InboxProvider>
      </QueryClientProvider>
    );
    const app = renderHook(() => useCounts(), { wrapper: withApp });
    await waitFor(() => expect(app.result.current.unread).toBeDefined());
    expect(appClient.getQueryCache().findAll({ queryKey: ['inbox-kit'] }).length).toBeGreaterThan(0);

    const alone = renderHook(() => useCounts(), {
      wrapper: ({ children }) => (
        <InboxProvider client={client} subscriberId={SUBSCRIBER} pollInterval={false}>
          {children}
        </InboxProvider>
      ),
    });
    await waitFor(() => expect(alone.result.current.unread).toBeDefined());
  });

  it('takes baseUrl and headers instead of a client', async () => {
    const { result } = renderHook(() => useCounts(), {
      wrapper: ({ children }) => (
        <InboxProvider baseUrl={service.baseUrl} headers={async () => ({ Authorization: `ApiKey ${service.apiKey}` })} subscriberId={SUBSCRIBER} pollInterval={false}>
          {children}
        </InboxProvider>
      ),
    });
    // The provider's own client speaks v2 only: a v1-only service answers it through the proxy.
    if (V2) await waitFor(() => expect(result.current.unread?.value).toBe(truth({ read: false }).length));
    else await waitFor(() => expect(result.current.error?.message).toMatch(/has v1 only.*createInboxProxy/s));
  });

  it('takes the baseUrl of a createInboxProxy route, over v2 or a deployment older than v2', async () => {
    const upstream = V2 ? service : olderDeployment;
    const { result } = renderHook(() => ({ counts: useCounts(), feed: useFeed({ read: false }) }), {
      wrapper: ({ children }) => (
        <InboxProvider baseUrl={behindProxy(upstream)} subscriberId={SUBSCRIBER} pollInterval={false}>
          {children}
        </InboxProvider>
      ),
    });
    const unread = upstream.feedOf(SUBSCRIBER, { read: false });
    await waitFor(() => expect(result.current.counts.unread?.value).toBe(unread.length));
    await waitFor(() => expect(idsOf(result.current.feed.notifications)).toEqual(unread.slice(0, 20).map((n) => n._id)));
  });
});

describe('useFeed', () => {
  it('pages from page 0 to the end', async () => {
    const { result } = renderInboxHook(() => useFeed({ limit: 25 }), service);
    await waitFor(() => expect(result.current.notifications).toHaveLength(25));
    expect(result.current.hasMore).toBe(true);
    // Pages grow with what is loaded (25, 25, 50): three reach the end of the seed's notifications.
    for (let page = 2; page <= 3; page++) {
      await act(() => result.current.fetchNextPage());
      await waitFor(() => expect(result.current.isFetchingNextPage).toBe(false));
    }
    await waitFor(() => expect(result.current.hasMore).toBe(false));
    expect(idsOf(result.current.notifications)).toEqual(truth().map((n) => n._id));
    // Nothing more to load: no request.
    const before = service.requests.length;
    await act(() => result.current.fetchNextPage());
    expect(service.requests.length).toBe(before);
  });

  it.each<[string, FeedFilter, (n: ReturnType<typeof truth>[number]) => boolean]>([
    ['unread', { read: false }, (n) => !n.read],
    ['unseen', { seen: false }, (n) => !n.seen],
    ['read', { read: true }, (n) => n.read],
    // v2 filters by the workflow's tags; v1 has no tags, and its `data` filter is the trigger payload.
    V2 ? ['a tag', { tags: ['billing'] }, (n) => n.tags?.includes('billing') === true] : ['data (v1: the payload)', { data: { category: 'billing' } }, (n) => n.payload?.category === 'billing'],
  ])('filters by %s', async (_, filter, expected) => {
    const { result } = renderInboxHook(() => useFeed({ ...filter, limit: 100 }), service);
    await waitFor(() => expect(result.current.status).toBe('success'));
    const ids = truth().filter(expected).map((n) => n._id);
    expect(ids.length).toBeGreaterThan(0);
    expect(idsOf(result.current.notifications)).toEqual(ids);
  });

  it('keeps each filter’s pages when switching back and forth', async () => {
    const { result, rerender } = renderInboxHook(({ filter }: { filter: FeedFilter }) => useFeed(filter), service, { initialProps: { filter: {} } });
    await waitFor(() => expect(result.current.notifications).toHaveLength(20));
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.notifications).toHaveLength(40));
    rerender({ filter: { read: false } });
    await waitFor(() => expect(result.current.notifications.every((n) => !n.isRead)).toBe(true));
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    const requests = service.requests.length;
    rerender({ filter: {} });
    expect(result.current.notifications).toHaveLength(40);
    expect(result.current.isLoading).toBe(false);
    expect(service.requests.length).toBe(requests);
  });

  it('shows an error state that refetch recovers from', async () => {
    service.injectFault({ status: 500, path: LIST_PATH });
    const { result } = renderInboxHook(() => useFeed(), service);
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toMatch(V2 ? /notifications\.list failed with 500/ : /getFeed failed with 500/);
    await act(() => result.current.refetch());
    await waitFor(() => expect(result.current.notifications).toHaveLength(20));
  });
});

describe('useCounts', () => {
  it('reports exact counts from the service', async () => {
    const { result } = renderInboxHook(() => useCounts(), service);
    await waitFor(() => expect(result.current.unread).toBeDefined());
    expect(result.current.unread).toEqual({ value: truth({ read: false }).length, exact: true });
    expect(result.current.unseen).toEqual({ value: truth({ seen: false }).length, exact: true });
    expect(result.current.unreadLabel).toBe(String(truth({ read: false }).length));
  });
});

describe('useMarkAs', () => {
  function useInbox() {
    return { all: useFeed(), unread: useFeed({ read: false }), counts: useCounts(), markAs: useMarkAs() };
  }

  it('changes every cached feed and the counts before the service answers', async () => {
    const { result } = renderInboxHook(useInbox, service);
    await waitFor(() => expect(result.current.counts.unread && result.current.unread.notifications.length > 0).toBe(true));
    const target = result.current.unread.notifications[0];
    if (!target) throw new Error('no unread notification');
    const unreadBefore = result.current.counts.unread?.value ?? 0;
    service.injectFault({ latencyMs: 400, path: MARK_PATH });

    act(() => result.current.markAs.mutate({ notificationId: target.id, markAs: 'read' }));
    await waitFor(() => expect(result.current.counts.unread?.value).toBe(unreadBefore - 1));
    expect(result.current.all.notifications.find((n) => n.id === target.id)).toMatchObject({ isRead: true, isSeen: true });
    expect(result.current.unread.notifications.some((n) => n.id === target.id)).toBe(false);
    // The service has not applied it yet.
    expect(truth().find((n) => n._id === target.id)?.read).toBe(false);

    await waitFor(() => expect(result.current.markAs.isSuccess).toBe(true));
    expect(truth().find((n) => n._id === target.id)?.read).toBe(true);
  });

  it('changes the feeds and the counts in the same render', async () => {
    const renders: string[] = [];
    let targetId = '';
    const { result } = renderInboxHook(() => {
      const inbox = useInbox();
      const item = inbox.all.notifications.find((n) => n.id === targetId);
      if (targetId && inbox.counts.unread) renders.push(`${inbox.counts.unread.value}/${String(item?.isRead)}/${inbox.unread.notifications.some((n) => n.id === targetId)}`);
      return inbox;
    }, service);
    await waitFor(() => expect(result.current.counts.unread && result.current.unread.notifications.length > 0).toBe(true));
    const before = result.current.counts.unread?.value ?? 0;
    targetId = result.current.unread.notifications[0]?.id ?? '';
    service.injectFault({ latencyMs: 200, path: MARK_PATH });
    act(() => result.current.markAs.mutate({ notificationId: targetId, markAs: 'read' }));
    await waitFor(() => expect(result.current.markAs.isSuccess).toBe(true));
    // Every render shows either the state before or the state after, never a mix.
    expect(renders).toContain(`${before - 1}/true/false`);
    expect(renders.filter((r) => r !== `${before}/false/true` && r !== `${before - 1}/true/false`)).toEqual([]);
  });

  it('rolls back only what failed, and surfaces the error', async () => {
    const { result, queryClient } = renderInboxHook(useInbox, service);
    await waitFor(() => expect(result.current.counts.unread && result.current.unread.notifications.length > 1).toBe(true));
    const [first, second] = result.current.unread.notifications;
    if (!first || !second) throw new Error('need two unread');
    const unreadBefore = result.current.counts.unread?.value ?? 0;

    await act(() => result.current.markAs.mutateAsync({ notificationId: first.id, markAs: 'read' }));
    service.injectFault({ status: 500, path: MARK_PATH });
    await act(() => result.current.markAs.mutateAsync({ notificationId: second.id, markAs: 'read' }).catch(() => undefined));
    await waitFor(() => expect(result.current.markAs.error?.message).toMatch(V2 ? /markAsRead failed with 500/ : /markAs failed with 500/));
    await settle(queryClient);
    expect(result.current.all.notifications.find((n) => n.id === first.id)?.isRead).toBe(true);
    expect(result.current.all.notifications.find((n) => n.id === second.id)?.isRead).toBe(false);
    expect(result.current.unread.notifications.some((n) => n.id === second.id)).toBe(true);
    expect(result.current.counts.unread?.value).toBe(unreadBefore - 1);
    expect(result.current.counts.unread?.value).toBe(truth({ read: false }).length);
  });

  it('lets the last of quick successive intents win, in the cache and in the service', async () => {
    const { result, queryClient } = renderInboxHook(useInbox, service);
    await waitFor(() => expect(result.current.unread.notifications.length).toBeGreaterThan(0));
    const id = result.current.unread.notifications[0]?.id ?? '';
    service.setFaults({ latencyMs: [20, 120] });
    act(() => {
      result.current.markAs.mutate({ notificationId: id, markAs: 'read' });
      result.current.markAs.mutate({ notificationId: id, markAs: 'unread' });
      result.current.markAs.mutate({ notificationId: id, markAs: 'read' });
      result.current.markAs.mutate({ notificationId: id, markAs: 'unread' });
    });
    await settle(queryClient);
    service.setFaults({});
    expect(truth().find((n) => n._id === id)?.read).toBe(false);
    expect(result.current.all.notifications.find((n) => n.id === id)?.isRead).toBe(false);
    expect(result.current.counts.unread?.value).toBe(truth({ read: false }).length);
  });
});

describe('useMarkAllAs', () => {
  // Without v1's mark-all; on v2 its bulk route is one request all the same.
  const big = setupMockService({ messages: 250, markAll: false });
  // A deployment older than v2 and its mark-all route (the spec's operations alone): "mark all" goes in batches of mark-as.
  const bigV1 = setupMockService({ mode: 'deployed', notificationsV2: false, messages: 250, markAll: false });
  beforeEach(() => {
    for (const service of [big, bigV1]) {
      service.reset();
      for (const message of service.data.messages) message.read = false;
    }
  });

  it.runIf(V2)('marks everything read in one request on v2, the counts and the feeds at once', async () => {
    const { result, queryClient } = renderInboxHook(() => ({ counts: useCounts(), all: useFeed(), markAll: useMarkAllAs() }), big);
    await waitFor(() => expect(result.current.counts.unread).toBeDefined());
    expect(result.current.counts.unreadLabel).toBe('99+');
    big.requests.length = 0;
    await act(() => result.current.markAll.mutateAsync());
    await settle(queryClient);
    expect(big.feedOf(SUBSCRIBER, { read: false })).toHaveLength(0);
    expect(result.current.counts.unread).toEqual({ value: 0, exact: true });
    expect(result.current.all.notifications.every((n) => n.isRead)).toBe(true);
    expect(big.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([expect.stringMatching(/\/notifications\/read$/)]);
  });

  it.runIf(!V2)('marks everything read through the proxy, in batches of at most 100 where v1 has no mark-all, and resumes after a failure part-way', async () => {
    const { result, queryClient } = renderInboxHook(() => ({ counts: useCounts(), all: useFeed(), markAll: useMarkAllAs() }), bigV1, { props: { baseUrl: behindProxy(bigV1) } });
    await waitFor(() => expect(result.current.counts.unread).toBeDefined());
    const unread = bigV1.feedOf(SUBSCRIBER, { read: false }).length;
    expect(unread).toBeGreaterThan(100);
    expect(result.current.counts.unreadLabel).toBe('99+');

    bigV1.requests.length = 0;
    // The first batch succeeds, the second fails: at the first attempt and at the provider's two retries,
    // each of which the proxy resumes with that batch.
    bigV1.injectFault({ latencyMs: 0, path: '/mark-as' });
    bigV1.injectFault({ status: 500, path: '/mark-as' }, 3);
    await act(() => result.current.markAll.mutateAsync().catch(() => undefined));
    await settle(queryClient);
    expect(result.current.markAll.isError).toBe(true);
    const left = bigV1.feedOf(SUBSCRIBER, { read: false }).length;
    // v1 has no count: a list of the first 100, so past 100 it is a lower bound.
    await waitFor(() => expect(result.current.counts.unread).toEqual(left >= 100 ? { value: 100, exact: false } : { value: left, exact: true }));

    await act(() => result.current.markAll.mutateAsync());
    await settle(queryClient);
    expect(bigV1.feedOf(SUBSCRIBER, { read: false })).toHaveLength(0);
    await waitFor(() => expect(result.current.counts.unread).toEqual({ value: 0, exact: true }));
    expect(result.current.all.notifications.every((n) => n.isRead)).toBe(true);
    const batches = bigV1.requests.filter((r) => r.path.endsWith('/mark-as') && r.status === 201);
    expect(batches.length).toBeGreaterThanOrEqual(2);
  });
});

describe('preferences', () => {
  function usePrefs() {
    return { prefs: usePreferences(), update: useUpdatePreference() };
  }
  const emailOf = (result: { current: ReturnType<typeof usePrefs> }) =>
    result.current.prefs.preferences?.workflows.find((w) => w.workflow.identifier === 'comment-reply')?.channels.email;

  it('toggles optimistically through the PATCH extension', async () => {
    const { result, queryClient } = renderInboxHook(usePrefs, service);
    await waitFor(() => expect(emailOf(result)).toBe(true));
    service.injectFault({ latencyMs: 300, method: 'PATCH' });
    const slug = result.current.prefs.preferences?.workflows.find((w) => w.workflow.identifier === 'comment-reply')?.workflow.slug;
    act(() => result.current.update.mutate({ workflowId: slug, channel: 'email', enabled: false }));
    await waitFor(() => expect(emailOf(result)).toBe(false));
    expect(result.current.update.isPending).toBe(true);
    await settle(queryClient);
    expect(emailOf(result)).toBe(false);
    expect(result.current.prefs.preferences?.workflows.find((w) => w.workflow.identifier === 'comment-reply')?.overrides).toContainEqual({ channel: 'email', source: 'subscriber' });
  });

  it('rolls back on a 500', async () => {
    const { result, queryClient } = renderInboxHook(usePrefs, service);
    await waitFor(() => expect(emailOf(result)).toBe(true));
    service.injectFault({ status: 500, method: 'PATCH' });
    await act(() => result.current.update.mutateAsync({ workflowId: 'comment-reply', channel: 'email', enabled: false }).catch(() => undefined));
    await settle(queryClient);
    expect(emailOf(result)).toBe(true);
    expect(result.current.update.error?.message).toMatch(/500/);
    expect(result.current.prefs.readOnly).toBe(false);
  });

  it('turns read-only when the service refuses updates', async () => {
    const readOnly = setupMockService({ preferenceUpdates: false });
    const { result, queryClient } = renderInboxHook(usePrefs, readOnly);
    await waitFor(() => expect(result.current.prefs.preferences).toBeDefined());
    await act(() => result.current.update.mutateAsync({ channel: 'email', enabled: false }).catch(() => undefined));
    await settle(queryClient);
    expect(result.current.prefs.readOnly).toBe(true);
    expect(result.current.prefs.readOnlyReason).toMatch(/cannot be changed/);
    expect(result.current.prefs.preferences?.global.channels.email).toBe(true);
  });
});

describe('admin hooks', () => {
  it('broadcast refreshes the feed; set-primary returns the integration', async () => {
    const { result, queryClient } = renderInboxHook(() => ({ feed: useFeed(), broadcast: useBroadcast(), primary: useSetPrimaryIntegration() }), service);
    await waitFor(() => expect(result.current.feed.notifications.length).toBeGreaterThan(0));
    await act(() => result.current.broadcast.mutateAsync({ name: 'product-announcement', payload: { title: 'Hooks are here', body: 'Try them' } }));
    await settle(queryClient);
    expect(result.current.feed.notifications[0]).toMatchObject({ subject: 'Hooks are here', isRead: false });

    const mailgun = service.data.integrations.find((i) => i.identifier === 'mailgun-eu');
    const integration = await act(() => result.current.primary.mutateAsync({ integrationId: mailgun?._id ?? '' }));
    expect(integration).toMatchObject({ primary: true, channel: 'email' });
  });
});

describe('mark-as requests', () => {
  // v2 marks one at a time; v1's mark-as of several is not used (one way of marking in both dialects).
  it('sends one request per notification', async () => {
    const { result, queryClient } = renderInboxHook(() => ({ feed: useFeed({ read: false }), markAs: useMarkAs() }), service);
    await waitFor(() => expect(result.current.feed.notifications.length).toBeGreaterThan(3));
    const ids = idsOf(result.current.feed.notifications.slice(0, 3));
    await act(() => result.current.markAs.mutateAsync({ notificationId: ids, markAs: 'read' }));
    await settle(queryClient);
    expect(markRequests()).toHaveLength(3);
  });
});
