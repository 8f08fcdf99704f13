/**
 * zod schemas for every record of the notification service spec
 * (`shared/spec/notification-service.md`), field for field, with the
 * TypeScript types inferred from them.
 *
 * Objects are loose: fields the spec does not list pass through untouched, so
 * a newer service never breaks an older kit. Built on `zod/mini` to keep the
 * browser bundle small.
 */
import * as z from 'zod/mini';

const str = z.string();
const bool = z.boolean();
const num = z.number();
const opt = z.optional;
const nullable = z.nullable;
/** A free-form JSON object. */
const freeObject = z.record(z.string(), z.unknown());

// ---------------------------------------------------------------- enums

export const CHANNELS = ['in_app', 'email', 'sms', 'chat', 'push'] as const;
export const channelSchema = z.enum(CHANNELS);
export type Channel = z.infer<typeof channelSchema>;

export const MESSAGE_STATUSES = ['sent', 'error', 'warning'] as const;
export const messageStatusSchema = z.enum(MESSAGE_STATUSES);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

export const ACTOR_TYPES = ['none', 'user', 'system_icon', 'system_custom'] as const;
export const actorTypeSchema = z.enum(ACTOR_TYPES);
export type ActorType = z.infer<typeof actorTypeSchema>;

export const MARK_AS_VALUES = ['read', 'seen', 'unread', 'unseen'] as const;
export const markAsValueSchema = z.enum(MARK_AS_VALUES);
export type MarkAsValue = z.infer<typeof markAsValueSchema>;

export const BROADCAST_STATUSES = [
  'error',
  'trigger_not_active',
  'no_workflow_active_steps_defined',
  'no_workflow_steps_defined',
  'processed',
  'no_tenant_found',
  'invalid_recipients',
] as const;
export const broadcastStatusSchema = z.enum(BROADCAST_STATUSES);
export type BroadcastStatus = z.infer<typeof broadcastStatusSchema>;

const buttonTypeSchema = z.enum(['primary', 'secondary']);
export type ButtonType = z.infer<typeof buttonTypeSchema>;

// ---------------------------------------------------------------- call to action

export const messageButtonSchema = z.looseObject({
  type: buttonTypeSchema,
  content: str,
  /** Content shown once the button has been clicked. */
  resultContent: opt(str),
});
export type MessageButton = z.infer<typeof messageButtonSchema>;

export const messageActionResultSchema = z.looseObject({
  payload: opt(freeObject),
  type: opt(buttonTypeSchema),
});
export type MessageActionResult = z.infer<typeof messageActionResultSchema>;

export const messageActionSchema = z.looseObject({
  status: opt(z.enum(['pending', 'done'])),
  buttons: opt(z.array(messageButtonSchema)),
  result: opt(messageActionResultSchema),
});
export type MessageAction = z.infer<typeof messageActionSchema>;

export const ctaSchema = z.looseObject({
  type: opt(z.enum(['redirect'])),
  data: opt(z.looseObject({ url: opt(str) })),
  action: opt(messageActionSchema),
});
export type CallToAction = z.infer<typeof ctaSchema>;

// ---------------------------------------------------------------- feed

export const actorSchema = z.looseObject({
  data: nullable(str),
  type: actorTypeSchema,
});
export type Actor = z.infer<typeof actorSchema>;

export const feedSubscriberSchema = z.looseObject({
  _id: opt(str),
  firstName: opt(str),
  lastName: opt(str),
  avatar: opt(str),
  subscriberId: str,
});
export type FeedSubscriber = z.infer<typeof feedSubscriberSchema>;

