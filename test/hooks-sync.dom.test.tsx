/** Seen-on-view batching, honest counts, polling, focus and reconnect, and cross-tab sync. */
import { focusManager, onlineManager } from '@tanstack/react-query';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StrictMode, type ReactNode } from 'react';
import { useCounts, useFeed, useMarkAs, useSeenOnView, type InboxNotification } from 'inbox-kit';
import { useBroadcast } from 'inbox-kit/admin';
import type { TabMessage } from '../src/queries/tab-relay';
import { LIST_PATH, MARK_PATH, SEEN_PATH } from './helpers/dialect';
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

  function Item({ notification }: { notification: InboxNotification }) {
    const ref = useSeenOnView(notification);
    return <li ref={ref}>{notification.body}</li>;
  }
  function Feed() {
    const { notifications } = useFeed({ limit: 40 });
    return <ul>{notifications.map((n) => <Item key={n.id} notification={n} />)}</ul>;
  }
  const seenRequests = () => service.requests.filter((r) => SEEN_PATH.test(r.path));

  it('marks every visible unseen item seen in one request per window', async () => {
    const { Wrapper, queryClient } = inboxWrapper(service, { seenBatchMs: 50 });
    const view = render(<Feed />, { wrapper: Wrapper });
    await waitFor(() => expect(view.getAllByRole('listitem')).toHaveLength(40));
    const unseen = service.feedOf(SUBSCRIBER, { seen: false }).slice(0, 40).filter((n) => service.feedOf(SUBSCRIBER).slice(0, 40).some((m) => m._id === n._id));
    expect(unseen.length).toBeGreaterThan(5);
    act(() => FakeIntersectionObserver.showAll());
    await waitFor(() => expect(seenRequests()).toHaveLength(1));
    await settle(queryClient);
    const requests = seenRequests();
    expect(requests).toHaveLength(1);
    for (const n of unseen) expect(service.feedOf(SUBSCRIBER).find((m) => m._id === n._id)?.seen).toBe(true);
    // Seen items are not observed again.
    act(() => FakeIntersectionObserver.showAll());
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(seenRequests()).toHaveLength(1);
  });

  it('does not send a failed seen mark again while the items stay on screen (no loop during an outage)', async () => {
    const { Wrapper } = inboxWrapper(service, { seenBatchMs: 20 });
    const view = render(<Feed />, { wrapper: Wrapper });
    await waitFor(() => expect(view.getAllByRole('listitem')).toHaveLength(40));
    // The connection drops after a while: the rows show seen meanwhile, then roll back to unseen.
    service.injectFault({ drop: 'before', latencyMs: 50, path: SEEN_PATH });
    act(() => FakeIntersectionObserver.showAll());
    await waitFor(() => expect(seenRequests()).toHaveLength(1));
    // Rolled back to unseen, still on screen: seen again and again, but not sent again for now.
    for (let i = 0; i < 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 40));
      act(() => FakeIntersectionObserver.showAll());
    }
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(seenRequests()).toHaveLength(1);
  });
});

