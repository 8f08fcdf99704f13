/**
 * Two tabs of one app on the notification store, kept in step through a BroadcastChannel without a
 * clock: each writes what the other's answers wrote; the tab that polls tells its counts (with how
 * many of each tab's changes they include) and what arrived. Runs on v2 (`dom`) and v1 (`dom-spec`).
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createInboxAdminClient } from 'inbox-kit/client';
import { useNotificationStore } from '../src/hooks/notification-store-context';
import { useNotificationActions } from '../src/hooks/useNotificationActions';
import { useNotificationCounts } from '../src/hooks/useNotificationCounts';
import { useNotifications } from '../src/hooks/useNotifications';
import type { TabMessage } from '../src/queries/tab-relay';
import { inboxWrapper, setupMockService, SUBSCRIBER, testClient } from './helpers/inbox';

const service = setupMockService();
const v2 = process.env.INBOX_REFERENCE_MODE !== 'spec';
const stops: (() => void)[] = [];
beforeEach(() => service.reset());
afterEach(() => stops.splice(0).forEach((stop) => stop()));

/** A tab: its own provider (QueryClient and store) on the same service, in step with the others; `poll`: it is the one that polls. */
function openTab(poll: number | false = false) {
  const urls: string[] = [];
  const recording: typeof fetch = (input, init) => {
    urls.push(`${init?.method ?? 'GET'} ${String(input instanceof Request ? input.url : input)}`);
    return fetch(input, init);
  };
  const { Wrapper } = inboxWrapper(service, { client: testClient(service, { fetch: recording }), crossTab: true });
  const { result, unmount } = renderHook(
    () => ({
      all: useNotifications({}, 10),
      unread: useNotifications({ read: false }, 10),
      counts: useNotificationCounts([{ read: false }], { refetchInterval: poll }),
      actions: useNotificationActions(),
      store: useNotificationStore('test'),
    }),
    { wrapper: Wrapper },
  );
  stops.push(unmount);
  return { result, urls, get store() { return result.current.store; }, get actions() { return result.current.actions; } };
}

const ids = (list: { notifications: { id: string }[] }) => list.notifications.map((n) => n.id);
const unreadTruth = () => service.feedOf(SUBSCRIBER, { read: false }).length;
const loaded = (tab: ReturnType<typeof openTab>) => waitFor(() => expect(tab.result.current.counts.counts && tab.result.current.unread.notifications.length > 0).toBeTruthy());

