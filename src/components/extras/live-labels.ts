/** The labels of the new notifications' toasts and of the desktop switch (see `LiveLabel`): their defaults, under what the inbox was given. */
import type { InboxLabels, LiveLabel } from '../../i18n/labels';

const defaults: Pick<InboxLabels, LiveLabel> = {
  dismiss: 'Dismiss',
  moreToasts: (count) => `${count} more`,
  desktop: 'Show on desktop when this tab is in the background',
  desktopHint: 'New notifications appear as your system’s notifications while you are in another tab or app.',
  desktopDenied: 'Your browser blocks notifications from this site. Allow them in the site’s settings (the icon before the address), then try again.',
};

export const liveLabels = (labels: InboxLabels): InboxLabels => ({ ...defaults, ...labels });
