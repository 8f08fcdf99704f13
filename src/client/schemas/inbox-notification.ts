/**
 * The records of the service's v2 subscriber-notifications API (`/v2/subscribers/{id}/notifications`):
 * a notification as its `InboxNotificationDto`, a page of them, and a count. Fields the kit only
 * shows or passes on are open (a newer service adding a channel or a target keeps the record valid).
 */
import type * as z from 'zod/mini';
import { unknown } from 'zod/mini';
import type { RegisteredPayload, WithPayload } from '../payload-schema';
import { arrayOf, bool, freeObject, looseObject, nullable, num, openOneOf, opt, str } from './define';
import type { CHANNELS } from './feed';

export const SEVERITIES = ['high', 'medium', 'low', 'none'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Where clicking the notification leads. */
export const inboxRedirectSchema = /* @__PURE__ */ looseObject({ url: str, target: opt(str) });
export type InboxRedirect = z.infer<typeof inboxRedirectSchema>;

/** A button of a notification: its label, and whether the subscriber has completed it. */
export const inboxActionSchema = /* @__PURE__ */ looseObject({
  label: str,
  isCompleted: bool,
  redirect: opt(inboxRedirectSchema),
});
export type InboxAction = z.infer<typeof inboxActionSchema>;

/** The recipient, as v2 sends it in `to`. */
export const inboxSubscriberSchema = /* @__PURE__ */ looseObject({
  id: str,
  subscriberId: str,
  firstName: opt(nullable(str)),
  lastName: opt(nullable(str)),
  avatar: opt(nullable(str)),
});
export type InboxSubscriber = z.infer<typeof inboxSubscriberSchema>;

export const notificationWorkflowSchema = /* @__PURE__ */ looseObject({
  id: str,
  /** Its trigger identifier; absent when the workflow has none. */
  identifier: opt(str),
  name: str,
  critical: bool,
  severity: opt(openOneOf<typeof SEVERITIES>()),
  tags: opt(arrayOf(str)),
  data: opt(freeObject),
});
export type NotificationWorkflow = z.infer<typeof notificationWorkflowSchema>;

export const inboxNotificationSchema = /* @__PURE__ */ looseObject({
  id: str,
  transactionId: str,
  subject: opt(str),
  /** `null` when the service does not store content. */
  body: nullable(str),
  to: inboxSubscriberSchema,
  isRead: bool,
  isSeen: bool,
  isArchived: bool,
  isSnoozed: bool,
  snoozedUntil: opt(nullable(str)),
  deliveredAt: opt(arrayOf(str)),
  createdAt: str,
  readAt: opt(nullable(str)),
  firstSeenAt: opt(nullable(str)),
  archivedAt: opt(nullable(str)),
  avatar: opt(str),
  primaryAction: opt(inboxActionSchema),
  secondaryAction: opt(inboxActionSchema),
  channelType: openOneOf<typeof CHANNELS>(),
  tags: opt(arrayOf(str)),
  /** What the workflow's in-app step put in the notification for the app; typed by `payloadSchema`. */
  data: opt(freeObject),
  redirect: opt(inboxRedirectSchema),
  workflow: opt(notificationWorkflowSchema),
  severity: openOneOf<typeof SEVERITIES>(),
});

/** A page of the v2 list as the wire carries it; each item is checked on its own by the client. */
export const notificationsPageSchema = /* @__PURE__ */ looseObject({
  data: arrayOf(unknown()),
  hasMore: bool,
  filter: opt(freeObject),
});

/** One count of the v2 count route: how many notifications match `filter`. */
export const notificationCountSchema = /* @__PURE__ */ looseObject({
  count: num,
  filter: freeObject,
});
export type NotificationCount = z.infer<typeof notificationCountSchema>;
export const notificationCountsSchema = /* @__PURE__ */ arrayOf(notificationCountSchema);


type InboxNotificationRecord = z.infer<typeof inboxNotificationSchema>;

/**
 * One notification of the v2 API. `P` is the type of its `data`: by default the one registered in
 * `Register` (whose schema validates every notification), else a free-form object or undefined.
 */
export type InboxNotification<P = RegisteredPayload> = WithPayload<InboxNotificationRecord, 'data', P>;
