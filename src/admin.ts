/**
 * inbox-kit/admin: what admin screens use, kept out of the inbox's entry (and its bundle): the
 * admin hooks, on the provider's connection, and `createInboxAdminClient` for code of your own.
 * No `'use client'` here: it has no components, and `createInboxAdminClient` stays callable from
 * server code. Call the hooks from your client components, inside `<InboxProvider>`.
 */
export { useBroadcast, useSetPrimaryIntegration } from './hooks/useAdmin';
export { createInboxAdminClient } from './client/admin-client';
export type { BroadcastActor, BroadcastParams, BroadcastTenant, InboxAdminClient } from './client/admin-client';
export type { BroadcastResult, Integration } from './client/schemas/index';
