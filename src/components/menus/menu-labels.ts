/** The menus' own labels (see `MenuLabel`): their defaults, under what the inbox was given. */
import type { InboxLabels, MenuLabel } from '../../i18n/labels';

const defaults: Pick<InboxLabels, MenuLabel> = {
  archive: 'Archive',
  unarchive: 'Unarchive',
  snooze: 'Snooze',
  unsnooze: 'Unsnooze',
  delete: 'Delete',
  moreActions: 'More actions',
  snoozePresets: { hour: 'In 1 hour', evening: 'This evening', tomorrow: 'Tomorrow morning', nextWeek: 'Next week' },
  snoozeCustom: 'Pick a date and time…',
  snoozeTime: 'Snooze until',
  snoozeTooSoon: 'Choose a time at least a minute from now.',
  archiveAll: 'Archive all',
  archiveRead: 'Archive read',
  deleteAll: 'Delete all…',
  deleteAllTitle: (count) => (count ? `Delete ${count === '1' ? 'this notification' : `all ${count} notifications`}?` : 'Delete all of them?'),
  deleteAllHint: 'They are deleted for good: this cannot be undone.',
  cancel: 'Cancel',
  shortcuts: 'Keyboard shortcuts',
  shortcutList: { archive: 'Archive or unarchive', snooze: 'Snooze', delete: 'Delete', read: 'Mark read or unread', undo: 'Undo' },
};

/** `labels` (the inbox's, merged with what it was given) with the menus' defaults under them. */
export function menuLabels(labels: InboxLabels): InboxLabels {
  return {
    ...defaults,
    ...labels,
    snoozePresets: { ...defaults.snoozePresets, ...labels.snoozePresets },
    shortcutList: { ...defaults.shortcutList, ...labels.shortcutList },
  };
}
