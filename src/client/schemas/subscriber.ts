/** The full subscriber record (admin only; the feed carries a few of its fields as `FeedSubscriber`). */
import type * as z from 'zod/mini';
import { arrayOf, bool, freeObject, looseObject, nullable, num, opt, str } from './define';

export const channelCredentialsSchema = /* @__PURE__ */ looseObject({
  webhookUrl: opt(str),
  channel: opt(str),
  deviceTokens: opt(arrayOf(str)),
  alertUid: opt(str),
  title: opt(str),
  imageUrl: opt(str),
  state: opt(str),
  externalUrl: opt(str),
});
export type ChannelCredentials = z.infer<typeof channelCredentialsSchema>;

export const channelSettingsSchema = /* @__PURE__ */ looseObject({
  /** One of 18 chat or push provider ids; the spec omits 16 of the strings, so any string is accepted. */
  providerId: str,
  integrationIdentifier: opt(str),
  credentials: channelCredentialsSchema,
  _integrationId: str,
});
export type ChannelSettings = z.infer<typeof channelSettingsSchema>;

export const subscriberSchema = /* @__PURE__ */ looseObject({
  _id: opt(str),
  firstName: opt(nullable(str)),
  lastName: opt(nullable(str)),
  email: opt(nullable(str)),
  phone: opt(nullable(str)),
  avatar: opt(nullable(str)),
  locale: opt(nullable(str)),
  channels: opt(arrayOf(channelSettingsSchema)),
  /** @deprecated The spec marks `topics` deprecated. */
  topics: opt(arrayOf(str)),
  isOnline: opt(nullable(bool)),
  lastOnlineAt: opt(nullable(str)),
  __v: opt(num),
  data: opt(nullable(freeObject)),
  timezone: opt(nullable(str)),
  subscriberId: str,
  _organizationId: str,
  _environmentId: str,
  deleted: bool,
  createdAt: str,
  updatedAt: str,
});
export type Subscriber = z.infer<typeof subscriberSchema>;

