import type { InboxLabels } from '../../i18n/labels';
import { CURRENT, tabFilter } from '../../queries/inbox-counts';
import type { InboxTab, InboxUi } from './context';

/**
 * The tabs: All and Unread, yours, then Archived; Snoozed while it is shown (it opens from the
 * header's menu). Archived and Snoozed only where the service has them (not on v1).
 */
export function inboxTabs(labels: InboxLabels, can: InboxUi['capabilities'], extra: readonly InboxTab[] | undefined, snoozedShown: boolean): [InboxTab, ...InboxTab[]] {
  return [
    { id: 'all', label: labels.tabAll, filter: CURRENT },
    { id: 'unread', label: labels.tabUnread, filter: { ...CURRENT, read: false } },
    ...(extra ?? []).map((tab) => ({ ...tab, filter: tabFilter(tab.filter) })),
    ...(can.archive ? [{ id: 'archived', label: labels.tabArchived, filter: { archived: true } }] : []),
    ...(can.snooze && snoozedShown ? [{ id: 'snoozed', label: labels.tabSnoozed, filter: { snoozed: true } }] : []),
  ];
}

/** The empty state's title and hint of a tab. */
export function emptyText(tab: InboxTab, labels: InboxLabels): [string, string] {
  const { read, archived, snoozed } = tab.filter;
  if (archived) return [labels.emptyArchived, ''];
  if (snoozed) return [labels.emptySnoozed, ''];
  return read === false ? [labels.emptyUnread, labels.emptyUnreadHint] : [labels.empty, labels.emptyHint];
}
