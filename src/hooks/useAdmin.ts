import { useMutation } from '@tanstack/react-query';
import type { BroadcastParams, BroadcastResult, Integration } from '../client/index';
import { inboxKeys } from '../queries/keys';
import { useInboxContext } from './InboxProvider';

/** Makes an email or sms integration the primary one of its channel (admin screens; the proxy must allow it). */
export function useSetPrimaryIntegration() {
  const { store } = useInboxContext('useSetPrimaryIntegration');
  return useMutation<Integration, Error, { integrationId: string }>(
    { mutationFn: (variables) => store.client.setPrimaryIntegration(variables) },
    store.queryClient,
  );
}

/** Sends an event to every subscriber (admin screens; the proxy must allow it). The feed refreshes after it, in every tab. */
export function useBroadcast() {
  const { store } = useInboxContext('useBroadcast');
  return useMutation<BroadcastResult, Error, BroadcastParams>(
    {
      mutationFn: (params) => store.client.broadcast(params),
      onSuccess: async () => {
        store.refreshEverywhere();
        await store.queryClient.invalidateQueries({ queryKey: inboxKeys.all(store.scope) });
      },
    },
    store.queryClient,
  );
}
