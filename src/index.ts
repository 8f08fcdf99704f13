/**
 * inbox-kit: the React notification center. Provider and hooks over TanStack
 * Query, query option factories for your own queries, and the client.
 */
export * from './hooks/index';
export * from './queries/index';
export * from './client/index';
