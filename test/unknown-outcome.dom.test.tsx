/**
 * A change whose answer never came (a timeout, a dropped connection, a 5xx) may still be applied
 * by the service later. The next change to the same notification or preference must not be
 * overtaken by it: the last thing the user asked for is what the service keeps.
 */
import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useFeed, useMarkAction, useMarkAllAs, useMarkAs, usePreferences, useUpdatePreference } from 'inbox-kit';
import { ACTION_PATH, MARK_ALL_PATH, MARK_PATH, V2 } from './helpers/dialect';
import { renderInboxHook, settle, setupMockService, SUBSCRIBER, testClient } from './helpers/inbox';

const service = setupMockService();
// Without the mark-all route, "Mark all" is mark-as batches (as it always is with a payload).
const batched = setupMockService({ markAll: false });
beforeEach(() => {
  service.reset();
  batched.reset();
});

// The service takes 300 ms; the client gives up after 100 ms, but the service still applies it.
const SLOW = 300;
const client = (on = service) => testClient(on, { timeoutMs: 100, retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 1 } });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const markRequests = () => service.requests.filter((r) => MARK_PATH.test(r.path));

function useMarks() {
  return { feed: useFeed(), markAs: useMarkAs(), markAll: useMarkAllAs(), action: useMarkAction() };
}
const outcome = (promise: Promise<unknown>) => promise.then(() => 'ok', (error: Error) => error.message);
const truth = (messageId: string) => service.feedOf(SUBSCRIBER).find((n) => n._id === messageId);

it('a mark read that timed out but landed late does not undo the mark unread that followed it', async () => {
  const { result, queryClient } = renderInboxHook(useMarks, service, { props: { client: client() } });
  await waitFor(() => expect(result.current.feed.notifications.length).toBeGreaterThan(0));
  const [id = '', other = ''] = result.current.feed.notifications.filter((n) => !n.isRead).map((n) => n.id);

  // Both attempts time out on the client; the first is applied 300 ms after it arrived (on v2,
  // which marks one at a time, the first of each notification's).
  service.injectFault({ latencyMs: SLOW, path: MARK_PATH }, V2 ? 2 : 1);
  const first = await act(() => result.current.markAs.mutateAsync({ notificationId: [id, other], markAs: 'read' }).then(() => 'ok', (error: Error) => error.name));
  expect(first).not.toBe('ok');
  // The user marks one of them unread at once, before the service got to the first.
  const second = await act(() => result.current.markAs.mutateAsync({ notificationId: id, markAs: 'unread' }).then(() => 'ok', (error: Error) => error.message));
  expect(second).toBe('ok');
  await act(() => wait(SLOW));
  await act(() => settle(queryClient));

  const truth = (messageId: string) => service.feedOf(SUBSCRIBER).find((n) => n._id === messageId)?.read;
  const shown = (notificationId: string) => result.current.feed.notifications.find((n) => n.id === notificationId)?.isRead;
  expect(truth(id)).toBe(false);
  expect(shown(id)).toBe(false);
  // The first change did land for the other one: the feed shows it.
  expect(truth(other)).toBe(true);
  expect(shown(other)).toBe(true);
  // Nothing applied twice: the first was sent again under its own key and answered from the service's record.
  expect(markRequests().filter((r) => r.applied)).toHaveLength(V2 ? 3 : 2);
});

