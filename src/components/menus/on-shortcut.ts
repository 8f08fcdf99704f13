import type { InboxNotification, RegisteredPayload } from '../../client/index';
import type { Inbox } from '../../queries/inbox';
import type { InboxUi } from '../inbox/context';
import { rowActionsOf } from '../notification-item/use-row-actions';
import { toastsOf } from './toasts';

/**
 * Opens the row's snooze menu as shown: its own, or its "More actions" on a narrow screen. Right after
 * the menus load the row may not have drawn its actions yet: tried again on the next frames.
 */
function openSnooze(row: Element, frames = 10): void {
  const menus = [...row.querySelectorAll<HTMLElement>('[data-inbox-slot="item-end"] [aria-haspopup]')];
  const shown = menus.find((menu) => menu.getClientRects().length > 0) ?? menus[0];
  if (shown) shown.click();
  else if (frames > 0) requestAnimationFrame(() => openSnooze(row, frames - 1));
}

/**
 * The keyboard shortcuts of the focused notification (a keydown in the feed, of `notifications`):
 * `e` archive or unarchive, `s` snooze (opens its menu), `#` or Delete delete, `u` read or unread,
 * `z` undo the latest toast's change. Not while typing, in a menu, or with a modifier (the browser's
 * and the app's own shortcuts stay theirs).
 */
export function onShortcut(event: KeyboardEvent, notifications: readonly InboxNotification<RegisteredPayload>[], inbox: Inbox, ui: InboxUi, toasts: { key: object; ms: number } | null): void {
  const { key, target } = event;
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  if (!(target instanceof Element) || target.closest('input, textarea, select, [contenteditable], [popover]')) return;
  if (key === 'z' && toasts) return toastsOf(toasts.key, toasts.ms).undoLast();
  const row = target.closest<HTMLElement>('[data-inbox-slot="feed-row"]');
  const notification = row && notifications.find((n) => n.id === row.dataset.windowId);
  if (!notification) return;
  const actions = rowActionsOf(notification, inbox, ui, ui.labels);
  const { can } = actions;
  const run =
    key === 'u'
      ? actions.toggleRead
      : key === 'e' && can.archive
        ? actions.archive
        : (key === '#' || key === 'Delete') && can.delete
          ? actions.delete
          : key === 's' && can.snooze
            ? notification.isSnoozed
              ? actions.unsnooze
              : () => openSnooze(row)
            : undefined;
  run?.();
}
