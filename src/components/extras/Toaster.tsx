/**
 * The toasts of new notifications (see `InboxToaster`): the newest three, each drawn as the inbox draws
 * a notification (a custom `renderItem` included), then a button for the rest that opens the inbox. Each
 * goes after `durationMs`; the time stops while the pointer or focus is on them. A toast's click follows
 * the notification's link, or opens the inbox when it has none.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { safeUrl, type InboxNotification, type RegisteredPayload } from '../../client/index';
import { useInboxUi } from '../inbox/context';
import type { ToasterOptions } from '../shared/extras';
import { NotificationItem } from '../notification-item/NotificationItem';
import { rowActionsOf } from '../notification-item/use-row-actions';
import { Icon } from '../shared/icons';
import { ItemSettingsContext, useItemSettings } from '../shared/settings';
import { useInboxContext } from '../../hooks/InboxProvider';
import { liveLabels } from './live-labels';

const SHOWN = 3;

/** The list: the newest first; the region around it is there before the first toast, so each is announced. */
export function Toaster({ placement = 'bottom-end', durationMs = 6_000 }: ToasterOptions) {
  const ui = useInboxUi('Inbox.Toaster');
  const { inbox } = useInboxContext('Inbox.Toaster');
  // What arrived while this code was loading, then each arrival.
  const [list, setList] = useState(() => (document.visibilityState === 'visible' ? inbox.recent.map((arrival) => arrival.notification as InboxNotification<RegisteredPayload>) : []));
  useEffect(() => inbox.arrivals.add((notification) => document.visibilityState === 'visible' && setList((shown) => [notification as InboxNotification<RegisteredPayload>, ...shown])), [inbox]);
  const dismiss = useCallback((id: string) => setList((shown) => shown.filter((n) => n.id !== id)), []);
  // The open inbox shows them.
  if (ui.open && list.length > 0) setList([]);
  return (
    <div data-inbox-slot="arrivals" role="status" aria-live="polite">
      {list.length > 0 && <Toasts list={list} durationMs={durationMs} dismiss={dismiss} placement={placement} />}
    </div>
  );
}

function Toasts({ list, durationMs, dismiss, placement }: { list: InboxNotification<RegisteredPayload>[]; durationMs: number; dismiss: (id: string) => void; placement: string }) {
  const ui = useInboxUi('Inbox.Toaster');
  const { inbox } = useInboxContext('Inbox.Toaster');
  const labels = liveLabels(ui.labels);
  /** When each toast goes, by id; moved on by the time the toasts were held. */
  const ends = useRef(new Map<string, number>());
  /** Since when the pointer or focus holds them. */
  const heldSince = useRef<number | undefined>(undefined);
  const [pointer, setPointer] = useState(false);
  const [focus, setFocus] = useState(false);
  const paused = pointer || focus;

  useEffect(() => {
    const now = Date.now();
    for (const n of list) if (!ends.current.has(n.id)) ends.current.set(n.id, now + durationMs);
    if (paused) {
      heldSince.current ??= now;
      return undefined;
    }
    if (heldSince.current !== undefined) for (const [id, end] of ends.current) ends.current.set(id, end + now - heldSince.current);
    heldSince.current = undefined;
    const next = Math.min(...list.map((n) => ends.current.get(n.id) ?? Infinity));
    const timer = setTimeout(() => list.forEach((n) => (ends.current.get(n.id) ?? 0) <= Date.now() && dismiss(n.id)), Math.max(0, next - now));
    return () => clearTimeout(timer);
  }, [list, paused, durationMs, dismiss]);

  const openInbox = () => {
    list.forEach((n) => dismiss(n.id));
    ui.setOpen(true);
  };
  // A click on a toast's notification (its link or button, which calls the settings'
  // onNotificationClick: the app's, then this) dismisses it; one without a link opens the inbox.
  const settings = useItemSettings();
  const itemSettings = {
    ...settings,
    onNotificationClick: (n: InboxNotification<RegisteredPayload>) => {
      settings.onNotificationClick?.(n);
      dismiss(n.id);
      if (!safeUrl(n.redirect?.url)) ui.setOpen(true);
    },
  };
  const rest = list.length - SHOWN;
  return (
    <ItemSettingsContext.Provider value={itemSettings}>
      <div
        data-inbox-slot="arrival-list"
        data-placement={placement}
        onPointerEnter={() => setPointer(true)}
        onPointerLeave={() => setPointer(false)}
        onFocus={() => setFocus(true)}
        onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setFocus(false)}
      >
        {list.slice(0, SHOWN).map((n, index) => (
          <div key={n.id} data-inbox-slot="arrival">
            {ui.renderItem ? ui.renderItem(n, index, rowActionsOf(n, inbox, ui, ui.labels)) : <NotificationItem notification={n} seenOnView={false} />}
            <button type="button" data-inbox-slot="toast-close" aria-label={labels.dismiss} title={labels.dismiss} onClick={() => dismiss(n.id)}>
              <Icon name="close" />
            </button>
          </div>
        ))}
        {rest > 0 && (
          <button type="button" data-inbox-slot="toast" data-more="" dir="auto" onClick={openInbox}>
            {labels.moreToasts(rest)}
          </button>
        )}
      </div>
    </ItemSettingsContext.Provider>
  );
}
