/**
 * A notification's menu: every action (`all`, the "More actions" of a narrow screen), or the snooze
 * presets (`snooze`), and the snooze picker's own date and time. What the service cannot do (v1)
 * is left out.
 */
import { menuLabels } from './menu-labels';
import { useId, useState, type FormEvent } from 'react';
import type { InboxNotification, RegisteredPayload } from '../../client/index';
import { formatSnoozeTime, localInputValue, snoozePresets } from '../../i18n/snooze-times';

import { SHORTCUTS } from '../notification-item/shortcut-keys';
import type { NotificationRowActions } from '../notification-item/use-row-actions';
import { useItemSettings } from '../shared/settings';
import type { OpenMenu } from '../shared/MenuTrigger';
import { MenuItems, MenuPopover, type MenuItem } from './MenuPopover';

type View = 'all' | 'snooze' | 'custom';

/** The snooze picker's own time: a native date and time field, refused when less than a minute ahead. */
function CustomSnooze({ onSnooze }: { onSnooze: (until: Date) => void }) {
  const labels = menuLabels(useItemSettings().labels);
  const [error, setError] = useState('');
  const errorId = useId();
  const [soonest] = useState(() => localInputValue(new Date(Date.now() + 120_000)));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const until = new Date(String(new FormData(event.currentTarget).get('until')));
    if (!(+until >= Date.now() + 60_000)) return setError(labels.snoozeTooSoon);
    onSnooze(until);
  };
  return (
    <form data-inbox-slot="snooze-form" noValidate onSubmit={submit}>
      <label data-inbox-slot="snooze-label">
        {labels.snoozeTime}
        <input name="until" type="datetime-local" required min={soonest} defaultValue={soonest} aria-invalid={!!error} aria-describedby={error ? errorId : undefined} />
      </label>
      {error && (
        <p id={errorId} role="alert" data-inbox-slot="snooze-error" data-danger="">
          {error}
        </p>
      )}
      <button type="submit" data-inbox-slot="button">
        {labels.snooze}
      </button>
    </form>
  );
}

export function RowMenu({ menu, notification, actions, start }: { menu: OpenMenu; notification: InboxNotification<RegisteredPayload>; actions: NotificationRowActions; start: 'all' | 'snooze' }) {
  const { labels: given, locale } = useItemSettings();
  const labels = menuLabels(given);
  const [view, setView] = useState<View>(start);
  const { can } = actions;
  if (view === 'custom') {
    return (
      <MenuPopover menu={menu} role="dialog">
        <CustomSnooze
          onSnooze={(until) => {
            menu.close();
            actions.snooze(until);
          }}
        />
      </MenuPopover>
    );
  }
  const now = new Date();
  const items: MenuItem[] =
    view === 'snooze'
      ? [
          ...snoozePresets(now, locale).map(([preset, time]): MenuItem => ({ label: labels.snoozePresets[preset], hint: formatSnoozeTime(time, now, locale), onSelect: () => actions.snooze(time) })),
          // The form replaces the items; focus goes to its field.
          { label: labels.snoozeCustom, onSelect: () => setView('custom'), stays: true },
        ]
      : [
          { label: notification.isRead ? labels.markAsUnread : labels.markAsRead, keys: SHORTCUTS.read, onSelect: actions.toggleRead },
          ...(can.archive ? [{ label: notification.isArchived ? labels.unarchive : labels.archive, keys: SHORTCUTS.archive, onSelect: actions.archive }] : []),
          ...(can.snooze ? [notification.isSnoozed ? { label: labels.unsnooze, onSelect: actions.unsnooze } : { label: `${labels.snooze}…`, keys: SHORTCUTS.snooze, onSelect: () => setView('snooze'), stays: true }] : []),
          ...(can.delete ? [{ label: labels.delete, keys: SHORTCUTS.delete, onSelect: actions.delete, danger: true }] : []),
        ];
  return (
    <MenuPopover menu={menu}>
      <MenuItems items={items} close={menu.close} />
    </MenuPopover>
  );
}