export const feedItemSchema = z.looseObject({
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
  subscriber: opt(feedSubscriberSchema),
  transactionId: str,
  templateIdentifier: opt(nullable(str)),
  providerId: opt(nullable(str)),
  content: str,
  subject: opt(nullable(str)),
  channel: channelSchema,
  read: bool,
  seen: bool,
  deviceTokens: opt(nullable(z.array(str))),
  cta: ctaSchema,
  status: messageStatusSchema,
  payload: opt(freeObject),
  data: opt(nullable(freeObject)),
  overrides: opt(freeObject),
  tags: opt(nullable(z.array(str))),
});
/** One notification of the in-app feed. */
export type FeedItem = z.infer<typeof feedItemSchema>;

/**
 * The feed page as the wire carries it. `data` is checked item by item by the
 * client (one bad item does not fail the page), so it is an array of unknown here.
 */
export const feedPageSchema = z.looseObject({
  totalCount: opt(num),
  hasMore: bool,
  data: z.array(z.unknown()),
  pageSize: num,
  page: num,
});

// ---------------------------------------------------------------- integrations

const credentialStringKeys = [
  'apiKey', 'user', 'secretKey', 'domain', 'password', 'host', 'port', 'region', 'accountSid',
  'messageProfileId', 'token', 'from', 'senderName', 'projectName', 'applicationId', 'clientId',
  'baseUrl', 'webhookUrl', 'redirectUrl', 'serviceAccount', 'ipPoolName', 'apiKeyRequestHeader',
  'secretKeyRequestHeader', 'idPath', 'datePath', 'apiToken', 'authenticationTokenKey', 'instanceId',
  'alertUid', 'title', 'imageUrl', 'state', 'externalLink', 'channelId', 'phoneNumberIdentification',
  'accessKey',
] as const;
const credentialBooleanKeys = ['secure', 'requireTls', 'ignoreTls', 'hmac', 'authenticateByToken'] as const;

function optionalFields<K extends string, T extends z.core.$ZodType>(keys: readonly K[], type: T) {
  return Object.fromEntries(keys.map((key) => [key, opt(type)])) as { [P in K]: z.ZodMiniOptional<T> };
}

export const credentialsSchema = z.looseObject({
  ...optionalFields(credentialStringKeys, str),
  ...optionalFields(credentialBooleanKeys, bool),
  tlsOptions: opt(freeObject),
});
export type Credentials = z.infer<typeof credentialsSchema>;

export const FIELD_OPERATORS = [
  'LARGER', 'SMALLER', 'LARGER_EQUAL', 'SMALLER_EQUAL', 'EQUAL', 'NOT_EQUAL', 'ALL_IN', 'ANY_IN',
  'NOT_IN', 'BETWEEN', 'NOT_BETWEEN', 'LIKE', 'NOT_LIKE', 'IN',
] as const;

export const fieldFilterPartSchema = z.looseObject({
  field: str,
  value: str,
  operator: z.enum(FIELD_OPERATORS),
  on: z.enum(['subscriber', 'payload']),
});
export type FieldFilterPart = z.infer<typeof fieldFilterPartSchema>;

export const stepFilterSchema = z.looseObject({
  isNegated: bool,
  type: z.enum(['BOOLEAN', 'TEXT', 'DATE', 'NUMBER', 'STATEMENT', 'LIST', 'MULTI_LIST', 'GROUP']),
  value: z.enum(['AND', 'OR']),
  children: z.array(fieldFilterPartSchema),
});
export type StepFilter = z.infer<typeof stepFilterSchema>;

export const integrationSchema = z.looseObject({
  _id: opt(str),
  _environmentId: str,
  _organizationId: str,
  name: str,
  identifier: str,
  providerId: str,
  channel: channelSchema,
  credentials: credentialsSchema,
  active: bool,
  deleted: bool,
  deletedAt: opt(str),
  deletedBy: opt(str),
  primary: bool,
  conditions: opt(z.array(stepFilterSchema)),
});
export type Integration = z.infer<typeof integrationSchema>;

// ---------------------------------------------------------------- preferences

export const preferenceChannelsSchema = z.looseObject({
  email: opt(bool),
  sms: opt(bool),
  in_app: opt(bool),
  chat: opt(bool),
  push: opt(bool),
});
export type PreferenceChannels = z.infer<typeof preferenceChannelsSchema>;

