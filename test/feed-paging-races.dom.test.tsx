/**
 * Paging a v1 feed (by offset) while the reader changes it: requests overtake one another, so the
 * service may apply a change before a page asked for earlier. The next page must then not skip
 * the notifications the change moved up into its range, nor show them out of order.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { useFeed, useMarkAs } from 'inbox-kit';
import { inboxWrapper, settle, setupMockService, SUBSCRIBER, testClient } from './helpers/inbox';

const service = setupMockService({ messages: 45 });
beforeEach(() => service.reset());

it('a page asked for before a change and answered after the service applied it skips nothing', async () => {
  let hold: Promise<void> | undefined;
  const held: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    // The next page's request waits on its way, while the reader's change overtakes it.
    if (hold && url.includes('/notifications/feed') && !url.includes('page=0')) await hold;
    return fetch(input, init);
  };
  const { Wrapper, queryClient } = inboxWrapper(service, { client: testClient(service, { fetch: held }) });
  const { result } = renderHook(() => ({ unread: useFeed({ read: false, limit: 10 }), markAs: useMarkAs() }), { wrapper: Wrapper });
  await waitFor(() => expect(result.current.unread.notifications).toHaveLength(10));
  const [first, second] = result.current.unread.notifications;

  let release!: () => void;
  hold = new Promise((resolve) => (release = resolve));
  act(() => void result.current.unread.fetchNextPage());
  // Two of the first page marked read: applied by the service before it answers the next page.
  await act(() => result.current.markAs.mutateAsync({ messageId: [first!._id, second!._id], markAs: 'read' }));
  release();
  hold = undefined;
  await act(() => settle(queryClient));

  const truth = service.feedOf(SUBSCRIBER, { read: false }).map((n) => n._id);
  const shown = result.current.unread.notifications.map((n) => n._id);
  // Twelve unread, ten a page: the two the change moved up from the second page are shown, in order.
  expect(truth).toHaveLength(10);
  expect(shown).toEqual(truth);
});