describe('counts the service cannot vouch for', () => {
  it('reports a lower bound, shown as 99+, past the 100 the service counts', async () => {
    for (const message of unreliable.data.messages) message.read = false;
    const { result } = renderInboxHook(() => useCounts(), unreliable);
    await waitFor(() => expect(result.current.unread).toBeDefined());
    expect(result.current.unread).toEqual({ value: 100, exact: false });
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
    await waitFor(() => expect(result.current.notifications[0]?.subject).toBe('Fresh from the poll'));
  });

  it('a notification marked unread on another device shows unread after the next poll, and joins the Unread tab', async () => {
    const { result } = renderInboxHook(() => ({ all: useFeed(), unread: useFeed({ read: false }) }), service, { props: { pollInterval: 100 } });
    await waitFor(() => expect(result.current.all.notifications.length && result.current.unread.notifications.length).toBeTruthy());
    const oldestUnread = result.current.unread.notifications.at(-1)?.createdAt ?? '';
    // A read one newer than the oldest unread loaded: its place is within what the Unread tab holds.
    const target = result.current.all.notifications.find((n) => n.isRead && n.createdAt > oldestUnread);
    if (!target) throw new Error('no read notification among the unread ones');
    // Another device: straight to the service.
    await testClient(service).markAs({ subscriberId: SUBSCRIBER, messageId: [target.id], markAs: 'unread' });
    await waitFor(() => expect(result.current.all.notifications.find((n) => n.id === target.id)?.isRead).toBe(false));
    expect(result.current.unread.notifications.some((n) => n.id === target.id)).toBe(true);
  });

  it('a notification deleted on another device leaves every list the next read covers; one read there leaves the Unread tab', async () => {
    const { result } = renderInboxHook(() => ({ all: useFeed(), unread: useFeed({ read: false }) }), service);
    await waitFor(() => expect(result.current.all.notifications.length && result.current.unread.notifications.length > 1).toBeTruthy());
    const [gone, read] = result.current.unread.notifications;
    // Another device: straight to the service (v1 has no delete: its inbox forgets one read elsewhere).
    const client = testClient(service);
    const { delete: deletes } = await client.capabilities({ subscriberId: SUBSCRIBER });
    if (deletes) await client.notifications.delete({ subscriberId: SUBSCRIBER, notificationId: gone!.id });
    else await client.markAs({ subscriberId: SUBSCRIBER, messageId: [gone!.id], markAs: 'read' });
    await client.markAs({ subscriberId: SUBSCRIBER, messageId: [read!.id], markAs: 'read' });
    await act(() => result.current.unread.refetch());
    expect(result.current.unread.notifications.map((n) => n.id)).not.toContain(gone!.id);
    expect(result.current.unread.notifications.map((n) => n.id)).not.toContain(read!.id);
    // Read elsewhere is not gone: the All feed, which has not read since, still shows it.
    await act(() => result.current.all.refetch());
    if (deletes) expect(result.current.all.notifications.map((n) => n.id)).not.toContain(gone!.id);
    expect(result.current.all.notifications.find((n) => n.id === read!.id)?.isRead).toBe(true);
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
  it('a shown feed whose refetch failed keeps what it showed, takes changes, and shows what a later poll finds', async () => {
    const { Wrapper, queryClient } = inboxWrapper(service);
    const { result } = renderHook(() => ({ feed: useFeed(), counts: useCounts(), markAs: useMarkAs() }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.feed.notifications.length && result.current.counts.unread).toBeTruthy());
    const [target, other] = result.current.feed.notifications.filter((n) => n.isRead);
    if (!target || !other) throw new Error('two read notifications needed');
    const shown = result.current.feed.notifications.length;
    service.injectFault({ drop: 'before', path: LIST_PATH });
    await act(() => queryClient.invalidateQueries({ queryKey: ['inbox-kit'], predicate: (query) => query.queryKey[3] === 'list' }));
    await waitFor(() => expect(result.current.feed.isError).toBe(true));
    expect(result.current.feed.notifications).toHaveLength(shown);
    // The reader's change shows in it all the same.
    await act(() => result.current.markAs.mutateAsync({ notificationId: other.id, markAs: 'unread' }));
    await waitFor(() => expect(result.current.feed.notifications.find((n) => n.id === other.id)?.isRead).toBe(false));
    // Marked unread elsewhere, which only the service can tell: the next poll shows it.
    const message = service.data.messages.find((m) => m._id === target.id);
    if (message) message.read = false;
    await act(() => queryClient.refetchQueries({ queryKey: ['inbox-kit'], predicate: (query) => query.queryKey[3] === 'count' }));
    await waitFor(() => expect(result.current.feed.notifications.find((n) => n.id === target.id)?.isRead).toBe(false));
  });
});

describe('after a failed refetch, in a tab that does not poll', () => {
  it('a shown feed whose refetch failed shows what the polling tab finds', async () => {
    const tabA = inboxWrapper(service, { crossTab: true });
    const tabB = inboxWrapper(service, { crossTab: true });
    const a = renderHook(() => useCounts(), { wrapper: tabA.Wrapper });
    const b = renderHook(() => ({ feed: useFeed(), markAs: useMarkAs() }), { wrapper: tabB.Wrapper });
    await waitFor(() => expect(a.result.current.unread && b.result.current.feed.notifications.length).toBeTruthy());
    const [target, other] = b.result.current.feed.notifications.filter((n) => n.isRead);
    if (!target || !other) throw new Error('two read notifications needed');
    service.injectFault({ drop: 'before', path: LIST_PATH });
    await act(() => tabB.queryClient.invalidateQueries({ queryKey: ['inbox-kit'], predicate: (query) => query.queryKey[3] === 'list' }));
    await waitFor(() => expect(b.result.current.feed.isError).toBe(true));
    await act(() => b.result.current.markAs.mutateAsync({ notificationId: other.id, markAs: 'unread' }));
    const message = service.data.messages.find((m) => m._id === target.id);
    if (message) message.read = false;
    // Tab A polls: the service answers, and tab B hears of it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
    await act(() => tabA.queryClient.refetchQueries({ queryKey: ['inbox-kit'], predicate: (query) => query.queryKey[3] === 'count' }));
    await waitFor(() => expect(b.result.current.feed.notifications.find((n) => n.id === target.id)?.isRead).toBe(false));
    expect(b.result.current.feed.notifications.find((n) => n.id === other.id)?.isRead).toBe(false);
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
    const id = b.result.current.notifications[0]?.id ?? '';
    await act(() => a.result.current.markAs.mutateAsync({ notificationId: id, markAs: 'read' }));
    await waitFor(() => expect(b.result.current.notifications.find((n) => n.id === id)?.isRead).toBe(true));
  });

  it('a change in one tab reaches another tab without a poll or a request', async () => {
    const tabA = inboxWrapper(service, { crossTab: true });
    const tabB = inboxWrapper(service, { crossTab: true });
    const a = renderHook(() => ({ feed: useFeed(), markAs: useMarkAs() }), { wrapper: tabA.Wrapper });
    const b = renderHook(() => ({ feed: useFeed(), counts: useCounts() }), { wrapper: tabB.Wrapper });
    await waitFor(() => expect(a.result.current.feed.notifications.length && b.result.current.counts.unread).toBeTruthy());
    const target = b.result.current.feed.notifications.find((n) => !n.isRead);
    if (!target) throw new Error('no unread');
    const unreadInB = b.result.current.counts.unread?.value ?? 0;
    await settle(tabB.queryClient);
    const requestsBefore = service.requests.length;

    await act(() => a.result.current.markAs.mutateAsync({ notificationId: target.id, markAs: 'read' }));
    await waitFor(() => expect(b.result.current.feed.notifications.find((n) => n.id === target.id)?.isRead).toBe(true));
    await waitFor(() => expect(b.result.current.counts.unread?.value).toBe(unreadInB - 1));
    // Nothing was read for it: tab A's change is the only request.
    await settle(tabA.queryClient);
    expect(service.requests.slice(requestsBefore).map((r) => r.path)).toEqual([expect.stringMatching(MARK_PATH)]);
  });

  it('a change whose answer was lost is read afresh in the other tabs too, which heard of it and of its rollback', async () => {
    const tabA = inboxWrapper(service, { crossTab: true });
    const tabB = inboxWrapper(service, { crossTab: true });
    const a = renderHook(() => ({ feed: useFeed(), markAs: useMarkAs() }), { wrapper: tabA.Wrapper });
    const b = renderHook(() => useFeed(), { wrapper: tabB.Wrapper });
    await waitFor(() => expect(a.result.current.feed.notifications.length && b.result.current.notifications.length).toBeTruthy());
    const target = b.result.current.notifications.find((n) => n.isRead);
    if (!target) throw new Error('no read notification');
    // Marked unread: the service applies it, then the connection drops. Tab A cannot know, and rolls
    // back; tab B heard of the change and its rollback. Neither polls: they read afresh on their own.
    service.injectFault({ drop: 'after', path: MARK_PATH });
    await act(() => a.result.current.markAs.mutateAsync({ notificationId: target.id, markAs: 'unread' }).catch(() => undefined));
    expect(service.feedOf(SUBSCRIBER).find((n) => n._id === target.id)?.read).toBe(false);
    await waitFor(() => expect(a.result.current.feed.notifications.find((n) => n.id === target.id)?.isRead).toBe(false));
    await waitFor(() => expect(b.result.current.notifications.find((n) => n.id === target.id)?.isRead).toBe(false));
  });

  it('a read another tab sent before this tab’s change, arriving after it, does not undo the change; one sent after it is taken', async () => {
    const tabA = inboxWrapper(service, { crossTab: true });
    const a = renderHook(() => ({ feed: useFeed(), markAs: useMarkAs() }), { wrapper: tabA.Wrapper });
    await waitFor(() => expect(a.result.current.feed.notifications.length).toBeTruthy());
    const target = a.result.current.feed.notifications.find((n) => !n.isRead);
    if (!target) throw new Error('no unread notification');
    const scope = tabA.queryClient.getQueryCache().findAll({ queryKey: ['inbox-kit'] })[0]?.queryKey[1];
    const otherTab = new BroadcastChannel(`inbox-kit:${String(scope)}`);
    // Tab A tells of its answered change: who it is, and how many changes it has answered.
    const told = new Promise<{ from: string; n: number }>((resolve) => {
      otherTab.onmessage = ({ data }: MessageEvent<TabMessage>) => {
        if (data.kind === 'answered') resolve(data.origin);
      };
    });
    await act(() => a.result.current.markAs.mutateAsync({ notificationId: target.id, markAs: 'read' }));
    const origin = await told;
    // The polling tab's read, sent before it heard of the change (it holds none of tab A's), arrives after it.
    const rows = (acks: Record<string, number>): TabMessage => ({ v: 1, kind: 'rows', head: { rows: [{ ...target, isRead: false }], acks } });
    otherTab.postMessage(rows({}));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(a.result.current.feed.notifications.find((n) => n.id === target.id)?.isRead).toBe(true);
    // The same read sent after it had heard of it: the notification was marked unread elsewhere since.
    otherTab.postMessage(rows({ [origin.from]: origin.n }));
    await waitFor(() => expect(a.result.current.feed.notifications.find((n) => n.id === target.id)?.isRead).toBe(false));
    otherTab.close();
  });

  it('a tab that hid its feed reads it afresh when shown again after another tab’s change with no clear answer', async () => {
    const tabA = inboxWrapper(service, { crossTab: true });
    const tabB = inboxWrapper(service, { crossTab: true });
    const a = renderHook(() => ({ feed: useFeed(), markAs: useMarkAs() }), { wrapper: tabA.Wrapper });
    let shownInB: InboxNotification[] = [];
    function FeedInB() {
      shownInB = useFeed().notifications;
      return null;
    }
    const b = render(<FeedInB />, { wrapper: tabB.Wrapper });
    await waitFor(() => expect(a.result.current.feed.notifications.length && shownInB.length).toBeTruthy());
    const [lost, other] = shownInB.filter((n) => n.isRead);
    if (!lost || !other) throw new Error('two read notifications needed');
    // Tab B no longer shows its feed: the feed stays in its cache.
    b.rerender(<></>);
    service.injectFault({ drop: 'after', path: MARK_PATH });
    await act(() => a.result.current.markAs.mutateAsync({ notificationId: lost.id, markAs: 'unread' }).catch(() => undefined));
    await act(() => a.result.current.markAs.mutateAsync({ notificationId: other.id, markAs: 'unread' }));
    b.rerender(<FeedInB />);
    await waitFor(() => {
      expect(shownInB.find((n) => n.id === other.id)?.isRead).toBe(false);
      // The service applied the lost change: shown again, the feed says so.
      expect(shownInB.find((n) => n.id === lost.id)?.isRead).toBe(false);
    });
  });
});
