import type { NotificationRowActions } from '../notification-item/use-row-actions';

/**
 * The keyboard shortcuts of the focused notification (a keydown in its feed `row`): `e` archive or unarchive,
 * `s` snooze (opens its menu), `#` or Delete delete, `u` read or unread. Not while typing, in a
 * menu, or with a modifier (the browser's and the app's own shortcuts stay theirs).
 */
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

export function onShortcut(event: KeyboardEvent, actions: NotificationRowActions, snoozed: boolean, row: Element): void {
  const { key, target } = event;
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  if (!(target instanceof Element) || target.closest('input, textarea, select, [contenteditable], [popover]')) return;
  const { can } = actions;
  const run =
    key === 'u'
      ? actions.toggleRead
      : key === 'e' && can.archive
        ? actions.archive
        : (key === '#' || key === 'Delete') && can.delete
          ? actions.delete
          : key === 's' && can.snooze
            ? snoozed
              ? actions.unsnooze
              : () => openSnooze(row)
            : undefined;
  if (!run) return;
  event.preventDefault();
  run();
}
