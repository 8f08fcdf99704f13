/**
 * Model-based test: many generated sequences of mark-as (concurrent), page
 * loads and injected failures; when all has settled, the counts and every
 * cached feed agree with the reference service.
 */
import { act, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { useCounts, useFeed, useMarkAs, type InboxNotification } from 'inbox-kit';
import { createRandom } from 'inbox-kit/testing';
import { MARK_PATH, SEEN_PATH } from './helpers/dialect';
import { renderInboxHook, settle, setupMockService, SUBSCRIBER } from './helpers/inbox';

const service = setupMockService({ messages: 45 });
const RUNS = 24;
const STEPS = 14;

function useModelInbox() {
  return {
    all: useFeed({ limit: 10 }),
    unread: useFeed({ read: false, limit: 10 }),
    unseen: useFeed({ seen: false, limit: 10 }),
    counts: useCounts(),
    markAs: useMarkAs(),
  };
}

it(`agrees with the service after ${RUNS} random sequences`, async () => {
  for (let run = 0; run < RUNS; run++) {
    const seed = 7_000 + run;
    const rnd = createRandom(seed);
    service.reset();
    service.setFaults({ latencyMs: [0, 25] });
    const { result, queryClient, unmount } = renderInboxHook(useModelInbox, service);
    await waitFor(() => expect(result.current.counts.unread && result.current.all.notifications.length > 0).toBeTruthy());
    const log: string[] = [];

    for (let step = 0; step < STEPS; step++) {
      const action = rnd.pick(['mark', 'mark', 'mark', 'mark-many', 'page', 'fail', 'wait'] as const);
      const loaded: InboxNotification[] = [...result.current.all.notifications, ...result.current.unread.notifications, ...result.current.unseen.notifications];
      if ((action === 'mark' || action === 'mark-many') && loaded.length > 0) {
        const ids = action === 'mark' ? [rnd.pick(loaded).id] : [rnd.pick(loaded).id, rnd.pick(loaded).id, rnd.pick(loaded).id];
        const markAs = rnd.pick(['read', 'unread', 'seen'] as const);
        log.push(`${markAs} ${ids.join(',')}`);
        act(() => result.current.markAs.mutate({ notificationId: ids, markAs }));
      } else if (action === 'page') {
        const feed = rnd.pick(['all', 'unread', 'unseen'] as const);
        log.push(`page ${feed}`);
        act(() => void result.current[feed].fetchNextPage());
      } else if (action === 'fail') {
        const fault = rnd.pick([{ status: 500 }, { drop: 'before' as const }, { drop: 'after' as const }, { status: 503, retryAfter: 0 }]);
        log.push(`fault ${JSON.stringify(fault)}`);
        service.injectFault({ ...fault, path: rnd.pick([MARK_PATH, SEEN_PATH]) });
      } else {
        log.push('wait');
        await act(() => new Promise((resolve) => setTimeout(resolve, rnd.next() * 40)));
      }
    }

    await settle(queryClient);
    service.setFaults({});
    const context = `seed ${seed}:\n${log.join('\n')}`;
    const truthUnread = service.feedOf(SUBSCRIBER, { read: false });
    const truthUnseen = service.feedOf(SUBSCRIBER, { seen: false });
    expect(result.current.counts.unread, context).toEqual({ value: truthUnread.length, exact: true });
    expect(result.current.counts.unseen, context).toEqual({ value: truthUnseen.length, exact: true });

    const flags = new Map(service.feedOf(SUBSCRIBER).map((n) => [n._id, `${n.read}/${n.seen}`]));
    for (const [name, feed, expected] of [
      ['all', result.current.all, service.feedOf(SUBSCRIBER)],
      ['unread', result.current.unread, truthUnread],
      ['unseen', result.current.unseen, truthUnseen],
    ] as const) {
      const ids = feed.notifications.map((n) => n.id);
      expect(ids, `${name} feed, ${context}`).toEqual(expected.slice(0, ids.length).map((n) => n._id));
      for (const n of feed.notifications) expect(`${n.isRead}/${n.isSeen}`, `${name} ${n.id}, ${context}`).toBe(flags.get(n.id));
    }
    unmount();
  }
}, 120_000);