export const PREFERENCE_SOURCES = ['subscriber', 'template', 'workflowOverride'] as const;
export const preferenceOverrideSchema = z.looseObject({
  channel: channelSchema,
  source: z.enum(PREFERENCE_SOURCES),
});
export type PreferenceOverride = z.infer<typeof preferenceOverrideSchema>;

export const workflowInfoSchema = z.looseObject({
  slug: str,
  identifier: str,
  name: str,
  updatedAt: opt(str),
});
export type WorkflowInfo = z.infer<typeof workflowInfoSchema>;

export const globalPreferenceSchema = z.looseObject({
  enabled: bool,
  channels: preferenceChannelsSchema,
});
export type GlobalPreference = z.infer<typeof globalPreferenceSchema>;

export const workflowPreferenceSchema = z.looseObject({
  enabled: bool,
  channels: preferenceChannelsSchema,
  overrides: z.array(preferenceOverrideSchema),
  workflow: workflowInfoSchema,
});
export type WorkflowPreference = z.infer<typeof workflowPreferenceSchema>;

export const preferencesSchema = z.looseObject({
  global: globalPreferenceSchema,
  workflows: z.array(workflowPreferenceSchema),
});
export type Preferences = z.infer<typeof preferencesSchema>;

// ---------------------------------------------------------------- subscriber

export const channelCredentialsSchema = z.looseObject({
  webhookUrl: opt(str),
  channel: opt(str),
  deviceTokens: opt(z.array(str)),
  alertUid: opt(str),
  title: opt(str),
  imageUrl: opt(str),
  state: opt(str),
  externalUrl: opt(str),
});
export type ChannelCredentials = z.infer<typeof channelCredentialsSchema>;

export const channelSettingsSchema = z.looseObject({
  /** One of 18 chat or push provider ids; the spec omits 16 of the strings, so any string is accepted. */
  providerId: str,
  integrationIdentifier: opt(str),
  credentials: channelCredentialsSchema,
  _integrationId: str,
});
export type ChannelSettings = z.infer<typeof channelSettingsSchema>;

