/**
 * The notification store on `client.notifications`, through its hooks, against the reference
 * service: v2 in the `dom` project, v1 through the client's stand-ins in `dom-spec`. Lists read
 * from one table with the pending changes laid over it; no answer erases a pending change; no
 * clock decides anything.
 */
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationStoreProvider } from '../src/hooks/notification-store-context';
import { useNotificationActions } from '../src/hooks/useNotificationActions';
import { useNotificationCounts } from '../src/hooks/useNotificationCounts';
import { useNotifications } from '../src/hooks/useNotifications';
import { createNotificationStore } from '../src/queries/notification-store';
import { setupMockService, SUBSCRIBER, testClient } from './helpers/inbox';

const service = setupMockService();
const v2 = process.env.INBOX_REFERENCE_MODE !== 'spec';
beforeEach(() => service.reset());
afterEach(() => vi.restoreAllMocks());

function useInbox() {
  return {
    all: useNotifications({}, 10),
    unread: useNotifications({ read: false }, 10),
    counts: useNotificationCounts([{ read: false }, { seen: false }]),
    actions: useNotificationActions(),
  };
}

function render() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const urls: string[] = [];
  const late = { reads: 0 };
  // Records each URL; `late.reads` answers of reads are held back 250 ms after the service made them.
  const recording: typeof fetch = async (input, init) => {
    urls.push(String(input instanceof Request ? input.url : input));
    const held = (init?.method ?? 'GET') === 'GET' && late.reads-- > 0;
    const response = await fetch(input, init);
    if (held) await new Promise((resolve) => setTimeout(resolve, 250));
    return response;
  };
  const store = createNotificationStore({ client: testClient(service, { fetch: recording }), subscriberId: SUBSCRIBER, queryClient });
  const wrapper = ({ children }: { children: ReactNode }) => <NotificationStoreProvider store={store}>{children}</NotificationStoreProvider>;
  const rendered = renderHook(useInbox, { wrapper });
  return { ...rendered, queryClient, urls, late };
}

const truth = (filter: { read?: boolean; seen?: boolean } = {}) => service.feedOf(SUBSCRIBER, filter).map((item) => item._id);
const ids = (list: { notifications: { id: string }[] }) => list.notifications.map((n) => n.id);

describe(`the notification store (${v2 ? 'v2' : 'v1 through the stand-ins'})`, () => {
  it('lists newest first as the service does, and the next page continues it with nothing missed or doubled', async () => {
    const { result, urls } = render();
    await waitFor(() => expect(result.current.all.notifications).toHaveLength(10));
    expect(ids(result.current.all)).toEqual(truth().slice(0, 10));
    await act(() => result.current.all.fetchNextPage());
    await waitFor(() => expect(result.current.all.notifications).toHaveLength(20));
    expect(ids(result.current.all)).toEqual(truth().slice(0, 20));
    // The v1 stand-ins page by offset; v2 asks after the last one.
    expect(urls.filter((url) => /\/notifications(\/feed)?\?/.test(url) && /limit=10\b/.test(url)).at(-1)).toMatch(v2 ? /after=/ : /page=1/);
  });

  it('counts exactly, and a notification marked read leaves the Unread list and its count at once, before the service answers', async () => {
    const { result } = render();
    await waitFor(() => expect(result.current.counts.counts && result.current.unread.notifications.length > 0).toBeTruthy());
    const unread = truth({ read: false });
    expect(result.current.counts.counts?.[0]).toEqual({ count: Math.min(unread.length, 100), exact: unread.length < 100 });
    const target = result.current.unread.notifications[0]!.id;
    service.injectFault({ latencyMs: 300, method: v2 ? 'PATCH' : 'POST' });
    let sent!: Promise<void>;
    act(() => void (sent = result.current.actions.markAsRead(target)));
    await waitFor(() => expect(ids(result.current.unread)).not.toContain(target));
    expect(result.current.counts.counts?.[0]?.count).toBe(unread.length - 1);
    expect(result.current.all.notifications.find((n) => n.id === target)?.isRead).toBe(true);
    expect(truth({ read: false })).toContain(target);
    await act(() => sent);
    expect(truth({ read: false })).not.toContain(target);
    await waitFor(() => expect(result.current.counts.counts?.[0]?.count).toBe(unread.length - 1));
  });

  it('a change the service refuses is undone, in the list and the count', async () => {
    const { result } = render();
    await waitFor(() => expect(result.current.counts.counts && result.current.unread.notifications.length > 0).toBeTruthy());
    const before = result.current.counts.counts?.[0]?.count;
    const target = result.current.unread.notifications[0]!.id;
    service.injectFault({ status: 400, method: v2 ? 'PATCH' : 'POST' });
    await act(() => result.current.actions.markAsRead(target).catch(() => undefined));
    await waitFor(() => expect(ids(result.current.unread)).toContain(target));
    expect(result.current.counts.counts?.[0]?.count).toBe(before);
  });

  it('a read sent before a change and answered after it does not undo the change, with the clock set back and forward an hour', async () => {
    const { result, queryClient, late } = render();
    await waitFor(() => expect(result.current.unread.notifications.length).toBeGreaterThan(0));
    const target = result.current.unread.notifications[0]!.id;
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now - 3_600_000);
    // The lists are read again, their answers made before the change and arriving after its answer.
    late.reads = 2;
    const reading = queryClient.refetchQueries({ type: 'active' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    vi.spyOn(Date, 'now').mockReturnValue(now + 3_600_000);
    await act(() => result.current.actions.markAsRead(target));
    await act(() => reading);
    expect(result.current.all.notifications.find((n) => n.id === target)?.isRead).toBe(true);
    expect(ids(result.current.unread)).not.toContain(target);
    // A read sent after the change shows what the service holds.
    await act(() => queryClient.refetchQueries({ type: 'active' }));
    expect(result.current.all.notifications.find((n) => n.id === target)?.isRead).toBe(true);
    expect(ids(result.current.unread)).toEqual(truth({ read: false }).slice(0, result.current.unread.notifications.length));
  });
});
