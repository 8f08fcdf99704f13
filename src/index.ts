/**
 * inbox-kit: the React notification center. Provider and hooks over TanStack
 * Query, query option factories for your own queries, and the client.
 */
export * from './components/index';
export { defaultLabels } from './i18n/labels';
export type { InboxLabels, PartialLabels } from './i18n/labels';
export type { ColorScheme, InboxTheme } from './theme/theme';
export * from './hooks/index';
export * from './queries/index';
export * from './client/index';
