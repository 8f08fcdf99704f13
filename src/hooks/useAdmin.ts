import { useMutation } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { createInboxAdminClient, type BroadcastParams, type BroadcastResult, type InboxAdminClient, type Integration } from '../client/index';
import { newIdempotencyKey } from '../client/http';
import type { Inbox } from '../queries/inbox';
import { useInboxContext } from './InboxProvider';

/** The provider's client with the admin operations, on the same connection. */
function useAdminClient(hook: string): { inbox: Inbox; admin: InboxAdminClient } {
  const { inbox, client } = useInboxContext(hook);
  const admin = useMemo(() => createInboxAdminClient(client), [client]);
  return { inbox, admin };
}

/** Makes an email or sms integration the primary one of its channel (admin screens; the proxy must allow it). */
export function useSetPrimaryIntegration() {
  const { inbox, admin } = useAdminClient('useSetPrimaryIntegration');
  return useMutation<Integration, Error, { integrationId: string }>(
    { mutationFn: (variables) => admin.setPrimaryIntegration(variables) },
    inbox.store.queryClient,
  );
}

/**
 * Sends an event to every subscriber (admin screens; the proxy must allow it). The feed refreshes
 * after it, in every tab. Sending the same event again after a failure (a timeout, a 409 "still
 * being processed") reuses its transaction id and idempotency key, so the service delivers it once
 * even if the first attempt went through; a changed event is a new one.
 */
export function useBroadcast() {
  const { inbox, admin } = useAdminClient('useBroadcast');
  const intent = useRef<{ fingerprint: string; key: string; transactionId: string } | undefined>(undefined);
  return useMutation<BroadcastResult, Error, BroadcastParams>(
    {
      mutationFn: (params) => {
        const fingerprint = JSON.stringify(params);
        if (intent.current?.fingerprint !== fingerprint) intent.current = { fingerprint, key: newIdempotencyKey(), transactionId: newIdempotencyKey() };
        const { key, transactionId } = intent.current;
        return admin.broadcast({ transactionId, ...params }, { idempotencyKey: key });
      },
      onSuccess: async () => {
        intent.current = undefined;
        // The socket brings it to every tab; without one, the app's tabs read afresh.
        if (!inbox.live.on) await inbox.refreshEverywhere();
      },
    },
    inbox.store.queryClient,
  );
}
