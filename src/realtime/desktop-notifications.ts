/**
 * Desktop notifications (opt-in, from the preferences' switch): while no tab of the app is visible, each
 * new notification is shown through the browser's Notification API, by the tab that holds the socket
 * only, tagged with its id (a notification shown twice replaces itself). The reader's choice is kept
 * in this browser, per service and subscriber.
 */
import { CONTENT_MAX, displayText, SUBJECT_MAX } from '../i18n/display-text';
import type { Notification } from '../queries/matches';

export const desktopKey = (scope: string) => `inbox-kit:desktop:${scope}`;

/** Whether the reader turned them on here and the browser allows them. */
export function desktopAllowed(scope: string): boolean {
  try {
    return typeof Notification !== 'undefined' && Notification.permission === 'granted' && localStorage.getItem(desktopKey(scope)) === 'on';
  } catch {
    return false;
  }
}

/** Shows `notification` on the desktop when the reader wants it and no tab of the app is visible (one showing a bell or a feed holds the poller's lock). */
export async function showOnDesktop(scope: string, notification: Notification): Promise<void> {
  if (!desktopAllowed(scope) || document.visibilityState === 'visible') return;
  const held = await navigator.locks?.query().then((state) => state.held ?? [], () => []);
  if (held?.some((lock) => lock.name === `inbox-kit:poller:${scope}`)) return;
  // The operating system shows what it is given: the page's display rule first (a reordering
  // character would make "invoice\u202Efdp.exe" read "invoiceexe.pdf"; a huge title goes to the OS whole).
  const subject = displayText(notification.subject ?? '', SUBJECT_MAX).text;
  const body = displayText(notification.body ?? '', CONTENT_MAX).text;
  const shown = new Notification(subject || body, { body: subject ? body : '', tag: notification.id });
  shown.onclick = () => {
    window.focus();
    shown.close();
  };
}
