/** Seen-on-view batching, honest counts, polling, focus and reconnect, and cross-tab sync. */
import { focusManager, onlineManager } from '@tanstack/react-query';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StrictMode, type ReactNode } from 'react';
import { useCounts, useFeed, useMarkAs, useSeenOnView, type FeedItem } from 'inbox-kit';
import { useBroadcast } from 'inbox-kit/admin';
import { inboxWrapper, renderInboxHook, settle, setupMockService, SUBSCRIBER, testClient } from './helpers/inbox';

const service = setupMockService();
const unreliable = setupMockService({ mode: 'deployed', messages: 250 });
beforeEach(() => {
  service.reset();
  unreliable.reset();
});

/** A stand-in IntersectionObserver (jsdom has none) that tests make elements visible through. */
class FakeIntersectionObserver {
  static instances = new Set<FakeIntersectionObserver>();
  readonly elements = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.add(this);
  }
  observe(element: Element) {
    this.elements.add(element);
  }
  unobserve(element: Element) {
    this.elements.delete(element);
  }
  disconnect() {
    this.elements.clear();
    FakeIntersectionObserver.instances.delete(this);
  }
  takeRecords() {
    return [];
  }
  static showAll() {
    for (const observer of [...FakeIntersectionObserver.instances]) {
      const entries = [...observer.elements].map((target) => ({ target, isIntersecting: true, intersectionRatio: 1 }) as unknown as IntersectionObserverEntry);
      if (entries.length > 0) observer.callback(entries, observer as unknown as IntersectionObserver);
    }
  }
}

describe('seen on view', () => {
  beforeEach(() => vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver));
  afterEach(() => vi.unstubAllGlobals());

  function Item({ notification }: { notification: FeedItem }) {
    const ref = useSeenOnView(notification);
    return <li ref={ref}>{notification.content}</li>;
  }
  function Feed() {
    const { notifications } = useFeed({ limit: 40 });
    return <ul>{notifications.map((n) => <Item key={n._id} notification={n} />)}</ul>;
  }

  it('marks every visible unseen item seen in one request per window', async () => {
    const { Wrapper, queryClient } = inboxWrapper(service, { seenBatchMs: 50 });
    const view = render(<Feed />, { wrapper: Wrapper });
    await waitFor(() => expect(view.getAllByRole('listitem')).toHaveLength(40));
    const unseen = service.feedOf(SUBSCRIBER, { seen: false }).slice(0, 40).filter((n) => service.feedOf(SUBSCRIBER).slice(0, 40).some((m) => m._id === n._id));
    expect(unseen.length).toBeGreaterThan(5);
    act(() => FakeIntersectionObserver.showAll());
    await waitFor(() => expect(service.requests.filter((r) => r.path.endsWith('/mark-as'))).toHaveLength(1));
    await settle(queryClient);
    const requests = service.requests.filter((r) => r.path.endsWith('/mark-as'));
    expect(requests).toHaveLength(1);
    for (const n of unseen) expect(service.feedOf(SUBSCRIBER).find((m) => m._id === n._id)?.seen).toBe(true);
    // Seen items are not observed again.
    act(() => FakeIntersectionObserver.showAll());
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(service.requests.filter((r) => r.path.endsWith('/mark-as'))).toHaveLength(1);
  });

  it('does not send a failed seen mark again while the items stay on screen (no loop during an outage)', async () => {
    const { Wrapper } = inboxWrapper(service, { seenBatchMs: 20 });
    const view = render(<Feed />, { wrapper: Wrapper });
    await waitFor(() => expect(view.getAllByRole('listitem')).toHaveLength(40));
    // The connection drops after a while: the rows show seen meanwhile, then roll back to unseen.
    service.injectFault({ drop: 'before', latencyMs: 50, path: '/mark-as' });
    act(() => FakeIntersectionObserver.showAll());
    await waitFor(() => expect(service.requests.filter((r) => r.path.endsWith('/mark-as'))).toHaveLength(1));
    // Rolled back to unseen, still on screen: seen again and again, but not sent again for now.
    for (let i = 0; i < 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 40));
      act(() => FakeIntersectionObserver.showAll());
    }
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(service.requests.filter((r) => r.path.endsWith('/mark-as'))).toHaveLength(1);
  });
});

