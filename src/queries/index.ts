export { formatCount } from './counts';
export type { Count, CountData, CountKind } from './counts';
export { inboxKeys, normalizeFilter } from './keys';
export type { FeedFilter, NormalizedFeedFilter } from './keys';
export { countsOptions, feedOptions, preferencesOptions } from './options';
export type { QueryContext } from './options';
