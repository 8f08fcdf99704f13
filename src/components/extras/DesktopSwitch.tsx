/**
 * The preferences' switch for desktop notifications (see realtime/desktop-notifications.ts). Turning it
 * on asks the browser's permission, from the click itself as browsers require; when the browser refuses
 * (or refused before), the switch stays off and says how to allow them. Not shown where the browser has
 * no notifications.
 */
import { useId, useState } from 'react';
import { useInboxContext } from '../../hooks/InboxProvider';
import type { InboxLabels } from '../../i18n/labels';
import { desktopAllowed, desktopKey } from '../../realtime/desktop-notifications';
import { liveLabels } from './live-labels';
import { Switch } from '../preferences-panel/PreferencesPanel';

export function DesktopSwitch({ labels: given }: { labels: InboxLabels }) {
  const { scope } = useInboxContext('PreferencesPanel').inbox;
  const labels = liveLabels(given);
  const id = useId();
  const [on, setOn] = useState(() => desktopAllowed(scope));
  const [denied, setDenied] = useState(() => typeof Notification !== 'undefined' && Notification.permission === 'denied');
  if (typeof Notification === 'undefined') return null;

  const toggle = async () => {
    if (on) {
      localStorage.removeItem(desktopKey(scope));
      return setOn(false);
    }
    const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    setDenied(permission !== 'granted');
    if (permission !== 'granted') return;
    localStorage.setItem(desktopKey(scope), 'on');
    setOn(true);
  };
  return (
    <div data-inbox-slot="preference-row" data-scope="desktop">
      <Switch checked={on} disabled={false} label={labels.desktop} describedBy={`${id}hint`} onToggle={() => void toggle()} />
      <p id={`${id}hint`} data-inbox-slot="hint" role={denied ? 'alert' : undefined}>
        {denied ? labels.desktopDenied : labels.desktopHint}
      </p>
    </div>
  );
}
