/**
 * A stored message as the v2 API answers it (`InboxNotificationDto`), mapped as the service's
 * notification mapper maps it: absent fields are left out (its JSON drops `undefined`), names that
 * are not set are left out of `to`, and `workflow` has no `data` (the mapper never fills it).
 */
import type { StoredMessage } from './model';
import type { ServiceState } from './routes/context';

export function toInboxNotification(state: ServiceState, m: StoredMessage, base: string): Record<string, unknown> {
  const recipient = state.data.subscribers.find((s) => s._id === m._subscriberId);
  const workflow = state.data.workflows.find((w) => w._id === m._templateId);
  const action = m.cta.action;
  const button = (type: 'primary' | 'secondary') => {
    const found = action?.buttons?.find((b) => b.type === type);
    return found && { label: found.content, isCompleted: action?.result?.type === type && action.status === 'done' };
  };
  const url = (value: string | null | undefined) => (typeof value === 'string' && value.startsWith('/avatars/') ? `${base}${value}` : value);
  // The step's avatar at send time: the sender's for a user actor, the image of a custom one.
  const avatar = m.actor.type === 'user' ? url(m.actorSubscriber?.avatar) : m.actor.type === 'system_custom' ? url(m.actor.data) : undefined;
  const defined = (record: Record<string, unknown>) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined && value !== null));
  return {
    ...defined({
    id: m._id,
    transactionId: m.transactionId,
    subject: m.subject,
    body: m.content,
    to: defined({ id: recipient?._id ?? '', firstName: recipient?.firstName, lastName: recipient?.lastName, avatar: url(recipient?.avatar), subscriberId: recipient?.subscriberId ?? '' }),
    isRead: m.read,
    isSeen: m.seen,
    isArchived: m.archived ?? false,
    isSnoozed: !!m.snoozedUntil,
    snoozedUntil: m.snoozedUntil || undefined,
    deliveredAt: m.deliveredAt && [...m.deliveredAt],
    createdAt: m.createdAt,
    avatar: avatar ?? undefined,
    primaryAction: button('primary'),
    secondaryAction: button('secondary'),
    channelType: m.channel,
    tags: [...m.tags],
    data: m.data && structuredClone(m.data),
    redirect: m.cta.data?.url ? { url: m.cta.data.url } : undefined,
    workflow: workflow && {
      id: workflow._id,
      identifier: workflow.identifier,
      name: workflow.name,
      critical: workflow.critical,
      tags: [...workflow.tags],
      severity: workflow.severity ?? 'none',
    },
    severity: m.severity ?? 'none',
    }),
    // Nullable: `null` once cleared, left out when never set.
    ...(m.lastReadDate !== undefined ? { readAt: m.lastReadDate } : {}),
    ...(m.firstSeenDate !== undefined ? { firstSeenAt: m.firstSeenDate } : {}),
    ...(m.archivedAt !== undefined ? { archivedAt: m.archivedAt } : {}),
  };
}
