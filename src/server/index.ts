export { createInboxProxy, createMemoryRateLimitStore } from './proxy';
export type { InboxProxyOptions, RateLimitStore } from './proxy';
export { toNodeListener } from './node';
export type { FetchHandler } from './node';
export { startReferenceServer } from './dev-server';
export type { ReferenceServer, ReferenceServerOptions } from './dev-server';
export { prefetchInbox } from '../queries/prefetch';
export type { PrefetchInboxOptions } from '../queries/prefetch';
