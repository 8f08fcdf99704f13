/** The subscriber's preferences: one query, and `null` for a subscriber the service does not know yet. */
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { Preferences } from '../client/index';
import type { PreferenceOperations } from '../client/preference-operations';
import { orWhenUnknown } from './unknown-subscriber';

export function preferencesOptions(client: PreferenceOperations, subscriberId: string, queryKey: QueryKey) {
  return queryOptions({
    // The client retries network errors, 5xx and 429 itself.
    retry: false,
    queryKey,
    // `null`: the service does not know this subscriber yet, so there is nothing to set.
    queryFn: ({ signal }): Promise<Preferences | null> => orWhenUnknown<Preferences | null>(client.getPreferences({ subscriberId }, { signal }), () => null),
  });
}
