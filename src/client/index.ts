export { createInboxClient } from './client';
export { encodePayloadFilter, partialMatch } from './payload';
export { safeUrl } from './safe-url';
export type {
  BroadcastActor,
  BroadcastParams,
  BroadcastTenant,
  FeedPage,
  GetFeedParams,
  InboxClient,
  InboxClientOptions,
  InvalidFeedItem,
  MarkAsParams,
  UpdatePreferencesParams,
} from './client';
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
export * from './schemas';
export type { Infer, LooseObject, OptionalSchema, SafeParseResult, Schema } from './check';
