import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { InboxCapabilities } from '../client/index';
import { useInboxContext } from './InboxProvider';

/** Settles once a query under `key` (a list or the counts) has an answer: the client then knows the service's dialect. */
function firstAnswer(queryClient: QueryClient, key: readonly unknown[]): Promise<void> {
  const cache = queryClient.getQueryCache();
  const answered = () => cache.findAll({ queryKey: key }).some((query) => query.state.dataUpdatedAt > 0 && query.queryKey.length > key.length + 1);
  return new Promise((resolve) => {
    if (answered()) return resolve();
    const stop = cache.subscribe(() => {
      if (!answered()) return;
      stop();
      resolve();
    });
  });
}

/**
 * What the service can do for this inbox: on v2 archive, snooze and delete; on a v1-only service
 * none of them (their actions, views and menu entries are then left out, not disabled). Known from
 * the inbox's first answer, with no request of its own; `undefined` until then.
 */
export function useCapabilities(): InboxCapabilities | undefined {
  const { inbox } = useInboxContext('useCapabilities');
  const { store } = inbox;
  return useQuery(
    {
      queryKey: [...store.key, 'capabilities'],
      queryFn: async () => {
        await firstAnswer(store.queryClient, store.key);
        return store.client.capabilities({ subscriberId: store.subscriberId });
      },
      staleTime: Infinity,
      retry: false,
    },
    store.queryClient,
  ).data;
}
