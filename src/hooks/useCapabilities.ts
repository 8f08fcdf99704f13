import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { InboxCapabilities } from '../client/index';
import { useInboxContext } from './InboxProvider';

/**
 * What the service can do for this inbox: on v2 archive, snooze and delete; on a v1-only service
 * none of them (their actions, views and menu entries are then left out, not disabled). Asked once
 * the inbox holds a notification: the client knows the service's dialect from that answer, so it
 * sends nothing for it. `undefined` until then (an empty inbox is taken to be on v2).
 */
export function useCapabilities(): InboxCapabilities | undefined {
  const { store } = useInboxContext('useCapabilities').inbox;
  const answered = useSyncExternalStore(store.subscribe, () => store.table.all().length > 0, () => false);
  return useQuery(
    {
      queryKey: [...store.key, 'capabilities'],
      queryFn: () => store.client.capabilities({ subscriberId: store.subscriberId }),
      staleTime: Infinity,
      retry: false,
      enabled: answered,
    },
    store.queryClient,
  ).data;
}
