import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { createInboxAdminClient, type BroadcastParams, type BroadcastResult, type InboxAdminClient, type Integration } from '../client/index';
import { inboxKeys } from '../queries/keys';
import type { InboxStore } from '../queries/store';
import { useInboxContext } from './InboxProvider';

/** The provider's client with the admin operations, on the same connection. */
function useAdminClient(hook: string): { store: InboxStore; admin: InboxAdminClient } {
  const { store } = useInboxContext(hook);
  const { client } = store;
  const admin = useMemo(() => createInboxAdminClient(client), [client]);
  return { store, admin };
}

/** Makes an email or sms integration the primary one of its channel (admin screens; the proxy must allow it). */
export function useSetPrimaryIntegration() {
  const { store, admin } = useAdminClient('useSetPrimaryIntegration');
  return useMutation<Integration, Error, { integrationId: string }>(
    { mutationFn: (variables) => admin.setPrimaryIntegration(variables) },
    store.queryClient,
  );
}

/** Sends an event to every subscriber (admin screens; the proxy must allow it). The feed refreshes after it, in every tab. */
export function useBroadcast() {
  const { store, admin } = useAdminClient('useBroadcast');
  return useMutation<BroadcastResult, Error, BroadcastParams>(
    {
      mutationFn: (params) => admin.broadcast(params),
      onSuccess: async () => {
        store.refreshEverywhere();
        await store.queryClient.invalidateQueries({ queryKey: inboxKeys.all(store.scope) });
      },
    },
    store.queryClient,
  );
}
