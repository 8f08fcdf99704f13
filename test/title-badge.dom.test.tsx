/** The unread count in the page's title: put before it, kept before a title the app sets, and gone on unmount. */
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { useCounts, useDocumentTitleBadge } from 'inbox-kit';
import { inboxWrapper, setupMockService, SUBSCRIBER } from './helpers/inbox';

const service = setupMockService();
beforeEach(() => {
  service.reset();
  document.title = 'Dashboard';
});

it('shows "(n) " before the title, keeps it before a title the app sets, and gives the title back on unmount', async () => {
  const unread = service.feedOf(SUBSCRIBER, { read: false }).length;
  const { Wrapper } = inboxWrapper(service);
  const { unmount } = renderHook(() => useDocumentTitleBadge(), { wrapper: Wrapper });
  await waitFor(() => expect(document.title).toBe(`(${unread}) Dashboard`));
  // The app moves to another page: its title, with the count before it, and no fight over it.
  act(() => void (document.title = 'Settings'));
  await waitFor(() => expect(document.title).toBe(`(${unread}) Settings`));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(document.title).toBe(`(${unread}) Settings`);
  unmount();
  expect(document.title).toBe('Settings');
});

it('turned off, leaves the title alone', async () => {
  const { Wrapper } = inboxWrapper(service);
  const { result } = renderHook(
    () => {
      useDocumentTitleBadge(false);
      return useCounts();
    },
    { wrapper: Wrapper },
  );
  // The count it would show is known, and not shown.
  await waitFor(() => expect(result.current.unread?.value).toBeGreaterThan(0));
  expect(document.title).toBe('Dashboard');
});
