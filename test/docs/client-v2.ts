// The v2 example of the README and the client guide (test/docs.test.ts: verbatim; client-v2.test.ts: it runs against the reference service).
// #region v2
import { createInboxClient } from 'inbox-kit/client';

// `api: 'auto'` (the default): v2, or v1 on a service that has no v2 routes, remembered.
const inbox = createInboxClient({ baseUrl: process.env.INBOX_UPSTREAM_URL ?? 'https://api.novu.co', apiKey: process.env.INBOX_API_KEY });
const subscriberId = 'sub_ada';

// What the service can do: v1 has no archive, snooze, delete, counts or cursors.
const can = await inbox.capabilities({ subscriberId });

// The next page by cursor, which new arrivals do not shift; by offset on v1.
const first = await inbox.notifications.list({ subscriberId, limit: 20, archived: false });
const next = can.cursor ? { after: first.data.at(-1)?.id } : { offset: 20 };
if (first.hasMore) await inbox.notifications.list({ subscriberId, limit: 20, archived: false, ...next });

if (can.counts) {
  const [unread, archived] = await inbox.notifications.count({ subscriberId, filters: [{ read: false, archived: false }, { archived: true }] });
  console.log(`${unread?.count} unread, ${archived?.count} archived`);
}
const [latest] = first.data;
if (latest && can.snooze) {
  const tomorrow = new Date(Date.now() + 24 * 3_600_000);
  await inbox.notifications.snooze({ subscriberId, notificationId: latest.id, snoozeUntil: tomorrow });
}
await inbox.notifications.markAllAsRead({ subscriberId });
// #endregion
