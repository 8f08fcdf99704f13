import { createContext, useContext, type ReactNode } from 'react';
import type { InboxNotification, RegisteredPayload } from '../../client/index';
import type { InboxLabels } from '../../i18n/labels';
import type { FeedFilter } from '../../hooks/useFeed';
import type { NotificationRowActions } from '../notification-item/use-row-actions';
import type { InboxToast } from './UndoToasts';

/**
 * A tab of the feed: All, Unread and Archived come built in (Snoozed is in the header's menu); add
 * your own by the service's filters (read, seen, tags, data, severity). A tab leaves out archived
 * and snoozed notifications unless its filter says `archived` or `snoozed`.
 */
export interface InboxTab {
  id: string;
  label: string;
  filter: Omit<FeedFilter, 'limit'>;
}

/** Class names for the parts, merged after the kit's own. */
export type InboxClassNames = Partial<
  Record<
    | 'root'
    | 'bell'
    | 'badge'
    | 'popover'
    | 'panel'
    | 'header'
    | 'tabs'
    | 'tab'
    | 'feed'
    | 'item'
    | 'avatar'
    | 'itemSubject'
    | 'itemContent'
    | 'itemActions'
    | 'itemResult'
    | 'empty'
    | 'preferences',
    string
  >
>;

export interface InboxUi {
  variant: 'popover' | 'embedded';
  open: boolean;
  setOpen: (open: boolean) => void;
  view: 'feed' | 'preferences';
  setView: (view: 'feed' | 'preferences') => void;
  tabs: InboxTab[];
  filter: string;
  /** The tab whose feed shows: the one `filter` names, else the first (All). */
  tab: InboxTab;
  setFilter: (filter: string) => void;
  labels: InboxLabels;
  classNames: InboxClassNames;
  dir: 'ltr' | 'rtl';
  /** The id of a part (`popover`, `title`, `panel`, `tab-` and a tab's id), unique to this inbox. */
  id: (part: string) => string;
  /** The bell element, once rendered (focus returns to it). */
  bell: HTMLButtonElement | null;
  setBell: (bell: HTMLButtonElement | null) => void;
  renderItem: ((notification: InboxNotification<RegisteredPayload>, index: number, actions: NotificationRowActions) => ReactNode) | undefined;
  renderEmpty: ((tab: InboxTab) => ReactNode) | undefined;
  /** Level of the inbox's heading (2 to 4). */
  headingLevel: 2 | 3 | 4;
  /** The heading is for screen readers only (the page has its own). */
  hideTitle: boolean;
  /** What the bell's badge counts. */
  badge: 'unread' | 'unseen';
  /** What the service can do (all of it until its first answer says otherwise). */
  capabilities: { archive: boolean; snooze: boolean; delete: boolean };
  /** Shows a toast (what was done, with Undo). */
  toast: (toast: InboxToast) => void;
}

export const InboxUiContext = createContext<InboxUi | null>(null);

/** The root's state; `part` names the caller in the error thrown outside a root. */
export function useInboxUi(part: string): InboxUi {
  const ui = useContext(InboxUiContext);
  if (!ui) throw new Error(`\`${part}\` must be used within \`Inbox.Root\`.`);
  return ui;
}
