import { forwardRef, memo, useCallback, useContext, useId, useMemo, useState, type CSSProperties, type ForwardedRef, type HTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { safeUrl, senderOf, type ActorSubscriber, type InboxNotification, type RegisteredPayload } from '../../client/index';
import type { V1Extras } from '../../client/v1-notifications';
import { useMarkAction } from '../../hooks/useMarkAction';
import { useSeenOnView } from '../../hooks/useSeenOnView';
import { CONTENT_MAX, displayLabel, displayText, EXPANDED_MAX, SUBJECT_MAX } from '../../i18n/display-text';
import { textDirection } from '../../i18n/text-direction';
import { formatDateTime, formatRelativeTime } from '../../i18n/time';
import { cx } from '../shared/cx';
import { mergeRefs } from '../shared/use-merged-ref';
import { Icon } from '../shared/icons';
import { InboxUiContext } from '../inbox/context';
import { defaultItemSettings, ItemSettingsContext, RowPositionContext, useInsideInbox, useItemSettings, type NotificationButton } from '../shared/settings';
import { useNow } from '../shared/use-now';
import { useIsomorphicLayoutEffect } from '../shared/use-isomorphic-layout-effect';
import { useHostScheme } from '../shared/use-host-scheme';
import { useMenus } from '../shared/MenuTrigger';
import { useRowActions } from './use-row-actions';

function withDirection(shown: { text: string; cut: boolean }) {
  return { ...shown, dir: textDirection(shown.text) };
}

type Notification = InboxNotification<RegisteredPayload>;

/** What the row reads of a notification: the v2 shape, and what a v1 service adds (see `V1Extras`). */
type WithExtras = Notification & V1Extras;

export interface NotificationItemProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  notification: Notification;
  /** Position in the feed (1-based) and its size, for assistive technology. `-1`: size unknown. */
  posinset?: number;
  setsize?: number;
  /** Mark it seen once visible. Default true. */
  seenOnView?: boolean;
}

function initials(sender: ActorSubscriber | undefined): string {
  return [sender?.firstName, sender?.lastName]
    .map((part) => Array.from(displayLabel(part ?? '').trim())[0] ?? '')
    .join('')
    .toUpperCase();
}

function senderName(sender: ActorSubscriber | undefined): string {
  return `${sender?.firstName ?? ''} ${sender?.lastName ?? ''}`.trim() || (sender?.subscriberId ?? '');
}

/** A stable hue for a name, so one person's initials always have the same colour. */
function hueOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % 360;
}

function Avatar({ notification }: { notification: WithExtras }) {
  const { renderAvatar, classNames } = useItemSettings();
  const [failed, setFailed] = useState<string | null>(null);
  // An image rendered on the server may fail before React hydrates it, and its `error` event is
  // then never heard: one that has already finished is decoded, which rejects when it is broken.
  const failedEarly = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete) img.decode?.().catch(() => setFailed(img.getAttribute('src')));
  }, []);
  const custom = renderAvatar?.(notification);
  if (custom !== undefined) return custom;
  const { actor } = notification;
  // v2 gives an image's address; a v1 service says who the actor is (a user, a system icon, none).
  const type = actor?.type ?? (notification.avatar ? 'user' : 'none');
  // No avatar, but its room is kept so the text lines up with the other rows.
  if (type === 'none') return <span data-inbox-slot="avatar" data-type="none" aria-hidden="true" />;
  const data = actor ? (actor.data ?? null) : (notification.avatar ?? null);
  let content: ReactNode;
  let hue: number | undefined;
  if (type === 'system_icon') {
    content = <Icon name={data ?? 'info'} />;
  } else {
    // The sender is `actorSubscriber`; `subscriber` is the recipient, so never their face.
    const sender = type === 'user' ? senderOf(notification) : undefined;
    const src = safeUrl(data ?? sender?.avatar, 'image');
    const fallback = type === 'user' ? initials(sender) : '';
    if (src && failed !== src) {
      content = <img src={src} alt="" loading="lazy" decoding="async" ref={failedEarly} onError={() => setFailed(src)} />;
    } else if (fallback) {
      hue = hueOf(senderName(sender));
      content = <span data-inbox-slot="avatar-initials">{fallback}</span>;
    } else {
      content = <Icon name={data && !src ? data : 'bell'} />;
    }
  }
  return (
    <span
      data-inbox-slot="avatar"
      data-type={type}
      data-icon={type === 'system_icon' ? (data ?? undefined) : undefined}
      className={classNames.avatar}
      style={hue === undefined ? undefined : ({ '--inbox-avatar-hue': hue } as CSSProperties)}
      aria-hidden="true"
    >
      {content}
    </span>
  );
}