// Issue 34 §3, not met: making the later change again (486bd97) cost 166 B of first load, over its
// limit, so it is out until the data layer pays for it (issue 35). This test fails meanwhile, as it should;
// `it.fails` turns into `it` with the fix.
it.fails('KNOWN GAP (issue 34 §3): a mark read that lands 93 s late, after the minute and after the mark unread that followed it, is overtaken again within the reads again: the unread holds', async () => {
  // The clock moves on as the test says (and with real time, for the renders in between).
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  try {
    const { result, queryClient } = renderInboxHook(useMarks, service, { props: { client: testClient(service, { timeoutMs: 10_000, retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 1 } }) } });
    await waitFor(() => expect(result.current.feed.notifications.length).toBeGreaterThan(0));
    const id = result.current.feed.notifications.find((n) => !n.isRead)?.id ?? '';
    const start = Date.now();
    const until = (ms: number) => act(() => vi.advanceTimersByTimeAsync(start + ms - Date.now()));
    const shown = () => result.current.feed.notifications.find((n) => n.id === id)?.isRead;

    // The service holds the read 93 s before it applies it. The client gives up at 10 s; its retry
    // meets a 409 (that key is still being processed): no clear answer, 11 s in.
    service.injectFault({ latencyMs: 93_000, path: MARK_PATH });
    const first = outcome(result.current.markAs.mutateAsync({ notificationId: id, markAs: 'read' }));
    await until(12_000);
    expect(await first).toMatch(/currently being processed/);
    // At 75 s (too late for the read to be sent again first) the user marks it unread: confirmed.
    await until(75_000);
    expect(await act(() => outcome(result.current.markAs.mutateAsync({ notificationId: id, markAs: 'unread' })))).toBe('ok');
    expect(truth(id)?.read).toBe(false);
    // At 93 s the read lands.
    await until(94_000);
    expect(truth(id)?.read).toBe(true);

    // Within the reads again (1, 3 and 10 minutes after it was sent), the inbox and the service agree on the user's last word.
    await until(11 * 60_000);
    await act(() => settle(queryClient));
    expect(truth(id)?.read).toBe(false);
    await waitFor(() => expect(shown()).toBe(false));
  } finally {
    vi.useRealTimers();
  }
});

it('a mark read refused with 429 after an attempt that landed is not taken as refused: the inbox shows what the service holds, and the unread that follows wins', async () => {
  // The first attempt is applied but its answer lost; the retry meets a rate limit in front of the service.
  let markCalls = 0;
  const limited: typeof fetch = async (input, init) =>
    MARK_PATH.test(String(input)) && ++markCalls === 2
      ? Response.json({ statusCode: 429, message: 'Too many requests from you: try again shortly' }, { status: 429, headers: { 'retry-after': '0' } })
      : fetch(input, init);
  const { result, queryClient } = renderInboxHook(useMarks, service, { props: { client: testClient(service, { retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 1 }, fetch: limited }) } });
  await waitFor(() => expect(result.current.feed.notifications.length).toBeGreaterThan(0));
  const id = result.current.feed.notifications.find((n) => !n.isRead)?.id ?? '';
  service.injectFault({ drop: 'after', path: MARK_PATH });
  expect(await act(() => outcome(result.current.markAs.mutateAsync({ notificationId: id, markAs: 'read' })))).toMatch(/429/);
  await act(() => settle(queryClient));
  const shown = () => result.current.feed.notifications.find((n) => n.id === id)?.isRead;
  expect(truth(id)?.read).toBe(true);
  expect(shown()).toBe(true);
  // The next change sends the first again under its key first (the service replays it), then goes.
  expect(await act(() => outcome(result.current.markAs.mutateAsync({ notificationId: id, markAs: 'unread' })))).toBe('ok');
  await act(() => settle(queryClient));
  expect(truth(id)?.read).toBe(false);
  await waitFor(() => expect(shown()).toBe(false));
});

it('a preference switched off that timed out but landed late does not undo switching it back on', async () => {
  const { result, queryClient } = renderInboxHook(() => ({ prefs: usePreferences(), update: useUpdatePreference() }), service, { props: { client: client() } });
  await waitFor(() => expect(result.current.prefs.preferences?.global.channels.email).toBe(true));

  service.injectFault({ latencyMs: SLOW, method: 'PATCH' });
  const first = await act(() => result.current.update.mutateAsync({ channel: 'email', enabled: false }).then(() => 'ok', (error: Error) => error.name));
  expect(first).not.toBe('ok');
  const second = await act(() => result.current.update.mutateAsync({ channel: 'email', enabled: true }).then(() => 'ok', (error: Error) => error.message));
  expect(second).toBe('ok');
  await act(() => wait(SLOW));
  await act(() => settle(queryClient));

  const truth = await client().getPreferences({ subscriberId: SUBSCRIBER });
  expect(truth.global.channels.email).toBe(true);
  expect(result.current.prefs.preferences?.global.channels.email).toBe(true);
});