describe(`tabs in step (${v2 ? 'v2' : 'v1 through the stand-ins'})`, () => {
  it('a change made in one tab shows in the other, its list and its count, without a request of its own', async () => {
    const a = openTab();
    const b = openTab();
    await Promise.all([loaded(a), loaded(b)]);
    const target = a.result.current.unread.notifications[0]!.id;
    const before = b.result.current.counts.counts![0]!.count;
    const mark = b.urls.length;
    await act(() => a.actions.markAsRead(target));
    await waitFor(() => expect(ids(b.result.current.unread)).not.toContain(target));
    expect(b.result.current.all.notifications.find((n) => n.id === target)?.isRead).toBe(true);
    await waitFor(() => expect(b.result.current.counts.counts?.[0]?.count).toBe(before - 1));
    expect(b.urls.slice(mark)).toEqual([]);
  });

  it('the polling tab’s counts reach the other tab, which keeps its own changes they do not include yet', async () => {
    const leader = openTab(150);
    const other = openTab();
    await Promise.all([loaded(leader), loaded(other)]);
    // The other tab's change: answered, and its counts moved; the leader's next counts are then
    // taken as they come, and include it once the leader has heard of it.
    const target = other.result.current.unread.notifications[0]!.id;
    await act(() => other.actions.markAsRead(target));
    await waitFor(() => expect(other.result.current.counts.counts?.[0]?.count).toBe(unreadTruth()));
    // Several polls later, still right: never undone by a count that predates it.
    for (let i = 0; i < 4; i++) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(other.result.current.counts.counts?.[0]?.count).toBe(unreadTruth());
    }
    expect(other.urls.filter((url) => url.includes('mark') || url.includes('/read'))).toHaveLength(1);
    // Read elsewhere (another device): the polling tab's next count reaches this tab, which asks nothing itself.
    const mark = other.urls.length;
    const elsewhere = service.data.messages.find((m) => m._id === other.result.current.unread.notifications[0]!.id)!;
    elsewhere.read = true;
    await waitFor(() => expect(other.result.current.counts.counts?.[0]?.count).toBe(unreadTruth()));
    expect(other.urls.slice(mark)).toEqual([]);
  });

  it('a count told by a tab that has not heard of this tab’s change is moved by it', async () => {
    const tab = openTab();
    await loaded(tab);
    const target = tab.result.current.unread.notifications[0]!.id;
    const before = tab.result.current.counts.counts![0]!.count;
    await act(() => tab.actions.markAsRead(target));
    await waitFor(() => expect(tab.result.current.counts.counts?.[0]?.count).toBe(before - 1));
    // Another tab's count from before the change, saying it includes none of this tab's changes.
    const sender = new BroadcastChannel(`inbox-kit:${String(tab.store.key[1])}`);
    stops.push(() => sender.close());
    // (A count of two fewer than this tab had, so that taking it as it is would show.)
    const told: TabMessage = { v: 1, kind: 'count', filters: [{ read: false }], counts: [before - 2], capped: [false], acks: {} };
    sender.postMessage(told);
    await waitFor(() => expect(tab.result.current.counts.counts?.[0]?.count).toBe(before - 3));
    // One that says it includes it is taken as it is.
    sender.postMessage({ ...told, counts: [before - 3], acks: { [tab.store.tab]: 1 } });
    await waitFor(() => expect(tab.result.current.counts.counts?.[0]?.count).toBe(before - 3));
    // A message of another version of the protocol is ignored.
    sender.postMessage({ ...told, v: 2, counts: [7], acks: { [tab.store.tab]: 1 } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tab.result.current.counts.counts?.[0]?.count).toBe(before - 3);
  });

  it('what the polling tab found arrives in the other tab’s lists, one poll, no request of the other’s', async () => {
    const leader = openTab(150);
    const other = openTab();
    await Promise.all([loaded(leader), loaded(other)]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const mark = other.urls.length;
    await createInboxAdminClient({ baseUrl: service.baseUrl, apiKey: service.apiKey, dangerouslyAllowBrowser: true }).broadcast({ name: 'product-announcement', payload: { title: 'New', body: 'Seen in both tabs.', url: '/' } });
    const arrived = () => service.feedOf(SUBSCRIBER).find((n) => n.content.includes('Seen in both tabs.'))!._id;
    await waitFor(() => expect(ids(other.result.current.all)[0]).toBe(arrived()));
    expect(ids(other.result.current.unread)[0]).toBe(arrived());
    await waitFor(() => expect(other.result.current.counts.counts?.[0]?.count).toBe(unreadTruth()));
    expect(other.urls.slice(mark)).toEqual([]);
  });

  it('“mark all as read” in one tab marks what another tab holds, notifications the first never loaded included, and empties its count', async () => {
    for (const message of service.data.messages) Object.assign(message, { read: false });
    const deep = openTab();
    const shallow = openTab();
    await Promise.all([loaded(deep), loaded(shallow)]);
    // The deep tab loads more than the shallow one holds.
    await act(() => deep.result.current.all.fetchNextPage());
    await waitFor(() => expect(deep.result.current.all.notifications.length).toBeGreaterThan(10));
    await act(() => shallow.actions.markAllAsRead());
    await waitFor(() => expect(deep.result.current.all.notifications.every((n) => n.isRead)).toBe(true));
    expect(deep.result.current.unread.notifications).toEqual([]);
    await waitFor(() => expect(deep.result.current.counts.counts?.[0]).toEqual({ count: 0, exact: true }));
    expect(unreadTruth()).toBe(0);
  });
});