/** The notification's buttons, primary first. */
function buttonsOf(notification: WithExtras): (NotificationButton & { resultContent?: string | undefined })[] {
  const { primaryAction, secondaryAction } = notification;
  return [primaryAction && { ...primaryAction, type: 'primary' as const }, secondaryAction && { ...secondaryAction, type: 'secondary' as const }].filter((b) => b !== undefined);
}

interface ActionsProps {
  notification: Notification;
  onAction: (button: NotificationButton) => void;
}

function ActionButtons({ notification, onAction }: ActionsProps) {
  const { classNames, labels } = useItemSettings();
  // The click is saved with the service; while it is on its way (or if this item is not from the
  // store) the clicked button shows its result at once.
  const markAction = useMarkAction();
  const buttons = buttonsOf(notification);
  const pending = markAction.isPending ? buttons.find((b) => b.type === markAction.variables?.type) : undefined;
  const done = pending ?? buttons.find((b) => b.isCompleted);
  if (done) {
    return (
      <p data-inbox-slot="item-result" className={classNames.itemResult}>
        {displayText(done.resultContent ?? done.label, CONTENT_MAX).text}
      </p>
    );
  }
  return (
    <div data-inbox-slot="item-actions" className={classNames.itemActions}>
      {buttons.map((button) => (
        <button
          key={button.type}
          type="button"
          data-inbox-slot="action-button"
          data-variant={button.type}
          onClick={() => {
            markAction.mutate({ notificationId: notification.id, type: button.type });
            onAction(button);
          }}
        >
          {displayLabel(button.label)}
        </button>
      ))}
      {markAction.isError && (
        <p role="alert" data-inbox-slot="item-action-error">
          {labels.actionFailed}
        </p>
      )}
    </div>
  );
}

/**
 * One notification: avatar, subject and content as text, relative time, its
 * call to action (a safe link, or primary and secondary buttons) and a read
 * toggle. Activating it marks it read.
 */
export const NotificationItem = memo(
  forwardRef<HTMLElement, NotificationItemProps>(function NotificationItem(props, ref) {
    // Used alone (outside an inbox) it is a root of its own, so the kit's styles and tokens reach
    // it, with a clock of its own for its relative time; in an inbox, rows share the inbox's.
    const standalone = !useInsideInbox();
    const item = <Item {...props} standalone={standalone} forwardedRef={ref} />;
    return standalone ? <OwnClock>{item}</OwnClock> : item;
  }),
);

function OwnClock({ children }: { children: ReactNode }) {
  const now = useNow();
  const settings = useMemo(() => ({ ...defaultItemSettings, now }), [now]);
  return <ItemSettingsContext.Provider value={settings}>{children}</ItemSettingsContext.Provider>;
}

