/**
 * `client.notifications` on a service that speaks only v1: the operations v1 has, through the v1
 * client's, with each message given the v2 shape. A v1 notification is never archived or snoozed,
 * its severity is `none`, and its `data` is its trigger `payload` (what v1 filters and types).
 */
import type { InboxV1Client } from './client';
import { InboxError, InboxValidationError } from './errors';
import type { RequestOptions } from './http';
import type { BulkFilter, ListNotificationsParams, NotificationParams } from './notifications';
import type { FeedItem, FreePayload, InboxAction, InboxNotification, MarkedMessage } from './schemas/index';

/** What v1 cannot do. */
export async function unsupported(operation: string): Promise<never> {
  throw new InboxError(
    'unsupported',
    `${operation} needs the service's v2 API; this one speaks v1 (see \`client.capabilities()\`).`,
  );
}

/** A v1 message in the v2 shape. */
export function fromV1(message: FeedItem<unknown> | MarkedMessage, subscriberId: string): InboxNotification<FreePayload> {
  const action = message.cta.action;
  const button = (type: 'primary' | 'secondary'): InboxAction | undefined => {
    const found = action?.buttons?.find((b) => b.type === type);
    return found && { label: found.content, isCompleted: action?.status === 'done' && action.result?.type === type };
  };
  const recipient = (message as FeedItem<unknown>).subscriber;
  const url = message.cta.data?.url;
  return {
    id: message._id ?? '',
    transactionId: message.transactionId,
    subject: message.subject ?? undefined,
    body: typeof message.content === 'string' ? message.content : '',
    to: { ...recipient, id: recipient?._id ?? message._subscriberId, subscriberId },
    isRead: message.read,
    isSeen: message.seen,
    isArchived: false,
    isSnoozed: false,
    createdAt: message.createdAt ?? '',
    readAt: (message as MarkedMessage).lastReadDate,
    primaryAction: button('primary'),
    secondaryAction: button('secondary'),
    channelType: message.channel,
    tags: (message as FeedItem<unknown>).tags ?? undefined,
    data: message.payload as Record<string, unknown> | undefined,
    redirect: url ? { url } : undefined,
    severity: 'none',
  };
}

type Bulk = BulkFilter & { subscriberId: string; notificationIds?: readonly string[] };

export function v1Notifications(client: InboxV1Client<unknown>) {
  /** Seen (by ids, or all) and read (all) with v1's mark-as and mark-all; filters are v2's. */
  const bulk = (markAs: 'seen' | 'read') => async (operation: string, p: Bulk, options?: RequestOptions) => {
    if (p.tags || p.data || p.contextKeys) return unsupported(`${operation} with these filters`);
    const ids = p.notificationIds;
    await (ids ? client.markAs({ subscriberId: p.subscriberId, messageId: ids, markAs }, options) : client.markAll({ subscriberId: p.subscriberId, markAs }, options));
  };
  const mark = (markAs: 'read' | 'unread') => async (operation: string, p: NotificationParams, options?: RequestOptions) => {
    const answer = await client.markAs({ subscriberId: p.subscriberId, messageId: [p.notificationId], markAs }, options);
    const found = answer.find((m) => m._id === p.notificationId);
    if (!found) throw new InboxValidationError(operation, [{ path: '', message: `the service's answer does not hold notification ${p.notificationId}` }], answer);
    return fromV1(found, p.subscriberId);
  };
  const action = (done: boolean) => async (_: string, p: NotificationParams & { actionType: 'primary' | 'secondary' }, options?: RequestOptions) =>
    fromV1(await client.markAction({ subscriberId: p.subscriberId, messageId: p.notificationId, type: p.actionType, status: done ? 'done' : 'pending' }, options), p.subscriberId);

  return {
    async list(operation: string, p: ListNotificationsParams, options?: RequestOptions) {
      const limit = p.limit ?? 10;
      const offset = p.offset ?? 0;
      // v1 pages by number, and has none of v2's other filters.
      if (p.after || p.archived || p.snoozed || p.severity || p.createdGte || p.createdLte || p.contextKeys || offset % limit) return unsupported(`${operation} with these filters`);
      const page = await client.getFeed({ subscriberId: p.subscriberId, page: offset / limit, limit, read: p.read, seen: p.seen, payload: p.data }, options);
      return {
        data: page.data.map((item) => fromV1(item, p.subscriberId)),
        hasMore: page.hasMore,
        filter: { read: p.read, seen: p.seen, data: p.data },
        invalidItems: page.invalidItems,
      };
    },
    markAsRead: mark('read'),
    markAsUnread: mark('unread'),
    completeAction: action(true),
    revertAction: action(false),
    markAsSeen: bulk('seen'),
    markAllAsRead: bulk('read'),
  };
}
