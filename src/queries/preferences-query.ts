/** The subscriber's preferences: one query, and `null` for a subscriber the service does not know yet. */
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { Preferences } from '../client/index';
import type { PreferenceOperations } from '../client/preference-operations';
import { orWhenUnknown } from './unknown-subscriber';

export function preferencesOptions(client: PreferenceOperations, subscriberId: string, queryKey: QueryKey) {
  return queryOptions({
    retry: false,
    queryKey,
    queryFn: ({ signal }): Promise<Preferences | null> => orWhenUnknown<Preferences | null>(client.getPreferences({ subscriberId }, { signal }), () => null),
  });
}
