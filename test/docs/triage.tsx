/** The README's triage examples: a row of your own with the kit's actions, and the hooks. */
import { useState } from 'react';
// #region render-item
import { Inbox } from 'inbox-kit';

// A row of your own keeps archive, snooze and delete, with the inbox's toasts and Undo.
export function Notifications() {
  return (
    <Inbox
      variant="embedded"
      tabs={[{ id: 'billing', label: 'Billing', filter: { tags: ['billing'] } }]}
      renderItem={(notification, _index, actions) => (
        <div className="my-row">
          <p>{notification.subject ?? notification.body}</p>
          {actions.can.archive && <button onClick={actions.archive}>{notification.isArchived ? 'Unarchive' : 'Archive'}</button>}
          {actions.can.snooze && <button onClick={() => actions.snooze(new Date(Date.now() + 3_600_000))}>Snooze an hour</button>}
          {actions.can.delete && <button onClick={actions.delete}>Delete</button>}
        </div>
      )}
    />
  );
}
// #endregion render-item

// #region hooks
import { useArchive, useDelete, useFeed, useSnooze } from 'inbox-kit';

export function MyFeed() {
  const feed = useFeed({ archived: false, snoozed: false });
  const archive = useArchive();
  const snooze = useSnooze();
  const remove = useDelete();
  const [deleted, setDeleted] = useState<string>();
  return (
    <ul>
      {feed.notifications.map((n) => (
        <li key={n.id}>
          {n.subject ?? n.body}
          <button onClick={() => archive.mutate({ notificationId: n.id })}>Archive</button>
          <button onClick={() => snooze.mutate({ notificationId: n.id, until: new Date(Date.now() + 4 * 3_600_000) })}>Later</button>
          <button
            onClick={() => {
              remove.mutate(n.id); // sent when the undo window closes (the provider's undoMs, 5 s)
              setDeleted(n.id);
            }}
          >
            Delete
          </button>
        </li>
      ))}
      {deleted && <li role="status">Deleted <button onClick={() => remove.undo(deleted) && setDeleted(undefined)}>Undo</button></li>}
    </ul>
  );
}
// #endregion hooks
