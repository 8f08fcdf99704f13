/**
 * zod schemas for every record of the notification service spec
 * (`shared/spec/notification-service.md`), field for field, with the
 * TypeScript types inferred from them.
 *
 * Objects are loose: fields the spec does not list pass through untouched, so
 * a newer service never breaks an older kit. Each schema has zod's
 * `parse` and `safeParse`; see `check.ts` for why it is not zod.
 */
import * as v from './check';

const str = v.string();
const bool = v.boolean();
const num = v.number();
const opt = v.optional;
const nullable = v.nullable;
/** A free-form JSON object. */
const freeObject = v.record();

// ---------------------------------------------------------------- enums

export const CHANNELS = ['in_app', 'email', 'sms', 'chat', 'push'] as const;
export const channelSchema = v.oneOf(CHANNELS);
export type Channel = v.Infer<typeof channelSchema>;

export const MESSAGE_STATUSES = ['sent', 'error', 'warning'] as const;
export const messageStatusSchema = v.oneOf(MESSAGE_STATUSES);
export type MessageStatus = v.Infer<typeof messageStatusSchema>;

export const ACTOR_TYPES = ['none', 'user', 'system_icon', 'system_custom'] as const;
export const actorTypeSchema = v.oneOf(ACTOR_TYPES);
export type ActorType = v.Infer<typeof actorTypeSchema>;

export const MARK_AS_VALUES = ['read', 'seen', 'unread', 'unseen'] as const;
export const markAsValueSchema = v.oneOf(MARK_AS_VALUES);
export type MarkAsValue = v.Infer<typeof markAsValueSchema>;

export const BROADCAST_STATUSES = [
  'error',
  'trigger_not_active',
  'no_workflow_active_steps_defined',
  'no_workflow_steps_defined',
  'processed',
  'no_tenant_found',
  'invalid_recipients',
] as const;
export const broadcastStatusSchema = v.oneOf(BROADCAST_STATUSES);
export type BroadcastStatus = v.Infer<typeof broadcastStatusSchema>;

const buttonTypeSchema = v.oneOf(['primary', 'secondary']);
export type ButtonType = v.Infer<typeof buttonTypeSchema>;

// ---------------------------------------------------------------- call to action

export const messageButtonSchema = v.looseObject({
  type: buttonTypeSchema,
  content: str,
  /** Content shown once the button has been clicked. */
  resultContent: opt(str),
});
export type MessageButton = v.Infer<typeof messageButtonSchema>;

export const messageActionResultSchema = v.looseObject({
  payload: opt(freeObject),
  type: opt(buttonTypeSchema),
});
export type MessageActionResult = v.Infer<typeof messageActionResultSchema>;

export const messageActionSchema = v.looseObject({
  status: opt(v.oneOf(['pending', 'done'])),
  buttons: opt(v.array(messageButtonSchema)),
  result: opt(messageActionResultSchema),
});
export type MessageAction = v.Infer<typeof messageActionSchema>;

export const ctaSchema = v.looseObject({
  type: opt(v.oneOf(['redirect'])),
  data: opt(v.looseObject({ url: opt(str) })),
  action: opt(messageActionSchema),
});
export type CallToAction = v.Infer<typeof ctaSchema>;

// ---------------------------------------------------------------- feed

export const actorSchema = v.looseObject({
  data: nullable(str),
  type: actorTypeSchema,
});
export type Actor = v.Infer<typeof actorSchema>;

export const feedSubscriberSchema = v.looseObject({
  _id: opt(str),
  firstName: opt(str),
  lastName: opt(str),
  avatar: opt(str),
  subscriberId: str,
});
export type FeedSubscriber = v.Infer<typeof feedSubscriberSchema>;

export const feedItemSchema = v.looseObject({
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
  deviceTokens: opt(nullable(v.array(str))),
  cta: ctaSchema,
  status: messageStatusSchema,
  payload: opt(freeObject),
  data: opt(nullable(freeObject)),
  overrides: opt(freeObject),
  tags: opt(nullable(v.array(str))),
});
/** One notification of the in-app feed. */
export type FeedItem = v.Infer<typeof feedItemSchema>;

/**
 * The feed page as the wire carries it. `data` is checked item by item by the
 * client (one bad item does not fail the page), so it is an array of unknown here.
 */
