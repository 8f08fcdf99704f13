/**
 * The notification store on `client.notifications`, through its hooks, against the reference
 * service: v2 in the `dom` project, v1 through the client's stand-ins in `dom-spec`. Lists read
 * from one table with the pending changes laid over it; no answer erases a pending change; no
 * clock decides anything.
 */
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNotificationActions } from '../src/hooks/useNotificationActions';
import { useNotificationCounts } from '../src/hooks/useNotificationCounts';
import { useNotifications } from '../src/hooks/useNotifications';
import { createInboxAdminClient } from 'inbox-kit/client';
import { inboxWrapper, setupMockService, SUBSCRIBER, testClient } from './helpers/inbox';

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

function render<T = ReturnType<typeof useInbox>>(hook: () => T = useInbox as () => T) {
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
  // `hold()`: reads of a list wait on their way until the function it returns is called.
  let held: Promise<void> | undefined;
  const holding: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (held && (init?.method ?? 'GET') === 'GET' && /\/notifications(\/feed)?\?/.test(url)) await held;
    return recording(input, init);
  };
  const hold = () => {
    let release!: () => void;
    held = new Promise((resolve) => (release = resolve));
    return () => {
      held = undefined;
      release();
    };
  };
  const { Wrapper } = inboxWrapper(service, { client: testClient(service, { fetch: holding }), queryClient });
  const rendered = renderHook(hook, { wrapper: Wrapper });
  return { ...rendered, queryClient, urls, late, hold };
}

