/**
 * Messages, as mark-as returns them. The inbox checks every field of a message but its
 * `subscriber` and `template` only as objects: those are the full admin records (the deployed
 * service does not even populate them here), and checking them would put the admin schemas
 * into every app's bundle. `messageSchema` is the spec's whole record, for servers.
 */
import type * as z from 'zod/mini';
import { extend } from 'zod/mini';
import { arrayOf, bool, freeObject, looseObject, nullable, oneOf, opt, str, unionOf } from './define';
import { recordChannelSchema, ctaSchema, messageStatusSchema } from './feed';
import { subscriberSchema } from './subscriber';
import { workflowSchema } from './workflow';

export const MARK_AS_VALUES = ['read', 'seen', 'unread', 'unseen'] as const;
export const markAsValueSchema = /* @__PURE__ */ oneOf(MARK_AS_VALUES);
export type MarkAsValue = z.infer<typeof markAsValueSchema>;

export const emailBlockSchema = /* @__PURE__ */ looseObject({
  type: oneOf(['button', 'text']),
  content: str,
  url: opt(str),
  styles: opt(looseObject({ textAlign: oneOf(['center', 'left', 'right']) })),
});
export type EmailBlock = z.infer<typeof emailBlockSchema>;

/** A message as the inbox receives it from mark-as: `subscriber` and `template` checked only as objects. */
export const markedMessageSchema = /* @__PURE__ */ looseObject({
  _id: opt(str),
  _templateId: opt(nullable(str)),
  _environmentId: str,
  _messageTemplateId: opt(nullable(str)),
  _organizationId: str,
  _notificationId: str,
  _subscriberId: str,
  templateIdentifier: opt(str),
  createdAt: str,
  deliveredAt: opt(arrayOf(str)),
  lastSeenDate: opt(str),
  lastReadDate: opt(str),
  content: opt(unionOf([arrayOf(emailBlockSchema), str])),
  transactionId: str,
  subject: opt(str),
  channel: recordChannelSchema,
  read: bool,
  seen: bool,
  snoozedUntil: opt(str),
  email: opt(str),
  phone: opt(str),
  directWebhookUrl: opt(str),
  providerId: opt(str),
  deviceTokens: opt(arrayOf(str)),
  title: opt(str),
  cta: ctaSchema,
  _feedId: opt(nullable(str)),
  status: messageStatusSchema,
  errorId: opt(str),
  errorText: opt(str),
  payload: opt(freeObject),
  overrides: opt(freeObject),
  subscriber: opt(freeObject),
  template: opt(freeObject),
});
export type MarkedMessage = z.infer<typeof markedMessageSchema>;

/** The spec's whole Message record, `subscriber` and `template` included (admin-sized: keep it on servers). */
export const messageSchema = /* @__PURE__ */ extend(markedMessageSchema, {
  subscriber: opt(subscriberSchema),
  template: opt(workflowSchema),
});
export type Message = z.infer<typeof messageSchema>;

/** What mark-as answers: the messages it changed. */
export const messagesSchema = /* @__PURE__ */ arrayOf(markedMessageSchema);
