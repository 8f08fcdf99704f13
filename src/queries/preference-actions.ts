/**
 * Preference toggles: a switch moves at once, the service is told, a second toggle of it waits for the
 * first, and a refusal rolls it back. Once the service refuses updates (403, 405) they are read-only.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { InboxApiError, type Preferences } from '../client/index';
import type { PreferenceOperations } from '../client/preference-operations';
import { newIdempotencyKey } from '../client/http';
import { createIntentQueue } from './intents';
import { createListeners } from './listeners';
import { preferenceValue, setPreferenceValue, type PreferenceTarget } from './preferences';

/** The switch of an intent queue's key. */
const targetOf = (key: string) => JSON.parse(key) as PreferenceTarget;

export function createPreferenceActions(options: {
  client: PreferenceOperations;
  subscriberId: string;
  queryClient: QueryClient;
  preferencesKey: QueryKey;
  /** After the service saved a change (to tell the app's other tabs). */
  saved: () => void;
}) {
  const { client, subscriberId, queryClient, preferencesKey, saved } = options;
  const intents = createIntentQueue<boolean>({
    read: (key) => {
      const prefs = queryClient.getQueryData<Preferences | null>(preferencesKey);
      return prefs ? preferenceValue(prefs, targetOf(key)) : undefined;
    },
    write: (changes) => void queryClient.setQueryData<Preferences | null>(preferencesKey, (prefs) => prefs && [...changes].reduce((next, [key, enabled]) => setPreferenceValue(next, targetOf(key), enabled), prefs)),
    settled: () => void queryClient.invalidateQueries({ queryKey: preferencesKey }),
  });

  let readOnly: string | null = null;
  const readOnlyListeners = createListeners();

  return {
    /** Sets one channel of the global (no workflowId) or a workflow's preferences, optimistically. */
    async updatePreference(change: { workflowId?: string | undefined; channel: string; enabled: boolean }): Promise<Preferences> {
      const target: PreferenceTarget = [change.workflowId ?? null, change.channel];
      const key = JSON.stringify(target);
      await queryClient.cancelQueries({ queryKey: preferencesKey });
      try {
        // Sent again under the same key after an unclear answer (see createIntentQueue).
        const idempotencyKey = newIdempotencyKey();
        const prefs = await intents.run(new Map([[key, change.enabled]]), async () => {
          const result = await client.updatePreferences(
            { subscriberId, channels: { [change.channel]: change.enabled }, ...(change.workflowId ? { workflowId: change.workflowId } : {}) },
            { idempotencyKey },
          );
          const value = preferenceValue(result, target);
          return { result, values: new Map(value === undefined ? [] : [[key, value]]) };
        });
        saved();
        return prefs;
      } catch (error) {
        // 403 and 405: this service (or proxy) does not let subscribers change preferences.
        if (error instanceof InboxApiError && (error.status === 403 || error.status === 405) && readOnly === null) {
          readOnly = error.messages[0] ?? error.statusText;
          readOnlyListeners.call();
        }
        throw error;
      }
    },
    /** Why the service refuses preference updates, once it has; else null. */
    preferencesReadOnly: () => readOnly,
    /** Calls back when `preferencesReadOnly()` changes; returns the unsubscribe function. */
    subscribeReadOnly: readOnlyListeners.add,
  };
}
