import { useInboxContext } from '../../hooks/InboxProvider';
import { usePollInterval } from '../../hooks/useCounts';
import { useNotificationCounts } from '../../hooks/useNotificationCounts';
import type { ShownCount } from '../../queries/count-plan';
import { inboxCountFilters, tabCountFilter } from '../../queries/inbox-counts';
import type { InboxUi } from './context';

/** The tabs that show a count: Unread, and yours; not All (the bell counts it), Archived or Snoozed. */
const counted = (ui: InboxUi) => ui.tabs.filter((tab) => tab.id !== 'all' && tab.id !== 'archived' && tab.id !== 'snoozed' && tab.id !== 'unread');

/**
 * Every count the inbox shows, in one request (the one the bell polls with, so opening the popover
 * asks nothing): see `inboxCountFilters`.
 */
export function useInboxCounts(ui: InboxUi, poll = false) {
  const context = useInboxContext('Inbox');
  const interval = usePollInterval(context, poll);
  const tabs = counted(ui);
  const { counts } = useNotificationCounts(inboxCountFilters(ui.badge, tabs.map((tab) => tab.filter)), { refetchInterval: interval, staleTime: context.pollInterval || 30_000 }, 'Inbox');
  let at = 3;
  const byTab = new Map<string, ShownCount | undefined>([['unread', counts?.[1]], ...tabs.map((tab): [string, ShownCount | undefined] => [tab.id, tabCountFilter(tab.filter) && counts?.[at++]])]);
  return { badge: counts?.[0], unread: counts?.[1], high: counts?.[2], tab: (id: string) => byTab.get(id) };
}