it('while the earlier change cannot be confirmed, the next one is refused visibly and not sent; once the service answers, it goes', async () => {
  const { result, queryClient } = renderInboxHook(useMarks, service, { props: { client: client() } });
  await waitFor(() => expect(result.current.feed.notifications.length).toBeGreaterThan(0));
  const id = result.current.feed.notifications.find((n) => !n.isRead)?.id ?? '';

  // The service is down: every mark gets a 503, nothing is applied.
  service.injectFault({ status: 503, path: MARK_PATH }, 4);
  const first = await act(() => result.current.markAs.mutateAsync({ notificationId: id, markAs: 'read' }).then(() => 'ok', (error: Error) => error.message));
  expect(first).toMatch(/503/);
  const sentBefore = markRequests().length;
  const second = await act(() => result.current.markAs.mutateAsync({ notificationId: id, markAs: 'unread' }).then(() => 'ok', (error: Error) => error.message));
  expect(second).toMatch(/503/);
  // Only the first change was sent again, under its own key; the second was never sent.
  const firstKey = markRequests()[sentBefore - 1]?.idempotencyKey;
  expect(markRequests().length).toBeGreaterThan(sentBefore);
  expect(markRequests().slice(sentBefore).every((r) => r.idempotencyKey === firstKey && r.status === 503)).toBe(true);
  await act(() => settle(queryClient));
  await waitFor(() => expect(result.current.feed.notifications.find((n) => n.id === id)?.isRead).toBe(false));

  // The service is back: the first change is settled (applied now), then the user's latest one.
  const third = await act(() => result.current.markAs.mutateAsync({ notificationId: id, markAs: 'unread' }).then(() => 'ok', (error: Error) => error.message));
  expect(third).toBe('ok');
  await act(() => settle(queryClient));
  expect(service.feedOf(SUBSCRIBER).find((n) => n._id === id)?.read).toBe(false);
  await waitFor(() => expect(result.current.feed.notifications.find((n) => n.id === id)?.isRead).toBe(false));
});

it('"Mark all as read" waits for an earlier mark with no answer; refused while it has none, and never undone by it later', async () => {
  const { result, queryClient } = renderInboxHook(useMarks, service, { props: { client: client() } });
  await waitFor(() => expect(result.current.feed.notifications.length).toBeGreaterThan(0));
  const id = result.current.feed.notifications.find((n) => !n.isRead)?.id ?? '';
  expect(await act(() => outcome(result.current.markAs.mutateAsync({ notificationId: id, markAs: 'read' })))).toBe('ok');

  // Mark unread: no answer (503 twice, not applied). Mark all read: the first is sent again, 503 again.
  service.injectFault({ status: 503, path: MARK_PATH }, 4);
  expect(await act(() => outcome(result.current.markAs.mutateAsync({ notificationId: id, markAs: 'unread' })))).toMatch(/503/);
  expect(await act(() => outcome(result.current.markAll.mutateAsync({ markAs: 'read' })))).toMatch(/503/);
  expect(service.requests.some((r) => MARK_ALL_PATH.test(r.path))).toBe(false);

  // The service is back: mark all read goes after the first, which it settles; a later mark-all seen cannot undo it.
  expect(await act(() => outcome(result.current.markAll.mutateAsync({ markAs: 'read' })))).toBe('ok');
  expect(await act(() => outcome(result.current.markAll.mutateAsync({ markAs: 'seen' })))).toBe('ok');
  await act(() => settle(queryClient));
  expect(truth(id)?.read).toBe(true);
  expect(service.feedOf(SUBSCRIBER, { read: false })).toHaveLength(0);
  await waitFor(() => expect(result.current.feed.notifications.every((n) => n.isRead)).toBe(true));
});

