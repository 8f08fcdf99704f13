import { useQuery } from '@tanstack/react-query';
import type { InboxCapabilities } from '../client/index';
import { useInboxContext } from './InboxProvider';

/**
 * What the service can do for this inbox: on v2 archive, snooze and delete; on a v1-only service
 * none of them (their actions, views and menu entries are then left out, not disabled). Known from
 * the inbox's first answer; `undefined` until then.
 */
export function useCapabilities(): InboxCapabilities | undefined {
  const { inbox } = useInboxContext('useCapabilities');
  const { store } = inbox;
  return useQuery(
    {
      queryKey: [...store.key, 'capabilities'],
      queryFn: () => store.client.capabilities({ subscriberId: store.subscriberId }),
      staleTime: Infinity,
      retry: false,
    },
    store.queryClient,
  ).data;
}