export const feedPageSchema = v.looseObject({
  totalCount: opt(num),
  hasMore: bool,
  data: v.array(v.unknown()),
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

function optionalFields<K extends string, T>(keys: readonly K[], type: v.Schema<T>) {
  return Object.fromEntries(keys.map((key) => [key, opt(type)])) as { [P in K]: v.OptionalSchema<T> };
}

export const credentialsSchema = v.looseObject({
  ...optionalFields(credentialStringKeys, str),
  ...optionalFields(credentialBooleanKeys, bool),
  tlsOptions: opt(freeObject),
});
export type Credentials = v.Infer<typeof credentialsSchema>;

export const FIELD_OPERATORS = [
  'LARGER', 'SMALLER', 'LARGER_EQUAL', 'SMALLER_EQUAL', 'EQUAL', 'NOT_EQUAL', 'ALL_IN', 'ANY_IN',
  'NOT_IN', 'BETWEEN', 'NOT_BETWEEN', 'LIKE', 'NOT_LIKE', 'IN',
] as const;

export const fieldFilterPartSchema = v.looseObject({
  field: str,
  value: str,
  operator: v.oneOf(FIELD_OPERATORS),
  on: v.oneOf(['subscriber', 'payload']),
});
export type FieldFilterPart = v.Infer<typeof fieldFilterPartSchema>;

export const stepFilterSchema = v.looseObject({
  isNegated: bool,
  type: v.oneOf(['BOOLEAN', 'TEXT', 'DATE', 'NUMBER', 'STATEMENT', 'LIST', 'MULTI_LIST', 'GROUP']),
  value: v.oneOf(['AND', 'OR']),
  children: v.array(fieldFilterPartSchema),
});
export type StepFilter = v.Infer<typeof stepFilterSchema>;

export const integrationSchema = v.looseObject({
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
  conditions: opt(v.array(stepFilterSchema)),
});
export type Integration = v.Infer<typeof integrationSchema>;

// ---------------------------------------------------------------- preferences

export const preferenceChannelsSchema = v.looseObject({
  email: opt(bool),
  sms: opt(bool),
  in_app: opt(bool),
  chat: opt(bool),
  push: opt(bool),
});
export type PreferenceChannels = v.Infer<typeof preferenceChannelsSchema>;

export const PREFERENCE_SOURCES = ['subscriber', 'template', 'workflowOverride'] as const;
export const preferenceOverrideSchema = v.looseObject({
  channel: channelSchema,
  source: v.oneOf(PREFERENCE_SOURCES),
});
export type PreferenceOverride = v.Infer<typeof preferenceOverrideSchema>;

export const workflowInfoSchema = v.looseObject({
  slug: str,
  identifier: str,
  name: str,
  updatedAt: opt(str),
});
export type WorkflowInfo = v.Infer<typeof workflowInfoSchema>;

export const globalPreferenceSchema = v.looseObject({
  enabled: bool,
  channels: preferenceChannelsSchema,
});
export type GlobalPreference = v.Infer<typeof globalPreferenceSchema>;

export const workflowPreferenceSchema = v.looseObject({
  enabled: bool,
  channels: preferenceChannelsSchema,
  overrides: v.array(preferenceOverrideSchema),
  workflow: workflowInfoSchema,
});
export type WorkflowPreference = v.Infer<typeof workflowPreferenceSchema>;

export const preferencesSchema = v.looseObject({
  global: globalPreferenceSchema,
  workflows: v.array(workflowPreferenceSchema),
});
export type Preferences = v.Infer<typeof preferencesSchema>;

// ---------------------------------------------------------------- subscriber

export const channelCredentialsSchema = v.looseObject({
  webhookUrl: opt(str),
  channel: opt(str),
  deviceTokens: opt(v.array(str)),
  alertUid: opt(str),
  title: opt(str),
  imageUrl: opt(str),
  state: opt(str),
  externalUrl: opt(str),
});
export type ChannelCredentials = v.Infer<typeof channelCredentialsSchema>;

export const channelSettingsSchema = v.looseObject({
  /** One of 18 chat or push provider ids; the spec omits 16 of the strings, so any string is accepted. */
  providerId: str,
  integrationIdentifier: opt(str),
  credentials: channelCredentialsSchema,
  _integrationId: str,
});
export type ChannelSettings = v.Infer<typeof channelSettingsSchema>;

export const subscriberSchema = v.looseObject({
  _id: opt(str),
  firstName: opt(nullable(str)),
  lastName: opt(nullable(str)),
  email: opt(nullable(str)),
  phone: opt(nullable(str)),
  avatar: opt(nullable(str)),
  locale: opt(nullable(str)),
  channels: opt(v.array(channelSettingsSchema)),
  /** @deprecated The spec marks `topics` deprecated. */
  topics: opt(v.array(str)),
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
export type Subscriber = v.Infer<typeof subscriberSchema>;

// ---------------------------------------------------------------- workflow

const unitSchema = v.oneOf(['seconds', 'minutes', 'hours', 'days', 'weeks', 'months']);

export const timedConfigSchema = v.looseObject({
  atTime: opt(str),
  weekDays: opt(v.array(v.oneOf(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']))),
  monthDays: opt(v.array(str)),
  ordinal: opt(v.oneOf(['1', '2', '3', '4', '5', 'last'])),
  ordinalValue: opt(
    v.oneOf(['day', 'weekday', 'weekend', 'sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']),
  ),
  monthlyType: opt(v.oneOf(['each', 'on'])),
});

export const stepMetadataSchema = v.union([
  v.looseObject({
    type: v.oneOf(['regular', 'backoff']),
    amount: opt(num),
    unit: opt(unitSchema),
    digestKey: opt(str),
    backoff: opt(bool),
    backoffAmount: opt(num),
    backoffUnit: opt(unitSchema),
    updateMode: opt(bool),
  }),
  v.looseObject({
    type: v.oneOf(['timed']),
    amount: opt(num),
    unit: opt(unitSchema),
    digestKey: opt(str),
    timed: opt(timedConfigSchema),
  }),
  v.looseObject({ type: v.oneOf(['scheduled']), delayPath: str }),
]);
export type StepMetadata = v.Infer<typeof stepMetadataSchema>;

const stepFields = {
  _id: opt(str),
  uuid: opt(str),
  name: opt(str),
  _templateId: opt(str),
  active: opt(bool),
  shouldStopOnFail: opt(bool),
  /** The spec shows no fields for a message template. */
  template: opt(v.looseObject({})),
  filters: opt(v.array(stepFilterSchema)),
  _parentId: opt(str),
  metadata: opt(stepMetadataSchema),
  replyCallback: opt(v.looseObject({ active: opt(bool), url: opt(str) })),
};
export const stepSchema = v.looseObject({
  ...stepFields,
  variants: opt(v.array(v.looseObject(stepFields))),
});
export type Step = v.Infer<typeof stepSchema>;

const nameOnly = v.looseObject({ name: str });
export const triggerSchema = v.looseObject({
  type: v.oneOf(['event']),
  identifier: str,
  variables: v.array(nameOnly),
  subscriberVariables: opt(v.array(nameOnly)),
});
export type Trigger = v.Infer<typeof triggerSchema>;

export const notificationGroupSchema = v.looseObject({
  _id: opt(str),
  name: str,
  _environmentId: str,
  _organizationId: str,
  _parentId: opt(str),
});

export const workflowSchema = v.looseObject({
  _id: opt(str),
  name: str,
  description: str,
  active: bool,
  draft: bool,
  preferenceSettings: preferenceChannelsSchema,
  critical: bool,
  tags: v.array(str),
  steps: v.array(stepSchema),
  _organizationId: str,
  _creatorId: str,
  _environmentId: str,
  triggers: v.array(triggerSchema),
  _notificationGroupId: str,
  _parentId: opt(str),
  deleted: bool,
  deletedAt: str,
  deletedBy: str,
  notificationGroup: opt(notificationGroupSchema),
  data: opt(freeObject),
  workflowIntegrationStatus: opt(freeObject),
});
export type Workflow = v.Infer<typeof workflowSchema>;

// ---------------------------------------------------------------- message (mark-as)

export const emailBlockSchema = v.looseObject({
  type: v.oneOf(['button', 'text']),
  content: str,
  url: opt(str),
  styles: opt(v.looseObject({ textAlign: v.oneOf(['center', 'left', 'right']) })),
});
export type EmailBlock = v.Infer<typeof emailBlockSchema>;

export const messageSchema = v.looseObject({
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
  deliveredAt: opt(v.array(str)),
  lastSeenDate: opt(str),
  lastReadDate: opt(str),
  content: opt(v.union([v.array(emailBlockSchema), str])),
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
  deviceTokens: opt(v.array(str)),
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
export type Message = v.Infer<typeof messageSchema>;

export const messagesSchema = v.array(messageSchema);

// ---------------------------------------------------------------- broadcast

export const broadcastResultSchema = v.looseObject({
  acknowledged: bool,
  status: broadcastStatusSchema,
  error: opt(v.array(str)),
  transactionId: opt(str),
});
export type BroadcastResult = v.Infer<typeof broadcastResultSchema>;
