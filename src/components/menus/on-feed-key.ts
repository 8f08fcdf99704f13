import type { InboxNotification, RegisteredPayload } from '../../client/index';
import type { Inbox } from '../../queries/inbox';
import type { InboxUi } from '../inbox/context';
import { rowActionsOf } from '../notification-item/use-row-actions';
import { focusTarget, rowsOf, STEPS } from '../inbox/feed-rows';
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
 * A key pressed in the inbox (the feed hears each on the window; of `notifications`, in `feed`):
 * - Page Down and Page Up (the feed pattern), and the arrows, which readers try first, move focus to
 *   the next or the previous notification; from outside the feed (the popover itself once it opens,
 *   the header, the tabs), to the first;
 * - the focused notification's shortcuts: `e` archive or unarchive, `s` snooze (opens its menu), `#`
 *   or Delete delete, `u` read or unread; and `z` undo the latest toast's change.
 *
 * Not for a key something took already (a menu takes its keys and stops them), nor while typing or
 * choosing in a field (a row of your own may hold one), nor with Control, Meta or Alt (the browser's
 * and the app's own keys stay theirs), nor the moving keys with Shift (it selects text; `#` needs it).
 */
export function onFeedKey(event: KeyboardEvent, feed: Element, notifications: readonly InboxNotification<RegisteredPayload>[], inbox: Inbox, ui: InboxUi, toasts: { key: object; ms: number } | null): void {
  const { key, target } = event;
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  if (!(target instanceof Element) || target.closest('input, textarea, select, [contenteditable]')) return;
  const rows = rowsOf(feed);
  // The focused notification's row; -1 outside the feed.
  const at = rows.findIndex((row) => row.contains(target));
  const step = STEPS[key];
  if (step) {
    // Shift with them selects text.
    const next = !event.shiftKey && rows[at + step];
    if (next) {
      event.preventDefault();
      focusTarget(next)?.focus();
    }
    return;
  }
  if (key === 'z' && toasts) return toastsOf(toasts.key, toasts.ms).undoLast();
  const row = rows[at];
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
