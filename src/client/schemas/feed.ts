/** The feed's records: the page, its items, and what an item carries (actor, recipient, call to action). */
import type * as z from 'zod/mini';
import { unknown } from 'zod/mini';
import type { RegisteredPayload, WithPayload } from '../payload-schema';
import { arrayOf, bool, freeObject, looseObject, nullable, num, oneOf, openOneOf, opt, str, unionOf } from './define';

export const CHANNELS = ['in_app', 'email', 'sms', 'chat', 'push'] as const;
export const channelSchema = /* @__PURE__ */ oneOf(CHANNELS);
export type Channel = z.infer<typeof channelSchema>;
/** A record's channel: one of `CHANNELS`, or one a newer service added (the record stays valid). */
export const recordChannelSchema = /* @__PURE__ */ openOneOf<typeof CHANNELS>();

export const MESSAGE_STATUSES = ['sent', 'error', 'warning'] as const;
export const messageStatusSchema = /* @__PURE__ */ openOneOf<typeof MESSAGE_STATUSES>();
export type MessageStatus = z.infer<typeof messageStatusSchema>;

export const ACTOR_TYPES = ['none', 'user', 'system_icon', 'system_custom'] as const;
export const actorTypeSchema = /* @__PURE__ */ oneOf(ACTOR_TYPES);
export type ActorType = z.infer<typeof actorTypeSchema>;

const buttonTypeSchema = /* @__PURE__ */ oneOf(['primary', 'secondary']);
export type ButtonType = z.infer<typeof buttonTypeSchema>;

export const messageButtonSchema = /* @__PURE__ */ looseObject({
  type: buttonTypeSchema,
  content: str,
  /** Content shown once the button has been clicked. */
  resultContent: opt(str),
});
export type MessageButton = z.infer<typeof messageButtonSchema>;

export const messageActionResultSchema = /* @__PURE__ */ looseObject({
  payload: opt(freeObject),
  type: opt(buttonTypeSchema),
});
export type MessageActionResult = z.infer<typeof messageActionResultSchema>;

export const messageActionSchema = /* @__PURE__ */ looseObject({
  status: opt(oneOf(['pending', 'done'])),
  buttons: opt(arrayOf(messageButtonSchema)),
  result: opt(messageActionResultSchema),
});
export type MessageAction = z.infer<typeof messageActionSchema>;

export const ctaSchema = /* @__PURE__ */ looseObject({
  type: opt(oneOf(['redirect'])),
  data: opt(looseObject({ url: opt(str) })),
  action: opt(messageActionSchema),
});
export type CallToAction = z.infer<typeof ctaSchema>;

export const actorSchema = /* @__PURE__ */ looseObject({
  data: nullable(str),
  type: actorTypeSchema,
});
export type Actor = z.infer<typeof actorSchema>;

/** The recipient (`subscriber`) as the feed populates it; the deployed service sends `null` names. */
export const feedSubscriberSchema = /* @__PURE__ */ looseObject({
  _id: opt(str),
  firstName: opt(nullable(str)),
  lastName: opt(nullable(str)),
  avatar: opt(nullable(str)),
  subscriberId: str,
});
export type FeedSubscriber = z.infer<typeof feedSubscriberSchema>;

/**
 * Who a notification is from, as the deployed service sends it in `actorSubscriber`: the
 * subscriber's internal id, or the subscriber populated. Every field is optional: the kit only
 * shows a name and an avatar, and a partly populated sender must not drop the notification.
 */
export const actorSubscriberSchema = /* @__PURE__ */ looseObject({
  _id: opt(str),
  subscriberId: opt(str),
  firstName: opt(nullable(str)),
  lastName: opt(nullable(str)),
  avatar: opt(nullable(str)),
});
export type ActorSubscriber = z.infer<typeof actorSubscriberSchema>;

export const feedItemSchema = /* @__PURE__ */ looseObject({
  _id: str,
  _templateId: str,
  _environmentId: str,
  _messageTemplateId: opt(str),
  _organizationId: str,
  _notificationId: str,
  _subscriberId: str,
  _feedId: opt(nullable(str)),
  _jobId: str,
  createdAt: opt(nullable(str)),
  updatedAt: opt(nullable(str)),
  actor: opt(actorSchema),
  /** The recipient on the deployed service, not the sender: see `actorSubscriber`. */
  subscriber: opt(nullable(feedSubscriberSchema)),
  /** The sender: an internal subscriber id, or the subscriber populated. */
  actorSubscriber: opt(nullable(unionOf([str, actorSubscriberSchema]))),
  transactionId: str,
  templateIdentifier: opt(nullable(str)),
  providerId: opt(nullable(str)),
  content: str,
  subject: opt(nullable(str)),
  channel: recordChannelSchema,
  read: bool,
  seen: bool,
  deviceTokens: opt(nullable(arrayOf(str))),
  cta: ctaSchema,
  status: messageStatusSchema,
  payload: opt(freeObject),
  data: opt(nullable(freeObject)),
  overrides: opt(freeObject),
  tags: opt(nullable(arrayOf(str))),
});

/**
 * The feed page as the wire carries it. `data` is checked item by item by the client (one bad
 * item does not fail the page), so it is an array of unknown here.
 */
export const feedPageSchema = /* @__PURE__ */ looseObject({
  totalCount: opt(num),
  hasMore: bool,
  data: arrayOf(unknown()),
  pageSize: num,
  page: num,
});

type FeedItemRecord = z.infer<typeof feedItemSchema>;

/** A notification's payload when no `payloadSchema` says more: a free-form object, or none. */
export type FreePayload = FeedItemRecord['payload'];

/**
 * One notification of the in-app feed. `P` is its payload's type: by default the one registered in
 * `Register` (whose schema validates every notification), else a free-form object or undefined.
 */
export type FeedItem<P = RegisteredPayload> = WithPayload<FeedItemRecord, 'payload', P>;
