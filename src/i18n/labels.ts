/** Every visible and spoken string of the components. Pass `labels` to change any of them. */
import type { Channel } from '../client/index';
import type { SnoozePreset } from './snooze-times';

export interface InboxLabels {
  title: string;
  /** The bell's accessible name; `count` is the badge text ("3", "99+"), empty when nothing is unread. */
  bell: (count: string) => string;
  /** The bell's accessible name with `badge="unseen"`; `count` is the badge text, empty when nothing is new. */
  bellUnseen: (count: string) => string;
  markAllAsRead: string;
  markAsRead: string;
  markAsUnread: string;
  openPreferences: string;
  backToNotifications: string;
  close: string;
  tabAll: string;
  tabUnread: string;
  tabsLabel: string;
  feedLabel: string;
  loading: string;
  loadingMore: string;
  loadMore: string;
  empty: string;
  emptyUnread: string;
  /** The line under the empty state of the All tab, and of the Unread tab. */
  emptyHint: string;
  emptyUnreadHint: string;
  error: string;
  retry: string;
  endOfFeed: string;
  unread: string;
  /** Polite announcement when new notifications arrive. */
  newNotifications: (count: number) => string;
  /** Text of a notification's status when it is not `sent`. */
  status: { error: string; warning: string };
  preferencesTitle: string;
  preferencesLoading: string;
  preferencesError: string;
  /** Shown under a notification's buttons when the click could not be saved; they can be clicked again. */
  actionFailed: string;
  /** Under a notification too long to show whole, and once it is shown whole. */
  showMore: string;
  showLess: string;
  /** Shown when the service does not know the subscriber yet: nothing has been sent to them. */
  preferencesNone: string;
  globalPreferences: string;
  globalPreferencesHint: string;
  workflowPreferences: string;
  channels: Record<Channel, string>;
  /** Which layer set a workflow's channel value. */
  source: { template: string; subscriber: string; workflowOverride: string };
  readOnly: string;
  updateFailed: string;
  on: string;
  off: string;
  tabArchived: string;
  tabSnoozed: string;
  /** The empty state of the Archived and Snoozed views. */
  emptyArchived: string;
  emptySnoozed: string;
  archive: string;
  unarchive: string;
  snooze: string;
  unsnooze: string;
  delete: string;
  /** The overflow menu of a notification (narrow screens) and of the header. */
  moreActions: string;
  moreOptions: string;
  snoozePresets: Record<SnoozePreset, string>;
  snoozeCustom: string;
  /** The custom snooze time's field, and the error for a time too soon. */
  snoozeTime: string;
  snoozeTooSoon: string;
  /** Under a snoozed notification (Snoozed view): when it comes back. */
  snoozedUntil: (time: string) => string;
  /** The undo toasts. */
  archived: string;
  snoozed: string;
  deleted: string;
  undo: string;
  /** A toast for a change the service refused (`reason`: its own words, when it gave any). */
  changeFailed: (reason: string) => string;
  archiveAll: string;
  archiveRead: string;
  deleteAll: string;
  /** The confirmation of "Delete all"; `count` as a badge shows it ("12", "99+"), empty where it cannot be counted (a tab of `data`). */
  deleteAllTitle: (count: string) => string;
  deleteAllHint: string;
  cancel: string;
  highPriority: string;
  shortcuts: string;
  /** What each key does, in the keyboard shortcuts' help. */
  shortcutList: { archive: string; snooze: string; delete: string; read: string; undo: string };
  /** The toasts of new notifications (`<Inbox toasts>`): a toast's close button, and the button that stands for those not shown. */
  dismiss: string;
  moreToasts: (count: number) => string;
  /** The preferences' switch for desktop notifications, its hint, and what it says when the browser refused (or has no) permission. */
  desktop: string;
  desktopHint: string;
  desktopDenied: string;
}

/** The labels only the toasts of new notifications and the desktop switch show: their defaults load with them. */
export type LiveLabel = 'dismiss' | 'moreToasts' | 'desktop' | 'desktopHint' | 'desktopDenied';

