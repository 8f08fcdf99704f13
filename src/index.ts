/**
 * inbox-kit: the React notification center. The provider, the hooks, the components, and the types
 * they take. The client and its schemas are `inbox-kit/client`; the admin hooks `inbox-kit/admin`.
 */
export * from './components/index';
export * from './hooks/index';
export { defaultLabels } from './i18n/labels';
export type { InboxLabels, PartialLabels } from './i18n/labels';
export type { ColorScheme, InboxTheme } from './theme/theme';
export { formatCount } from './queries/count-label';
export type { Count, CountKind } from './queries/count-label';
export type { HeadersOption, InboxClient, InvalidFeedItem, Register, RegisteredPayload, RegisteredPayloadSchema, StandardSchemaV1 } from './client/index';
export type { InboxAction, InboxCapabilities, InboxNotification, InboxRedirect, PayloadFilter, Severity } from './client/index';
export type { SnoozePreset } from './i18n/snooze-times';
