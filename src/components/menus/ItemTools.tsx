/**
 * A notification's own actions: archive, snooze and delete as buttons that appear on hover and
 * focus where there is a pointer and room (laid over the row's end, so the text never moves), and
 * all of them, read and unread too, in one "More actions" menu on narrow and touch screens. What
 * the service cannot do (v1) is left out. They come with the menus, once the first page is painted
 * (see the feed), so first paint draws none of them.
 */
import { menuLabels } from './menu-labels';
import type { InboxNotification, RegisteredPayload } from '../../client/index';
import { formatDateTime } from '../../i18n/time';
import { Icon } from '../shared/icons';
import { TOOL_ICONS } from './tool-icons';
import { MenuTrigger } from '../shared/MenuTrigger';
import { useItemSettings } from '../shared/settings';
import { SHORTCUTS } from '../notification-item/shortcut-keys';
import type { NotificationRowActions } from '../notification-item/use-row-actions';
import { RowMenu } from './RowMenu';

export function ItemTools({ notification, actions }: { notification: InboxNotification<RegisteredPayload>; actions: NotificationRowActions }) {
  const { labels: given, locale } = useItemSettings();
  const labels = menuLabels(given);
  const { can } = actions;
  const archived = notification.isArchived;
  const archiveLabel = archived ? labels.unarchive : labels.archive;
  return (
    <>
      {/* Each action on its own, for a pointer with room; out of sight (not out of the keyboard's reach) until the row is hovered or focused. */}
      <span data-inbox-slot="item-tools-wide">
        {can.archive && (
          <button type="button" data-inbox-slot="tool" aria-label={archiveLabel} title={archiveLabel} aria-keyshortcuts={SHORTCUTS.archive} onClick={actions.archive}>
            <Icon name="" d={TOOL_ICONS[archived ? 'unarchive' : 'archive']} />
          </button>
        )}
        {can.snooze &&
          (notification.isSnoozed ? (
            <button type="button" data-inbox-slot="tool" aria-label={labels.unsnooze} title={`${labels.snoozedUntil(formatDateTime(notification.snoozedUntil, locale))}. ${labels.unsnooze}`} onClick={actions.unsnooze}>
              <Icon name="" d={TOOL_ICONS.snooze} />
            </button>
          ) : (
            <MenuTrigger label={labels.snooze} icon={<Icon name="" d={TOOL_ICONS.snooze} />}>
              {(menu) => <RowMenu menu={menu} notification={notification} actions={actions} start="snooze" />}
            </MenuTrigger>
          ))}
        {can.delete && (
          <button type="button" data-inbox-slot="tool" aria-label={labels.delete} title={labels.delete} aria-keyshortcuts={SHORTCUTS.delete} onClick={actions.delete}>
            <Icon name="" d={TOOL_ICONS.delete} />
          </button>
        )}
      </span>
      <span data-inbox-slot="item-tools-narrow">
        <MenuTrigger label={labels.moreActions} icon={<Icon name="more" />}>
          {(menu) => <RowMenu menu={menu} notification={notification} actions={actions} start="all" />}
        </MenuTrigger>
      </span>
    </>
  );
}