/** The labels only the menus and their dialogs show: their defaults load with them (see `menuLabels`). */
export type MenuLabel = 'archive' | 'unarchive' | 'snooze' | 'unsnooze' | 'delete' | 'moreActions' | 'snoozePresets' | 'snoozeCustom' | 'snoozeTime' | 'snoozeTooSoon' | 'archiveAll' | 'archiveRead' | 'deleteAll' | 'deleteAllTitle' | 'deleteAllHint' | 'cancel' | 'shortcuts' | 'shortcutList';

/** The default of every label but the menus' (those are in the menus' own chunk, as `menuLabels` gives them). */
export const defaultLabels: Omit<InboxLabels, MenuLabel | LiveLabel> = {
  title: 'Notifications',
  bell: (count) => (count ? `Notifications, ${count} unread` : 'Notifications'),
  bellUnseen: (count) => (count ? `Notifications, ${count} new` : 'Notifications'),
  markAllAsRead: 'Mark all as read',
  markAsRead: 'Mark as read',
  markAsUnread: 'Mark as unread',
  openPreferences: 'Notification preferences',
  backToNotifications: 'Back to notifications',
  close: 'Close',
  tabAll: 'All',
  tabUnread: 'Unread',
  tabsLabel: 'Filter notifications',
  feedLabel: 'Notifications',
  loading: 'Loading notifications…',
  loadingMore: 'Loading more…',
  loadMore: 'Load more',
  empty: 'You’re all caught up.',
  emptyUnread: 'No unread notifications.',
  emptyHint: 'New notifications will show up here.',
  emptyUnreadHint: 'Everything here has been read.',
  error: 'Notifications could not be loaded.',
  retry: 'Try again',
  endOfFeed: 'That’s everything.',
  unread: 'Unread',
  newNotifications: (count) => (count === 1 ? '1 new notification' : `${count} new notifications`),
  status: { error: 'Failed', warning: 'Warning' },
  preferencesTitle: 'Preferences',
  preferencesLoading: 'Loading preferences…',
  preferencesError: 'Preferences could not be loaded.',
  actionFailed: 'That could not be saved. Please try again.',
  showMore: 'Show more',
  showLess: 'Show less',
  preferencesNone: 'Nothing to set yet: your preferences appear here once you receive your first notification.',
  globalPreferences: 'All notifications',
  globalPreferencesHint: 'Applies to every notification type below that you have not set on its own.',
  workflowPreferences: 'By topic',
  channels: { in_app: 'In-app', email: 'Email', sms: 'SMS', chat: 'Chat', push: 'Push' },
  source: { template: 'Default', subscriber: 'Your choice', workflowOverride: 'Set by your organization' },
  readOnly: 'Your organization manages these preferences, so they cannot be changed here.',
  updateFailed: 'That change could not be saved.',
  on: 'On',
  off: 'Off',
  tabArchived: 'Archived',
  tabSnoozed: 'Snoozed',
  emptyArchived: 'Nothing archived.',
  emptySnoozed: 'Nothing snoozed.',
  moreOptions: 'More options',
  snoozedUntil: (time) => `Snoozed until ${time}`,
  archived: 'Archived',
  snoozed: 'Snoozed',
  deleted: 'Deleted',
  undo: 'Undo',
  changeFailed: (reason) => (reason ? `That could not be saved: ${reason}` : 'That could not be saved. Please try again.'),
  highPriority: 'High priority',
};

/**
 * Labels with the given ones over the defaults (one level deep for grouped labels). The menus'
 * defaults are not in the first bundle: the menus lay them under these (`menuLabels`).
 */
export function mergeLabels(labels: PartialLabels | undefined): InboxLabels {
  if (!labels) return defaultLabels as InboxLabels;
  const merged: Record<string, unknown> = { ...defaultLabels, ...labels };
  for (const group of ['status', 'channels', 'source'] as const) merged[group] = { ...defaultLabels[group], ...labels[group] };
  return merged as unknown as InboxLabels;
}

export type PartialLabels = Partial<Omit<InboxLabels, 'status' | 'channels' | 'source' | 'snoozePresets' | 'shortcutList'>> & {
  snoozePresets?: Partial<InboxLabels['snoozePresets']>;
  shortcutList?: Partial<InboxLabels['shortcutList']>;
  status?: Partial<InboxLabels['status']>;
  channels?: Partial<InboxLabels['channels']>;
  source?: Partial<InboxLabels['source']>;
};