it('a button clicked again after a click with no answer shows what the service holds', async () => {
  const { result, queryClient } = renderInboxHook(useMarks, service, { props: { client: client() } });
  await waitFor(() => expect(result.current.feed.notifications.length).toBeGreaterThan(0));
  const id = result.current.feed.notifications.find((n) => n.primaryAction && !n.primaryAction.isCompleted)?.id ?? '';
  expect(id).not.toBe('');

  service.injectFault({ status: 503, path: ACTION_PATH }, 2);
  expect(await act(() => outcome(result.current.action.mutateAsync({ notificationId: id, type: 'primary' })))).toMatch(/503/);
  // The first click is sent again and applied; the second then changes nothing.
  await act(() => outcome(result.current.action.mutateAsync({ notificationId: id, type: 'primary' })));
  await act(() => settle(queryClient));

  expect(truth(id)?.cta.action).toMatchObject({ status: 'done', result: { type: 'primary' } });
  await waitFor(() => expect(result.current.feed.notifications.find((n) => n.id === id)?.primaryAction?.isCompleted).toBe(true));
});

it('a button click that landed but whose answer was lost shows as done once the feeds read the service again', async () => {
  // Every answer to a click is lost on its way back (the service applies the first, and replays it to the retry).
  const losing: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (String(input).includes('/actions/')) throw new TypeError('connection reset');
    return response;
  };
  const { result, queryClient } = renderInboxHook(useMarks, service, { props: { client: testClient(service, { retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 1 }, fetch: losing }) } });
  await waitFor(() => expect(result.current.feed.notifications.length).toBeGreaterThan(0));
  const id = result.current.feed.notifications.find((n) => n.primaryAction && !n.primaryAction.isCompleted)?.id ?? '';
  expect(await act(() => outcome(result.current.action.mutateAsync({ notificationId: id, type: 'primary' })))).toMatch(/connection reset/);
  await act(() => settle(queryClient));
  expect(truth(id)?.cta.action?.status).toBe('done');
  await waitFor(() => expect(result.current.feed.notifications.find((n) => n.id === id)?.primaryAction?.isCompleted).toBe(true));
});

describe.each([
  { form: 'one mark-all request', on: service, path: MARK_ALL_PATH },
  // v2 has its bulk route always; v1 services without mark-all get batches of mark-as.
  ...(V2 ? [] : [{ form: 'mark-as batches (no mark-all route)', on: batched, path: /\/mark-as$/ }]),
])('"Mark all as read" as $form', ({ on, path }) => {
  it('timed out but landed late, it does not undo the mark unread that followed it', async () => {
    const { result, queryClient } = renderInboxHook(useMarks, on, { props: { client: client(on) } });
    await waitFor(() => expect(result.current.feed.notifications.length).toBeGreaterThan(0));
    const id = result.current.feed.notifications.find((n) => !n.isRead)?.id ?? '';

    // Its first request is applied 300 ms after it arrives; the client gives up before.
    on.injectFault({ latencyMs: SLOW, path });
    expect(await act(() => outcome(result.current.markAll.mutateAsync({ markAs: 'read' })))).not.toBe('ok');
    expect(await act(() => outcome(result.current.markAs.mutateAsync({ notificationId: id, markAs: 'unread' })))).toBe('ok');
    await act(() => wait(SLOW));
    await act(() => settle(queryClient));

    expect(on.feedOf(SUBSCRIBER).find((n) => n._id === id)?.read).toBe(false);
    await waitFor(() => expect(result.current.feed.notifications.find((n) => n.id === id)?.isRead).toBe(false));
    // Sent again under its own key: applied once.
    const applied = on.requests.filter((r) => path.test(r.path) && r.applied).map((r) => r.idempotencyKey);
    expect(applied.length).toBeGreaterThan(0);
    expect(new Set(applied).size).toBe(applied.length);
  });
});
