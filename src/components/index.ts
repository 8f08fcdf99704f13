export { Inbox } from './inbox/Inbox';
export type { InboxProps, InboxRootProps } from './inbox/Inbox';
export type { InboxClassNames, InboxTab } from './inbox/context';
export type { InboxFeedProps } from './inbox/InboxFeed';
export { NotificationItem } from './notification-item/NotificationItem';
export type { NotificationItemProps } from './notification-item/NotificationItem';
export { PreferencesPanel } from './preferences-panel/PreferencesPanel';
export type { PreferencesPanelProps } from './preferences-panel/PreferencesPanel';
export type { InboxCallbacks, InboxRenderers, NotificationButton } from './shared/settings';
