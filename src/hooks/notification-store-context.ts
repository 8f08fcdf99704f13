import type { NotificationStore } from '../queries/notification-store';
import { useInboxContext } from './InboxProvider';

/** The provider's store of notifications; `hook` names the caller in the error thrown outside a provider. */
export function useNotificationStore(hook: string): NotificationStore {
  return useInboxContext(hook).inbox.store;
}
