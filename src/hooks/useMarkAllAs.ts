import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { PayloadFilter } from '../client/index';
import type { MarkAllResult } from '../queries/store';
import { useInboxContext } from './InboxProvider';

export interface MarkAllAsVariables {
  /** Default `read`. */
  markAs?: 'read' | 'seen';
  /** Only notifications whose payload contains these values (a custom tab's filter). */
  payload?: PayloadFilter;
}

/**
 * Marks every matching notification read (or seen), 100 at a time. The cache
 * looks done at once; a failure part-way keeps what was marked and `mutate`
 * again resumes with the rest. `marked` counts progress.
 */
export function useMarkAllAs() {
  const { store } = useInboxContext('useMarkAllAs');
  const [marked, setMarked] = useState(0);
  const mutation = useMutation<MarkAllResult, Error, MarkAllAsVariables | void>(
    {
      mutationFn: (variables) => {
        setMarked(0);
        return store.markAllAs(variables?.markAs ?? 'read', variables?.payload, setMarked);
      },
    },
    store.queryClient,
  );
  return { ...mutation, marked };
}
