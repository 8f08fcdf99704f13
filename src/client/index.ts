export { createInboxClient } from './client';
export type { GetFeedParams, InboxClient, InboxClientOptions, InboxV1Client, UpdatePreferencesParams } from './client';
export type {
  BulkFilter,
  InboxApi,
  InboxCapabilities,
  ListNotificationsParams,
  NotificationCountFilter,
  NotificationOperations,
  NotificationParams,
  NotificationsPage,
} from './notifications';
export type { MarkActionParams, MarkAllParams, MarkAsParams, MessageOperations } from './messages';
export { createInboxAdminClient } from './admin-client';
export type { BroadcastActor, BroadcastParams, BroadcastTenant, InboxAdminClient } from './admin-client';
export type { ConnectionOptions } from './connection';
export type { FeedPage, InvalidFeedItem } from './feed-page';
export { encodePayloadFilter, partialMatch } from './payload';
export type {
  PayloadFilter,
  Register,
  RegisteredPayload,
  RegisteredPayloadSchema,
  SchemaOutput,
  StandardIssue,
  StandardResult,
  StandardSchemaV1,
} from './payload-schema';
export { safeUrl } from './safe-url';
export { senderOf } from './sender';
export type { HeadersOption, RequestOptions, RetryOptions } from './http';
export {
  InboxAbortError,
  InboxApiError,
  InboxArgumentError,
  InboxBrowserApiKeyError,
  InboxError,
  InboxNetworkError,
  InboxTimeoutError,
  InboxValidationError,
  isInboxError,
} from './errors';
export type { InboxErrorCode, ValidationIssue } from './errors';
export * from './schemas/index';