describe('counts the service cannot vouch for', () => {
  it('reports a lower bound, shown as 99+, when totalCount is only the page size', async () => {
    for (const message of unreliable.data.messages) message.read = false;
    const { result } = renderInboxHook(() => useCounts(), unreliable);
    await waitFor(() => expect(result.current.unread).toBeDefined());
    expect(result.current.unread).toEqual({ value: 101, exact: false });
    expect(result.current.unreadLabel).toBe('99+');
  });

  it('stays exact when the whole list fits in one page', async () => {
    const expected = unreliable.feedOf(SUBSCRIBER, { seen: false }).length;
    expect(expected).toBeLessThan(100);
    const { result } = renderInboxHook(() => useCounts(), unreliable);
    await waitFor(() => expect(result.current.unseen).toBeDefined());
    expect(result.current.unseen).toEqual({ value: expected, exact: true });
  });
});

describe('freshness', () => {
  afterEach(() => {
    focusManager.setFocused(undefined);
    onlineManager.setOnline(true);
  });

  const broadcastNow = (title: string) =>
    service.handle(
      new Request(`${service.baseUrl}/v1/events/trigger/broadcast`, {
        method: 'POST',
        headers: { Authorization: `ApiKey ${service.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'product-announcement', payload: { title, body: 'x' } }),
      }),
    );

  it('polls and shows a new notification within the interval', async () => {
    const { result } = renderInboxHook(() => useFeed(), service, { props: { pollInterval: 100 } });
    await waitFor(() => expect(result.current.notifications.length).toBeGreaterThan(0));
    await broadcastNow('Fresh from the poll');
    await waitFor(() => expect(result.current.notifications[0]?.subject).toBe('Fresh from the poll'), { timeout: 2_000 });
  });

  it('a notification marked unread on another device shows unread after the next poll, and joins the Unread tab', async () => {
    const { result } = renderInboxHook(() => ({ all: useFeed(), unread: useFeed({ read: false }) }), service, { props: { pollInterval: 100 } });
    await waitFor(() => expect(result.current.all.notifications.length && result.current.unread.notifications.length).toBeTruthy());
    const oldestUnread = result.current.unread.notifications.at(-1)?.createdAt ?? '';
    // A read one newer than the oldest unread loaded: its place is within what the Unread tab holds.
    const target = result.current.all.notifications.find((n) => n.read && (n.createdAt ?? '') > oldestUnread);
    if (!target) throw new Error('no read notification among the unread ones');
    // Another device: straight to the service.
    await testClient(service).markAs({ subscriberId: SUBSCRIBER, messageId: [target._id], markAs: 'unread' });
    await waitFor(() => expect(result.current.all.notifications.find((n) => n._id === target._id)?.read).toBe(false), { timeout: 2_000 });
    expect(result.current.unread.notifications.some((n) => n._id === target._id)).toBe(true);
  });

  it('does not poll while the tab is hidden, and refetches when it is shown again', async () => {
    const { result } = renderInboxHook(() => useCounts(), service, { props: { pollInterval: 50 } });
    await waitFor(() => expect(result.current.unread).toBeDefined());
    act(() => focusManager.setFocused(false));
    await new Promise((resolve) => setTimeout(resolve, 60));
    const before = service.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(service.requests.length).toBe(before);
    await broadcastNow('While hidden');
    act(() => focusManager.setFocused(true));
    await waitFor(() => expect(result.current.unread?.value).toBe(service.feedOf(SUBSCRIBER, { read: false }).length));
  });

  it('refetches on reconnect', async () => {
    const { result } = renderInboxHook(() => useCounts(), service);
    await waitFor(() => expect(result.current.unread).toBeDefined());
    const before = result.current.unread?.value ?? 0;
    act(() => onlineManager.setOnline(false));
    await broadcastNow('Back online');
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(result.current.unread?.value).toBe(before + 1));
  });
});

describe('after a failed refetch', () => {
  it('a shown feed whose refetch failed, then took a change, is read again once the service answers a poll', async () => {
    const { Wrapper, queryClient } = inboxWrapper(service);
    const { result } = renderHook(() => ({ feed: useFeed(), counts: useCounts(), markAs: useMarkAs() }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.feed.notifications.length && result.current.counts.unread).toBeTruthy());
    const [target, other] = result.current.feed.notifications.filter((n) => n.read);
    if (!target || !other) throw new Error('two read notifications needed');
    service.injectFault({ drop: 'before', path: '/notifications/feed' });
    await act(() => queryClient.invalidateQueries({ queryKey: ['inbox-kit'], predicate: (query) => query.queryKey[2] === 'feed' }));
    await waitFor(() => expect(result.current.feed.isError).toBe(true));
    // The reader's change is written into the feed, which hides its failed refetch.
    await act(() => result.current.markAs.mutateAsync({ messageId: other._id, markAs: 'unread' }));
    // Rendered once TanStack Query notifies (its own tick), which may come after the answer.
    await waitFor(() => expect(result.current.feed.isError).toBe(false));
    // Marked unread elsewhere, which only reading the feed again can show.
    const message = service.data.messages.find((m) => m._id === target._id);
    if (message) message.read = false;
    await act(() => queryClient.refetchQueries({ queryKey: ['inbox-kit'], predicate: (query) => query.queryKey[2] === 'counts' }));
    await waitFor(() => expect(result.current.feed.notifications.find((n) => n._id === target._id)?.read).toBe(false));
  });
});

describe('after a failed refetch, in a tab that does not poll', () => {
  it('a shown feed whose refetch failed, then took a change, is read again when the polling tab hears the service', async () => {
    const tabA = inboxWrapper(service, { crossTab: true });
    const tabB = inboxWrapper(service, { crossTab: true });
    const a = renderHook(() => useCounts(), { wrapper: tabA.Wrapper });
    const b = renderHook(() => ({ feed: useFeed(), markAs: useMarkAs() }), { wrapper: tabB.Wrapper });
    await waitFor(() => expect(a.result.current.unread && b.result.current.feed.notifications.length).toBeTruthy());
    const [target, other] = b.result.current.feed.notifications.filter((n) => n.read);
    if (!target || !other) throw new Error('two read notifications needed');
    service.injectFault({ drop: 'before', path: '/notifications/feed' });
    await act(() => tabB.queryClient.invalidateQueries({ queryKey: ['inbox-kit'], predicate: (query) => query.queryKey[2] === 'feed' }));
    await waitFor(() => expect(b.result.current.feed.isError).toBe(true));
    await act(() => b.result.current.markAs.mutateAsync({ messageId: other._id, markAs: 'unread' }));
    await waitFor(() => expect(b.result.current.feed.isError).toBe(false));
    const message = service.data.messages.find((m) => m._id === target._id);
    if (message) message.read = false;
    // Tab A polls: the service answers, and tab B hears of it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
    await act(() => tabA.queryClient.refetchQueries({ queryKey: ['inbox-kit'], predicate: (query) => query.queryKey[2] === 'counts' }));
    await waitFor(() => expect(b.result.current.feed.notifications.find((n) => n._id === target._id)?.read).toBe(false));
    // Read again, not only mended from the count: nothing shown is left marked as unvouched for.
    const marked = () => tabB.queryClient.getQueryCache().findAll({ queryKey: ['inbox-kit'], type: 'active', predicate: ({ state }) => state.isInvalidated && state.fetchStatus === 'idle' });
    await waitFor(() => expect(marked()).toEqual([]));
  });
});

describe('cross-tab sync', () => {
  it('survives React StrictMode’s remount (the channel and cache listeners reconnect)', async () => {
    const tabA = inboxWrapper(service, { crossTab: true });
    const tabB = inboxWrapper(service, { crossTab: true });
    const strict = (Wrapper: typeof tabA.Wrapper) =>
      function Strict({ children }: { children: ReactNode }) {
        return (
          <StrictMode>
            <Wrapper>{children}</Wrapper>
          </StrictMode>
        );
      };
    const a = renderHook(() => ({ broadcast: useBroadcast(), markAs: useMarkAs(), feed: useFeed() }), { wrapper: strict(tabA.Wrapper) });
    const b = renderHook(() => useFeed(), { wrapper: strict(tabB.Wrapper) });
    await waitFor(() => expect(a.result.current.feed.notifications.length && b.result.current.notifications.length).toBeTruthy());
    await act(() => a.result.current.broadcast.mutateAsync({ name: 'product-announcement', payload: { title: 'Strict', body: 'x' } }));
    await waitFor(() => expect(b.result.current.notifications[0]?.subject).toBe('Strict'));
    const id = b.result.current.notifications[0]?._id ?? '';
    await act(() => a.result.current.markAs.mutateAsync({ messageId: id, markAs: 'read' }));
    await waitFor(() => expect(b.result.current.notifications.find((n) => n._id === id)?.read).toBe(true));
  });

  it('a change in one tab reaches another tab without a poll or a request', async () => {
    const tabA = inboxWrapper(service, { crossTab: true });
    const tabB = inboxWrapper(service, { crossTab: true });
    const a = renderHook(() => ({ feed: useFeed(), markAs: useMarkAs() }), { wrapper: tabA.Wrapper });
    const b = renderHook(() => ({ feed: useFeed(), counts: useCounts() }), { wrapper: tabB.Wrapper });
    await waitFor(() => expect(a.result.current.feed.notifications.length && b.result.current.counts.unread).toBeTruthy());
    const target = b.result.current.feed.notifications.find((n) => !n.read);
    if (!target) throw new Error('no unread');
    const unreadInB = b.result.current.counts.unread?.value ?? 0;
    await settle(tabB.queryClient);
    const requestsBefore = service.requests.length;

    await act(() => a.result.current.markAs.mutateAsync({ messageId: target._id, markAs: 'read' }));
    await waitFor(() => expect(b.result.current.feed.notifications.find((n) => n._id === target._id)?.read).toBe(true));
    expect(b.result.current.counts.unread?.value).toBe(unreadInB - 1);
    // Tab B fetched nothing for it: only tab A's mark-as (and its own refresh) reached the service.
    await settle(tabA.queryClient);
    const fromB = service.requests.slice(requestsBefore).filter((r) => r.path.endsWith('/mark-as'));
    expect(fromB).toHaveLength(1);
  });

  it('a change whose answer was lost is read afresh in the other tabs too, which heard of it and of its rollback', async () => {
    const tabA = inboxWrapper(service, { crossTab: true });
    const tabB = inboxWrapper(service, { crossTab: true });
    const a = renderHook(() => ({ feed: useFeed(), markAs: useMarkAs() }), { wrapper: tabA.Wrapper });
    const b = renderHook(() => useFeed(), { wrapper: tabB.Wrapper });
    await waitFor(() => expect(a.result.current.feed.notifications.length && b.result.current.notifications.length).toBeTruthy());
    const target = b.result.current.notifications.find((n) => n.read);
    if (!target) throw new Error('no read notification');
    // Marked unread: the service applies it, then the connection drops. Tab A cannot know, and rolls
    // back; tab B heard of the change and its rollback. Neither polls: they read afresh on their own.
    service.injectFault({ drop: 'after', path: '/mark-as' });
    await act(() => a.result.current.markAs.mutateAsync({ messageId: target._id, markAs: 'unread' }).catch(() => undefined));
    expect(service.feedOf(SUBSCRIBER).find((n) => n._id === target._id)?.read).toBe(false);
    await waitFor(() => expect(a.result.current.feed.notifications.find((n) => n._id === target._id)?.read).toBe(false));
    await waitFor(() => expect(b.result.current.notifications.find((n) => n._id === target._id)?.read).toBe(false));
  });

  it('a count another tab asked for before this tab changed a notification does not undo the change', async () => {
    const tabA = inboxWrapper(service, { crossTab: true });
    const a = renderHook(() => ({ feed: useFeed(), markAs: useMarkAs() }), { wrapper: tabA.Wrapper });
    await waitFor(() => expect(a.result.current.feed.notifications.length).toBeTruthy());
    const target = a.result.current.feed.notifications.find((n) => !n.read);
    if (!target) throw new Error('no unread notification');
    await act(() => a.result.current.markAs.mutateAsync({ messageId: target._id, markAs: 'read' }));
    // The polling tab's count, answered before the service applied the change, arrives after it.
    const scope = tabA.queryClient.getQueryCache().findAll({ queryKey: ['inbox-kit'] })[0]?.queryKey[1];
    const otherTab = new BroadcastChannel(`inbox-kit:${String(scope)}`);
    const count = (startedAt: number) => ({ kind: 'count', which: 'unread', data: { count: { value: 1, exact: true }, items: [{ ...target, read: false }], complete: true }, startedAt });
    otherTab.postMessage(count(Date.now() - 5_000));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(a.result.current.feed.notifications.find((n) => n._id === target._id)?.read).toBe(true);
    // The same count asked for after the change: the notification was marked unread elsewhere since.
    otherTab.postMessage(count(Date.now() + 1));
    await waitFor(() => expect(a.result.current.feed.notifications.find((n) => n._id === target._id)?.read).toBe(false));
    otherTab.close();
  });

  it('a feed marked for refetching stays marked when another change is written into it', async () => {
    const tabA = inboxWrapper(service, { crossTab: true });
    const tabB = inboxWrapper(service, { crossTab: true });
    const a = renderHook(() => ({ feed: useFeed(), markAs: useMarkAs() }), { wrapper: tabA.Wrapper });
    let shownInB: FeedItem[] = [];
    function FeedInB() {
      shownInB = useFeed().notifications;
      return null;
    }
    const b = render(<FeedInB />, { wrapper: tabB.Wrapper });
    await waitFor(() => expect(a.result.current.feed.notifications.length && shownInB.length).toBeTruthy());
    const [lost, other] = shownInB.filter((n) => n.read);
    if (!lost || !other) throw new Error('two read notifications needed');
    // Tab B no longer shows its feed: the feed stays in its cache, to be read afresh when shown again.
    b.rerender(<></>);
    service.injectFault({ drop: 'after', path: '/mark-as' });
    await act(() => a.result.current.markAs.mutateAsync({ messageId: lost._id, markAs: 'unread' }).catch(() => undefined));
    await act(() => a.result.current.markAs.mutateAsync({ messageId: other._id, markAs: 'unread' }));
    await waitFor(() => {
      const [query] = tabB.queryClient.getQueryCache().findAll({ queryKey: ['inbox-kit'] }).filter((q) => (q.state.data as { pages?: unknown } | undefined)?.pages);
      const items = (query?.state.data as { pages: { data: FeedItem[] }[] }).pages.flatMap((page) => page.data);
      expect(items.find((n) => n._id === other._id)?.read).toBe(false);
      // What it holds of the lost change is either right, or still to be read afresh.
      expect(query?.state.isInvalidated || items.find((n) => n._id === lost._id)?.read === false).toBe(true);
    });
  });
});
