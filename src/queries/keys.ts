/** Query keys. Everything of one subscriber on one service lives under `['inbox-kit', scope]`. */

export const inboxKeys = {
  preferences: (scope: string) => ['inbox-kit', scope, 'preferences'] as const,
  /** The notification store's lists and counts (`notification-store.ts`). */
  notifications: (scope: string) => ['inbox-kit', scope, 'notifications'] as const,
};

/** One cache per service and subscriber. */
export const scopeOf = (baseUrl: string, subscriberId: string): string => `${baseUrl}|${subscriberId}`;
