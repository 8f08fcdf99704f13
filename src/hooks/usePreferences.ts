import { useMutation, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { Channel, Preferences } from '../client/index';
import { preferencesOptions } from '../queries/preferences-query';
import { useInboxContext } from './InboxProvider';

export interface UsePreferencesResult {
  /** Undefined while loading, after an error, and for a subscriber the service does not know yet. */
  preferences: Preferences | undefined;
  /**
   * The service does not know this subscriber yet (it creates them on their first notification),
   * so there is nothing to set. Not an error.
   */
  unknownSubscriber: boolean;
  isLoading: boolean;
  error: Error | null;
  refetch: () => Promise<unknown>;
  /** The service refuses preference updates (it answered 403 or 405): show them, without switches. */
  readOnly: boolean;
  /** What the service said when it refused, for the explanation. */
  readOnlyReason: string | null;
}

/** The subscriber's global and per-workflow preferences. */
export function usePreferences(): UsePreferencesResult {
  const { inbox, client } = useInboxContext('usePreferences');
  const { preferences } = inbox;
  const query = useQuery(preferencesOptions(client, inbox.store.subscriberId, inbox.preferencesKey), inbox.store.queryClient);
  const readOnlyReason = useSyncExternalStore(preferences.subscribeReadOnly, preferences.preferencesReadOnly, preferences.preferencesReadOnly);
  return {
    preferences: query.data ?? undefined,
    unknownSubscriber: query.data === null,
    isLoading: query.isPending,
    error: query.error,
    refetch: query.refetch,
    readOnly: readOnlyReason !== null,
    readOnlyReason,
  };
}

export interface UpdatePreferenceVariables {
  /** The workflow's slug or `_id` (`entry.workflow.slug`); omit it for the global preferences. */
  workflowId?: string;
  channel: Channel;
  enabled: boolean;
}

/**
 * Turns one channel on or off, globally or for one workflow. The switch moves
 * at once and moves back if the service refuses; the last click wins.
 */
export function useUpdatePreference() {
  const { inbox } = useInboxContext('useUpdatePreference');
  return useMutation<Preferences, Error, UpdatePreferenceVariables>({ mutationFn: (change) => inbox.preferences.updatePreference(change) }, inbox.store.queryClient);
}
