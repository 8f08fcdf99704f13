import { createContext, useContext, type ReactNode } from 'react';
import type { NotificationStore } from '../queries/notification-store';

const NotificationStoreContext = createContext<NotificationStore | undefined>(undefined);

/** Gives the hooks below it a store of notifications (`createNotificationStore`). */
export function NotificationStoreProvider({ store, children }: { store: NotificationStore; children?: ReactNode }) {
  return <NotificationStoreContext.Provider value={store}>{children}</NotificationStoreContext.Provider>;
}

export function useNotificationStore(hook: string): NotificationStore {
  const store = useContext(NotificationStoreContext);
  if (!store) throw new Error(`${hook} must be used inside the provider of a notification store.`);
  return store;
}
