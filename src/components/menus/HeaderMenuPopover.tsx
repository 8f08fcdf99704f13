/**
 * The header's "More options": archive all, archive read and delete all of the tab's tags or data
 * (one request each; delete all asks first), the Snoozed view, and the keyboard shortcuts.
 */
import { menuLabels } from './menu-labels';
import { useInboxContext } from '../../hooks/InboxProvider';
import { useInboxUi } from '../inbox/context';
import { toastFailure } from '../notification-item/use-row-actions';
import type { OpenMenu } from '../shared/MenuTrigger';
import { MenuItems, MenuPopover, type MenuItem } from './MenuPopover';

export type HeaderDialogKind = 'delete' | 'shortcuts';

export function HeaderMenuPopover({ menu, openDialog }: { menu: OpenMenu; openDialog: (kind: HeaderDialogKind) => void }) {
  const ui = useInboxUi('Inbox.Header');
  const { capabilities: can, tab } = ui;
  const labels = menuLabels(ui.labels);
  const { triage } = useInboxContext('Inbox.Header').inbox;
  const { read, seen, archived, snoozed, severity, tags, data } = tab.filter;
  // The service's bulk routes select by tags and data only: offered where that is what the tab shows.
  const bulkable = read === undefined && seen === undefined && !archived && !snoozed && !severity?.length;
  const run = (action: 'archiveAll' | 'archiveRead') => void triage[action]({ tags, data }).catch(toastFailure(ui.toast, labels));
  const items: MenuItem[] = [
    ...(bulkable && can.archive
      ? [
          { label: labels.archiveAll, onSelect: () => run('archiveAll') },
          { label: labels.archiveRead, onSelect: () => run('archiveRead') },
        ]
      : []),
    ...(bulkable && can.delete ? [{ label: labels.deleteAll, onSelect: () => openDialog('delete'), danger: true }] : []),
    ...(can.snooze && ui.filter !== 'snoozed' ? [{ label: labels.tabSnoozed, onSelect: () => ui.setFilter('snoozed') }] : []),
    { label: labels.shortcuts, onSelect: () => openDialog('shortcuts') },
  ];
  return (
    <MenuPopover menu={menu}>
      <MenuItems items={items} close={menu.close} />
    </MenuPopover>
  );
}