export const subscriberSchema = z.looseObject({
  _id: opt(str),
  firstName: opt(nullable(str)),
  lastName: opt(nullable(str)),
  email: opt(nullable(str)),
  phone: opt(nullable(str)),
  avatar: opt(nullable(str)),
  locale: opt(nullable(str)),
  channels: opt(z.array(channelSettingsSchema)),
  /** @deprecated The spec marks `topics` deprecated. */
  topics: opt(z.array(str)),
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

// ---------------------------------------------------------------- workflow

const unitSchema = z.enum(['seconds', 'minutes', 'hours', 'days', 'weeks', 'months']);

export const timedConfigSchema = z.looseObject({
  atTime: opt(str),
  weekDays: opt(z.array(z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']))),
  monthDays: opt(z.array(str)),
  ordinal: opt(z.enum(['1', '2', '3', '4', '5', 'last'])),
  ordinalValue: opt(
    z.enum(['day', 'weekday', 'weekend', 'sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']),
  ),
  monthlyType: opt(z.enum(['each', 'on'])),
});

export const stepMetadataSchema = z.union([
  z.looseObject({
    type: z.enum(['regular', 'backoff']),
    amount: opt(num),
    unit: opt(unitSchema),
    digestKey: opt(str),
    backoff: opt(bool),
    backoffAmount: opt(num),
    backoffUnit: opt(unitSchema),
    updateMode: opt(bool),
  }),
  z.looseObject({
    type: z.literal('timed'),
    amount: opt(num),
    unit: opt(unitSchema),
    digestKey: opt(str),
    timed: opt(timedConfigSchema),
  }),
  z.looseObject({ type: z.literal('scheduled'), delayPath: str }),
]);
export type StepMetadata = z.infer<typeof stepMetadataSchema>;

const stepFields = {
  _id: opt(str),
  uuid: opt(str),
  name: opt(str),
  _templateId: opt(str),
  active: opt(bool),
  shouldStopOnFail: opt(bool),
  /** The spec shows no fields for a message template. */
  template: opt(z.looseObject({})),
  filters: opt(z.array(stepFilterSchema)),
  _parentId: opt(str),
  metadata: opt(stepMetadataSchema),
  replyCallback: opt(z.looseObject({ active: opt(bool), url: opt(str) })),
};
export const stepSchema = z.looseObject({
  ...stepFields,
  variants: opt(z.array(z.looseObject(stepFields))),
});
export type Step = z.infer<typeof stepSchema>;

const nameOnly = z.looseObject({ name: str });
export const triggerSchema = z.looseObject({
  type: z.enum(['event']),
  identifier: str,
  variables: z.array(nameOnly),
  subscriberVariables: opt(z.array(nameOnly)),
});
export type Trigger = z.infer<typeof triggerSchema>;

export const notificationGroupSchema = z.looseObject({
  _id: opt(str),
  name: str,
  _environmentId: str,
  _organizationId: str,
  _parentId: opt(str),
});

export const workflowSchema = z.looseObject({
  _id: opt(str),
  name: str,
  description: str,
  active: bool,
  draft: bool,
  preferenceSettings: preferenceChannelsSchema,
  critical: bool,
  tags: z.array(str),
  steps: z.array(stepSchema),
  _organizationId: str,
  _creatorId: str,
  _environmentId: str,
  triggers: z.array(triggerSchema),
  _notificationGroupId: str,
  _parentId: opt(str),
  deleted: bool,
  deletedAt: str,
  deletedBy: str,
  notificationGroup: opt(notificationGroupSchema),
  data: opt(freeObject),
  workflowIntegrationStatus: opt(freeObject),
});
export type Workflow = z.infer<typeof workflowSchema>;

// ---------------------------------------------------------------- message (mark-as)

export const emailBlockSchema = z.looseObject({
  type: z.enum(['button', 'text']),
  content: str,
  url: opt(str),
  styles: opt(z.looseObject({ textAlign: z.enum(['center', 'left', 'right']) })),
});
export type EmailBlock = z.infer<typeof emailBlockSchema>;

export const messageSchema = z.looseObject({
  _id: opt(str),
  _templateId: opt(nullable(str)),
  _environmentId: str,
  _messageTemplateId: opt(nullable(str)),
  _organizationId: str,
  _notificationId: str,
  _subscriberId: str,
  subscriber: opt(subscriberSchema),
  template: opt(workflowSchema),
  templateIdentifier: opt(str),
  createdAt: str,
  deliveredAt: opt(z.array(str)),
  lastSeenDate: opt(str),
  lastReadDate: opt(str),
  content: opt(z.union([z.array(emailBlockSchema), str])),
  transactionId: str,
  subject: opt(str),
  channel: channelSchema,
  read: bool,
  seen: bool,
  snoozedUntil: opt(str),
  email: opt(str),
  phone: opt(str),
  directWebhookUrl: opt(str),
  providerId: opt(str),
  deviceTokens: opt(z.array(str)),
  title: opt(str),
  cta: ctaSchema,
  _feedId: opt(nullable(str)),
  status: messageStatusSchema,
  errorId: opt(str),
  errorText: opt(str),
  payload: opt(freeObject),
  overrides: opt(freeObject),
});
/** A message as mark-as returns it. */
export type Message = z.infer<typeof messageSchema>;

export const messagesSchema = z.array(messageSchema);

// ---------------------------------------------------------------- broadcast

export const broadcastResultSchema = z.looseObject({
  acknowledged: bool,
  status: broadcastStatusSchema,
  error: opt(z.array(str)),
  transactionId: opt(str),
});
export type BroadcastResult = z.infer<typeof broadcastResultSchema>;
