// The hooks guide's custom feed (test/docs.test.ts: verbatim; test/readme.dom.test.tsx: it works).
// #region custom-feed
import { useState } from 'react';
import { InboxProvider, useCounts, useFeed, useMarkAs, useMarkAllAs, useSeenOnView, type InboxNotification } from 'inbox-kit';

export function App({ user }: { user: { id: string } }) {
  return (
    <InboxProvider baseUrl="/api/inbox" subscriberId={user.id}>
      <MyInbox />
    </InboxProvider>
  );
}

export function MyInbox() {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const feed = useFeed(unreadOnly ? { read: false } : {});
  const { unreadLabel } = useCounts({ include: ['unread'] });
  const markAll = useMarkAllAs();

  if (feed.isLoading) return <p>Loading…</p>;
  if (feed.isError) return <p role="alert">{feed.error?.message} <button onClick={() => feed.refetch()}>Retry</button></p>;
  return (
    <section aria-label={`Notifications, ${unreadLabel ?? 0} unread`}>
      <button aria-pressed={unreadOnly} onClick={() => setUnreadOnly(!unreadOnly)}>Unread only</button>
      <button onClick={() => markAll.mutate()} disabled={markAll.isPending}>Mark all as read</button>
      <ul>
        {feed.notifications.map((n) => <Row key={n.id} notification={n} />)}
      </ul>
      {feed.hasMore && <button onClick={() => feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>Load more</button>}
    </section>
  );
}

function Row({ notification }: { notification: InboxNotification }) {
  const seenRef = useSeenOnView(notification); // marks it seen once visible, batched with its neighbours
  const { mutate: markAs } = useMarkAs();
  return (
    <li ref={seenRef} data-state={notification.isRead ? 'read' : 'unread'}>
      {notification.subject && <strong>{notification.subject}</strong>}
      <p>{notification.body}</p>
      <button onClick={() => markAs({ notificationId: notification.id, markAs: notification.isRead ? 'unread' : 'read' })}>
        Mark as {notification.isRead ? 'unread' : 'read'}
      </button>
    </li>
  );
}
// #endregion