const truth = (filter: { read?: boolean; seen?: boolean } = {}) => service.feedOf(SUBSCRIBER, filter).map((item) => item._id);
/** Every notification of the subscriber unread (at least twenty of them), so the Unread list has pages. */
function allUnread() {
  for (const message of service.data.messages) if (message._subscriberId === service.data.subscribers.find((s) => s.subscriberId === SUBSCRIBER)?._id) Object.assign(message, { read: false, seen: false });
  expect(truth({ read: false }).length).toBeGreaterThanOrEqual(20);
}
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

  it('paging the Unread list after marking some read continues where the service’s list now does: nothing skipped, nothing twice', async () => {
    allUnread();
    const { result } = render(() => ({ unread: useNotifications({ read: false }, 10), actions: useNotificationActions() }));
    await waitFor(() => expect(result.current.unread.notifications).toHaveLength(10));
    const [first, second, third] = result.current.unread.notifications;
    await act(() => Promise.all([first, second, third].map((n) => result.current.actions.markAsRead(n!.id))));
    await act(() => result.current.unread.fetchNextPage());
    // Seven left of the first page, and ten more: the next page starts where the service's list now does.
    await waitFor(() => expect(ids(result.current.unread)).toEqual(truth({ read: false }).slice(0, 17)));
  });

  it('a next page asked for before a change and answered after the service applied it skips nothing', async () => {
    allUnread();
    // No counts: on v1 they list the first 100 unread into the table, which would fill any gap.
    const { result, hold } = render(() => ({ unread: useNotifications({ read: false }, 10), actions: useNotificationActions() }));
    await waitFor(() => expect(result.current.unread.notifications).toHaveLength(10));
    const [first, second] = result.current.unread.notifications;
    const release = hold();
    let next!: Promise<void>;
    act(() => void (next = result.current.unread.fetchNextPage()));
    // Two of the first page marked read, applied by the service before it answers the next page.
    await act(() => Promise.all([first, second].map((n) => result.current.actions.markAsRead(n!.id))));
    release();
    await act(() => next);
    // Eight left of the first page and more after them, in the service's order, none skipped.
    await waitFor(() => expect(ids(result.current.unread).length).toBeGreaterThanOrEqual(16));
    const shown = ids(result.current.unread);
    expect(shown).toEqual(truth({ read: false }).slice(0, shown.length));
  });

  it('notifications seen on view go to the service in one request, and the unseen count moves with them', async () => {
    const { result, urls } = render();
    await waitFor(() => expect(result.current.counts.counts && result.current.all.notifications.length > 0).toBeTruthy());
    const unseen = result.current.all.notifications.filter((n) => !n.isSeen).slice(0, 3);
    expect(unseen).toHaveLength(3);
    const before = result.current.counts.counts![1]!.count;
    const mark = urls.length;
    act(() => unseen.forEach((n) => result.current.actions.markSeenSoon(n.id)));
    await waitFor(() => expect(result.current.counts.counts?.[1]?.count).toBe(before - 3));
    await waitFor(() => expect(truth({ seen: false })).not.toContain(unseen[0]!.id));
    for (const n of unseen) expect(truth({ seen: false })).not.toContain(n.id);
    expect(urls.slice(mark)).toEqual([expect.stringMatching(v2 ? /\/notifications\/seen$/ : /\/messages\/mark-as$/)]);
    expect(result.current.all.notifications.filter((n) => unseen.some((u) => u.id === n.id)).every((n) => n.isSeen)).toBe(true);
  });

  it('“mark all as read” empties the Unread list and its count at once, in one request', async () => {
    const { result, urls } = render();
    await waitFor(() => expect(result.current.counts.counts && result.current.unread.notifications.length > 0).toBeTruthy());
    service.injectFault({ latencyMs: 200, method: 'POST' });
    const mark = urls.length;
    let sent!: Promise<void>;
    act(() => void (sent = result.current.actions.markAllAsRead()));
    await waitFor(() => expect(result.current.unread.notifications).toEqual([]));
    expect(result.current.counts.counts?.[0]?.count).toBe(0);
    // Before the service answered: shown at once, not read back.
    expect(truth({ read: false }).length).toBeGreaterThan(0);
    await act(() => sent);
    expect(truth({ read: false })).toEqual([]);
    expect(urls.slice(mark).filter((url) => !url.includes('/count') && !/limit=100\b/.test(url))).toEqual([expect.stringMatching(v2 ? /\/notifications\/read$/ : /\/messages\/mark-all$/)]);
    await waitFor(() => expect(result.current.counts.counts?.[0]).toEqual({ count: 0, exact: true }));
  });

  it('a button clicked shows as done at once and is kept by the service', async () => {
    const { result } = render();
    await waitFor(() => expect(result.current.all.notifications.length).toBeGreaterThan(0));
    let target = result.current.all.notifications.find((n) => n.primaryAction && !n.primaryAction.isCompleted);
    for (let i = 0; !target && i < 5; i++) {
      await act(() => result.current.all.fetchNextPage());
      target = result.current.all.notifications.find((n) => n.primaryAction && !n.primaryAction.isCompleted);
    }
    if (!target) throw new Error('no notification with a button in the seed');
    service.injectFault({ latencyMs: 200 });
    let sent!: Promise<void>;
    act(() => void (sent = result.current.actions.completeAction(target.id, 'primary')));
    await waitFor(() => expect(result.current.all.notifications.find((n) => n.id === target.id)?.primaryAction?.isCompleted).toBe(true));
    // Shown before the service answered.
    expect(service.feedOf(SUBSCRIBER).find((m) => m._id === target.id)?.cta.action?.status).not.toBe('done');
    await act(() => sent);
    const stored = service.feedOf(SUBSCRIBER).find((m) => m._id === target.id);
    expect(stored?.cta.action).toMatchObject({ status: 'done', result: { type: 'primary' } });
  });

  it('a poll is one request while nothing happens, and brings what arrived into the lists and the count', async () => {
    const { result, urls } = render(() => ({
      all: useNotifications({}, 10),
      unread: useNotifications({ read: false }, 10),
      counts: useNotificationCounts([{ read: false }], { refetchInterval: 150 }),
    }));
    await waitFor(() => expect(result.current.counts.counts && result.current.all.notifications.length > 0).toBeTruthy());
    const before = result.current.counts.counts![0]!.count;
    await new Promise((resolve) => setTimeout(resolve, 100));
    let mark = urls.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const idle = urls.slice(mark);
    expect(idle.length).toBeGreaterThanOrEqual(2);
    expect(idle.length).toBeLessThanOrEqual(4);
    expect(idle.every((url) => (v2 ? /\/count\?/ : /limit=100&read=false/).test(url)), idle.join('\n')).toBe(true);
    mark = urls.length;
    await createInboxAdminClient({ baseUrl: service.baseUrl, apiKey: service.apiKey, dangerouslyAllowBrowser: true }).broadcast({ name: 'product-announcement', payload: { title: 'Arrived', body: 'Arrived by itself.', url: '/' } });
    const arrived = () => service.feedOf(SUBSCRIBER).find((n) => n.content.includes('Arrived by itself.'))!._id;
    await waitFor(() => expect(ids(result.current.all)[0]).toBe(arrived()));
    expect(ids(result.current.unread)[0]).toBe(arrived());
    await waitFor(() => expect(result.current.counts.counts?.[0]?.count).toBe(before + 1));
    // On v2 the counts tell only numbers: the newest 100 are read once, when they moved.
    if (v2) expect(urls.slice(mark).filter((url) => /notifications\?limit=100$/.test(url))).toHaveLength(1);
  });

  it('after “mark all as read”, a change the reader makes counts at once', async () => {
    const { result } = render(() => ({ all: useNotifications({}, 10), counts: useNotificationCounts([{ read: false }]), actions: useNotificationActions() }));
    await waitFor(() => expect(result.current.counts.counts && result.current.all.notifications.length > 0).toBeTruthy());
    await act(() => result.current.actions.markAllAsRead());
    await waitFor(() => expect(result.current.counts.counts?.[0]?.count).toBe(0));
    // No poll here: the emptied count moves with the reader's change by itself.
    const target = result.current.all.notifications[0]!.id;
    await act(() => result.current.actions.markAsUnread(target));
    await waitFor(() => expect(result.current.counts.counts?.[0]?.count).toBe(1));
    expect(truth({ read: false })).toEqual([target]);
  });

  it('what arrives right after “mark all as read” is read in by the next polls and counted', async () => {
    const { result } = render(() => ({
      all: useNotifications({}, 10),
      counts: useNotificationCounts([{ read: false }], { refetchInterval: 150 }),
      actions: useNotificationActions(),
    }));
    await waitFor(() => expect(result.current.counts.counts && result.current.all.notifications.length > 0).toBeTruthy());
    await act(() => result.current.actions.markAllAsRead());
    // It arrives before the first poll after the mark: that poll's count is the first to include it.
    await createInboxAdminClient({ baseUrl: service.baseUrl, apiKey: service.apiKey, dangerouslyAllowBrowser: true }).broadcast({ name: 'product-announcement', payload: { title: 'After', body: 'Arrived after mark all.', url: '/' } });
    const arrived = () => service.feedOf(SUBSCRIBER).find((n) => n.content.includes('Arrived after mark all.'))!._id;
    await waitFor(() => expect(ids(result.current.all)[0]).toBe(arrived()));
    await waitFor(() => expect(result.current.counts.counts?.[0]?.count).toBe(1));
  });
});
