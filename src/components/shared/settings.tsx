/** What the parts of one inbox share: labels, locale, time, callbacks and renderers. */
import { createContext, useContext, type ReactNode } from 'react';
import type { InboxAction, InboxNotification, RegisteredPayload } from '../../client/index';
import { mergeLabels, type InboxLabels } from '../../i18n/labels';

/** A notification as the components hand it to your code: `data` typed by your `payloadSchema`. */
type Notification = InboxNotification<RegisteredPayload>;

/** A button of a notification, and which one it is. */
export type NotificationButton = InboxAction & { type: 'primary' | 'secondary' };

export interface InboxCallbacks {
  /** A notification was activated (clicked, or Enter on it). */
  onNotificationClick?: (notification: Notification) => void;
  /** One of a notification's buttons was clicked. */
  onActionClick?: (button: NotificationButton, notification: Notification) => void;
  /**
   * A notification's link was followed. Give it to route inside your app (e.g. `router.push`);
   * without it the link navigates as an ordinary link.
   */
  onNavigate?: (url: string, notification: Notification) => void;
}

export interface InboxRenderers {
  /** Replaces the avatar of every notification; return `undefined` to keep the default. */
  renderAvatar?: (notification: Notification) => ReactNode;
}

export interface ItemSettings extends InboxCallbacks, InboxRenderers {
  labels: InboxLabels;
  locale: string | undefined;
  /** The time relative times are written against; null while server-rendering and hydrating. */
  now: number | null;
  /** Mark a notification read when it is activated. Default true. */
  markReadOnClick: boolean;
  classNames: Partial<Record<string, string>>;
}

export const defaultItemSettings: ItemSettings = {
  labels: mergeLabels(undefined),
  locale: undefined,
  now: null,
  markReadOnClick: true,
  classNames: {},
};

export const ItemSettingsContext = createContext<ItemSettings | null>(null);

/** Whether the part sits inside `Inbox.Root` (else it brings its own root for styles). */
export function useInsideInbox(): boolean {
  return useContext(ItemSettingsContext) !== null;
}

/**
 * The settings of the inbox around, or the defaults for a part used alone (a `<NotificationItem>`
 * alone brings its own clock). A plain context read: every row and avatar calls it.
 */
export function useItemSettings(): ItemSettings {
  return useContext(ItemSettingsContext) ?? defaultItemSettings;
}

/**
 * A feed row drawn by `renderItem`: its place in the feed, for a `<NotificationItem>` in it, which
 * `claim`s the row (it is the feed's article then, not the row); `claim` returns the release.
 */
export const RowPositionContext = createContext<{ posinset: number; setsize: number; claim: () => () => void } | null>(null);