function Item({
  notification,
  posinset,
  setsize,
  seenOnView = true,
  className,
  standalone,
  forwardedRef: ref,
  ...rest
}: NotificationItemProps & { standalone: boolean; forwardedRef: ForwardedRef<HTMLElement> }) {
  const row = useContext(RowPositionContext);
  const inbox = useContext(InboxUiContext);
  const schemeRef = useHostScheme(standalone);
  const claimRow = row?.claim;
  useIsomorphicLayoutEffect(() => claimRow?.(), [claimRow]);
  const { labels, locale, now, classNames, markReadOnClick, onNotificationClick, onActionClick, onNavigate } = useItemSettings();
  // The store marks optimistically and rolls back itself: no mutation observer per row.
  const rowActions = useRowActions(notification);
  const menus = useMenus();
  const seenRef = useSeenOnView(notification, { enabled: seenOnView });
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const setRefs = useMemo(() => mergeRefs<HTMLElement>(ref, seenRef, schemeRef), [ref, seenRef, schemeRef]);

  const markRead = () => {
    if (markReadOnClick && !notification.isRead) rowActions.toggleRead();
  };
  const href = safeUrl(notification.redirect?.url);
  const activate = (event: MouseEvent) => {
    markRead();
    onNotificationClick?.(notification);
    if (!href || event.metaKey || event.ctrlKey || event.shiftKey) return;
    if (onNavigate && !event.defaultPrevented) {
      event.preventDefault();
      onNavigate(href, notification);
    }
    // Following a link leaves the popover: it closes, and focus goes back to the bell (where the
    // reader was) unless the app's navigation moved it.
    if (inbox?.variant === 'popover' && inbox.open) {
      inbox.setOpen(false);
      const bell = inbox.bell;
      requestAnimationFrame(() => {
        if (!document.activeElement || document.activeElement === document.body) bell?.focus();
      });
    }
  };
  // A v1 service's delivery status; others than these two (`sent`, or one a newer service adds) show nothing.
  const { status } = notification as WithExtras;
  const statusLabel = status === 'error' || status === 'warning' ? labels.status[status as 'error' | 'warning'] : undefined;
  // Worked out once per text, not on every render.
  const subject = useMemo(() => (notification.subject ? withDirection(displayText(notification.subject, SUBJECT_MAX)) : undefined), [notification.subject]);
  const content = useMemo(() => withDirection(displayText(notification.body ?? '', expanded ? EXPANDED_MAX : CONTENT_MAX)), [notification.body, expanded]);
  const Main = href ? 'a' : 'button';
  // What the read toggle does: marks it unread when it is read, else read.
  const toggleLabel = notification.isRead ? labels.markAsUnread : labels.markAsRead;
  // Before the first line of text, in its flow.
  const high = notification.severity === 'high' && (
    <span data-inbox-slot="item-severity" role="img" aria-label={labels.highPriority}>
      <Icon name="high" />
    </span>
  );
  return (
    <article
      ref={setRefs}
      data-inbox-slot="item"
      data-state={notification.isRead ? 'read' : 'unread'}
      data-seen={notification.isSeen ? 'true' : 'false'}
      data-status={status}
      data-severity={notification.severity}
      aria-posinset={posinset ?? row?.posinset}
      aria-setsize={setsize ?? row?.setsize}
      aria-labelledby={`${id}-main`}
      className={cx(classNames.item, className)}
      {...(standalone ? { 'data-inbox-root': '', 'data-color-scheme': 'inherit' } : {})}
      {...rest}
    >
      <Avatar notification={notification} />
      <div data-inbox-slot="item-body">
        {/* A link where the notification leads somewhere, else a button. */}
        <Main id={`${id}-main`} data-inbox-slot="item-main" href={href} type={href ? undefined : 'button'} onClick={activate}>
          {!notification.isRead && <span data-inbox-slot="sr-only">{labels.unread}: </span>}
          {subject && (
            <span data-inbox-slot="item-subject" dir={subject.dir} className={classNames.itemSubject}>
              {high}
              {subject.text}
            </span>
          )}
          <span data-inbox-slot="item-content" id={`${id}-content`} dir={content.dir} className={classNames.itemContent}>
            {!subject && high}
            {content.text}
          </span>
        </Main>
        {(content.cut || expanded) && (
          <button type="button" data-inbox-slot="item-more" aria-expanded={expanded} aria-controls={`${id}-content`} onClick={() => setExpanded(!expanded)}>
            {expanded ? labels.showLess : labels.showMore}
          </button>
        )}
        <p data-inbox-slot="item-meta">
          <time
            // The locale's words set its direction, not the inbox's: "2 minutes ago" in a right-to-left page.
            dir="auto"
            dateTime={notification.createdAt ?? undefined}
            // The full date is a tooltip: written when the pointer comes, not for every row at first paint (Intl's first date format costs ~10 ms).
            onPointerEnter={(event) => {
              if (!event.currentTarget.title) event.currentTarget.title = formatDateTime(notification.createdAt, locale);
            }}
          >
            {now === null ? '' : formatRelativeTime(notification.createdAt, now, locale)}
          </time>
          {notification.isSnoozed && notification.snoozedUntil && <span data-inbox-slot="item-snoozed">{labels.snoozedUntil(formatDateTime(notification.snoozedUntil, locale))}</span>}
          {statusLabel !== undefined && (
            <span data-inbox-slot="item-status" data-status={status}>
              {statusLabel}
            </span>
          )}
        </p>
        {/* Most notifications have no buttons: they pay for no mutation of their own. */}
        {(notification.primaryAction || notification.secondaryAction) && (
          <ActionButtons
            notification={notification}
            onAction={(button) => {
              markRead();
              onActionClick?.(button, notification);
            }}
          />
        )}
      </div>
      <div data-inbox-slot="item-end">
        <button type="button" data-inbox-slot="item-toggle" aria-label={toggleLabel} title={toggleLabel} aria-keyshortcuts={inbox ? 'U' : undefined} onClick={rowActions.toggleRead}>
          <span data-inbox-slot="unread-dot" />
        </button>
        {/* Archive, snooze and delete come with the menus, loaded after first paint (see the feed). */}
        {inbox && menus && <menus.ItemTools notification={notification} actions={rowActions} />}
      </div>
    </article>
  );
}
