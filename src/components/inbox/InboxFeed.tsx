import { forwardRef, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import type { InboxNotification, RegisteredPayload } from '../../client/index';
import { useSeenOnView } from '../../hooks/useSeenOnView';
import { ErrorMessage } from '../shared/ErrorMessage';
import { RowPositionContext, useItemSettings } from '../shared/settings';
import { useNotifications } from '../../hooks/useNotifications';
import type { UseFeedResult } from '../../hooks/useFeed';
import { useInboxCounts } from './use-inbox-counts';
import { NotificationItem } from '../notification-item/NotificationItem';
import { cx } from '../shared/cx';
import { cleanupAll, listen } from '../shared/listen';
import { useInboxUi } from './context';
import { emptyText } from './inbox-tabs';
import { focusTarget, rowsOf } from './feed-rows';
import { useWindow } from './use-window';
import { useInboxContext } from '../../hooks/InboxProvider';
import { useRowActions, type NotificationRowActions } from '../notification-item/use-row-actions';
import { ToastsContext } from './UndoToasts';
import { loadMenus, useMenus } from '../shared/MenuTrigger';
import { whenIdle } from '../../hooks/when-idle';

/**
 * A row drawn by `renderItem`: it keeps the default behaviour. Seen once visible; a click on any
 * link or button in it marks it read (per `markReadOnClick`) and calls `onNotificationClick`.
 * It is the feed's article (the feed pattern allows no other children), unless what you drew
 * holds a `<NotificationItem>`, which is one already and takes the row's place in the feed.
 */
function CustomRow({
  notification,
  posinset,
  setsize,
  render,
}: {
  notification: InboxNotification<RegisteredPayload>;
  posinset: number;
  setsize: number;
  render: (actions: NotificationRowActions) => ReactNode;
}) {
  const { markReadOnClick, onNotificationClick } = useItemSettings();
  const rowActions = useRowActions(notification);
  const { actions } = useInboxContext('Inbox.Feed').inbox;
  const seenRef = useSeenOnView(notification);
  const [element, setElement] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!element) return;
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Element) || !event.target.closest('a, button')) return;
      // A NotificationItem in the row handles its own clicks.
      if (event.target.closest('[data-inbox-slot="item"]')) return;
      if (markReadOnClick && !notification.isRead) void actions.markAsRead(notification.id).catch(() => undefined);
      onNotificationClick?.(notification);
    };
    return listen(element, 'click', onClick);
  }, [element, notification, markReadOnClick, onNotificationClick, actions]);
  const setRefs = useCallback(
    (node: HTMLElement | null) => {
      setElement(node);
      seenRef(node);
    },
    [seenRef],
  );
  const [items, setItems] = useState(0);
  const claim = useCallback(() => {
    setItems((count) => count + 1);
    return () => setItems((count) => count - 1);
  }, []);
  const position = useMemo(() => ({ posinset, setsize, claim }), [posinset, setsize, claim]);
  const article = items === 0 ? { role: 'article', 'aria-posinset': posinset, 'aria-setsize': setsize, tabIndex: -1 } : {};
  return (
    <div ref={setRefs} data-inbox-slot="custom-row" data-state={notification.isRead ? 'read' : 'unread'} {...article}>
      <RowPositionContext.Provider value={position}>{render(rowActions)}</RowPositionContext.Provider>
    </div>
  );
}

export interface InboxFeedProps extends HTMLAttributes<HTMLDivElement> {
  /** Items per page. Default 20. */
  pageSize?: number;
}

/** A bell at rest with a check: drawn with the theme's tokens, so it follows the scheme and the brand. */
function EmptyIllustration() {
  return (
    <svg data-inbox-slot="empty-illustration" viewBox="0 0 96 96" width="96" height="96" aria-hidden="true" focusable="false" fill="none" stroke="var(--inbox-muted-foreground)" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="48" cy="48" r="44" fill="var(--inbox-muted)" stroke="none" />
      <path d="M48 24a16 16 0 0 0-16 16v10.5L27 58v3h42v-3l-5-7.5V40a16 16 0 0 0-16-16Z" fill="var(--inbox-background)" />
      <path d="M42 65a6 6 0 0 0 12 0" />
      <circle cx="66" cy="30" r="11" fill="var(--inbox-primary)" stroke="none" />
      <path d="m61 30 3.5 3.5L71 27" stroke="var(--inbox-primary-foreground)" />
    </svg>
  );
}

/** Lists longer than this render only the rows near the screen. */
const WINDOW_FROM = 50;

/** The notifications of the selected tab, loaded page by page as the list scrolls, with loading, empty, error and end states. */
export const InboxFeed = forwardRef<HTMLDivElement, InboxFeedProps>(function InboxFeed({ pageSize, className, ...rest }, ref) {
  const ui = useInboxUi('Inbox.Feed');
  const { labels, classNames, tab } = ui;
  // Polled with the inbox's counts, the one request of the bell's (an embedded inbox has none).
  // Typed by `Register`, as useFeed's: the client validated each payload with the provider's `payloadSchema`.
  const feed = useNotifications(tab.filter, pageSize ?? 20, 'Inbox.Feed') as UseFeedResult;
  useInboxCounts(ui, true);
  const ids = useMemo(() => feed.notifications.map((n) => n.id), [feed.notifications]);
  // A short list is rendered whole: measuring it would cost the first paint more than it saves.
  const { scrollRef, measure, start, end, before, after } = useWindow(ids, ids.length > WINDOW_FROM);
  // With the "new since you last looked" badge, what the open inbox shows is marked seen in one
  // request when it opens (and when more is loaded), which clears the badge.
  const { actions } = useInboxContext('Inbox.Feed').inbox;
  const markShown = ui.badge === 'unseen' && ui.open;
  useEffect(() => {
    if (markShown && ids.length > 0) void actions.markShownSeen().catch(() => undefined);
  }, [markShown, ids.length, actions]);
  const { hasMore, isFetchingNextPage, fetchNextPage } = feed;

  // Infinite scroll: when the end of what is loaded comes near the screen, the next page loads (a
  // button does it where there is no layout). Observed afresh as the list grows, so a page that does
  // not fill the screen is followed by the next.
  const sentinel = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || isFetchingNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
    }, { rootMargin: '0px 0px 600px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, isFetchingNextPage, fetchNextPage, ids.length]);

  // The keys pressed in the inbox (see onFeedKey), with this render's notifications. Heard on the
  // window: after React has dispatched them at its root container, so after the app's own onKeyDown
  // (its preventDefault is seen) and after any part that took one (a row's open menu takes its arrows
  // and stops them); a listener on an element of the inbox would hear them before React. They come
  // with the menus (loaded once the page is idle) and are heard once they are here, each as it is
  // pressed: a key that moves focus keeps the browser from scrolling too. A key pressed before is not
  // kept for later: the browser's own action (Page Down scrolls) has happened by then.
  const { inbox } = useInboxContext('Inbox.Feed');
  const toasts = useContext(ToastsContext);
  const menus = useMenus();
  useEffect(() => {
    const element = scrollRef.current;
    // Only a key pressed in this inbox: React bubbles a key pressed in a portal (a dialog your row
    // opens elsewhere) to its React parents, but it is not the inbox's.
    const root = element?.closest('[data-inbox-root]');
    return menus && element && root
      ? listen(window, 'keydown', (event: KeyboardEvent) => event.composedPath().includes(root) && menus.onFeedKey(event, element, feed.notifications, inbox, ui, toasts))
      : undefined;
  }, [menus, scrollRef, feed.notifications, inbox, ui, toasts]);

  // A row that leaves the list while focused (read on the Unread tab) hands focus to its neighbour.
  const lastFocus = useRef<{ index: number; element: Element } | null>(null);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const last = lastFocus.current;
    if (!element || !last || last.element.isConnected) return;
    lastFocus.current = null;
    if (document.activeElement && document.activeElement !== document.body) return;
    const rows = rowsOf(element);
    const row = rows[Math.min(last.index, rows.length - 1)];
    if (row) focusTarget(row)?.focus();
  });
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const load = () => void loadMenus();
    const onFocusIn = (event: FocusEvent) => {
      load();
      const target = event.target;
      const row = target instanceof Element && target.closest<HTMLElement>('[data-inbox-slot="feed-row"]');
      lastFocus.current = row ? { index: rowsOf(element).indexOf(row), element: target } : null;
    };
    const onFocusOut = (event: FocusEvent) => {
      // Focus moved somewhere else on purpose: nothing to restore.
      if (event.relatedTarget instanceof Node && !element.contains(event.relatedTarget)) lastFocus.current = null;
    };
    return cleanupAll(listen(element, 'focusin', onFocusIn), listen(element, 'focusout', onFocusOut), listen(element, 'pointerover', load));
  }, [scrollRef]);

  const state = feed.isLoading ? 'loading' : ids.length > 0 ? 'list' : feed.isError ? 'error' : 'empty';
  // The rows' own actions and the menus come after the list is painted (or as the popover opens): with
  // a pointer and room, as the pointer or focus first comes into the feed (above; the actions show on
  // hover and focus); on a touch or narrow screen, whose rows show "More actions", once the page is idle.
  const listed = state === 'list';
  useEffect(() => (listed && (window.matchMedia?.('(hover: none), (max-width: 600px)').matches ?? true) ? whenIdle(() => void loadMenus()) : undefined), [listed]);
  const [emptyTitle, emptyHint] = emptyText(tab, labels);

  return (
    <div
      ref={ref}
      role="tabpanel"
      id={ui.id('panel')}
      aria-labelledby={ui.id(`tab-${tab.id}`)}
      data-inbox-slot="feed-panel"
      data-state={state}
      className={cx(classNames.feed, className)}
      {...rest}
    >
      <div ref={scrollRef} data-inbox-slot="feed-scroll">
        {state === 'loading' && (
          <div data-inbox-slot="feed-loading" role="status">
            <span data-inbox-slot="sr-only">{labels.loading}</span>
            {[0, 1, 2, 3].map((i) => (
              <div key={i} data-inbox-slot="skeleton" aria-hidden="true" />
            ))}
          </div>
        )}
        {state === 'error' && <ErrorMessage message={labels.error} retryLabel={labels.retry} onRetry={() => void feed.refetch()} />}
        {state === 'empty' &&
          (ui.renderEmpty?.(tab) ?? (
            <div data-inbox-slot="feed-empty" className={classNames.empty}>
              <EmptyIllustration />
              <p data-inbox-slot="feed-empty-title">{emptyTitle}</p>
              {emptyHint && <p data-inbox-slot="feed-empty-hint">{emptyHint}</p>}
            </div>
          ))}
        {state === 'list' && (
          <div role="feed" aria-label={labels.feedLabel} aria-busy={isFetchingNextPage} data-inbox-slot="feed">
            {before > 0 && <div aria-hidden="true" style={{ height: before }} />}
            {feed.notifications.slice(start, end).map((notification, offset) => {
              const index = start + offset;
              return (
                <div key={notification.id} data-window-id={notification.id} ref={measure} data-inbox-slot="feed-row">
                  {ui.renderItem ? (
                    <CustomRow notification={notification} posinset={index + 1} setsize={hasMore ? -1 : ids.length} render={(actions) => ui.renderItem?.(notification, index, actions)} />
                  ) : (
                    <NotificationItem notification={notification} posinset={index + 1} setsize={hasMore ? -1 : ids.length} />
                  )}
                </div>
              );
            })}
            {after > 0 && <div aria-hidden="true" style={{ height: after }} />}
          </div>
        )}
        {state === 'list' && <div ref={sentinel} aria-hidden="true" />}
        {state === 'list' && (
          <div data-inbox-slot="feed-end" aria-live="polite">
            {isFetchingNextPage ? (
              labels.loadingMore
            ) : hasMore ? (
              <button type="button" data-inbox-slot="text-button" onClick={() => void fetchNextPage()}>
                {labels.loadMore}
              </button>
            ) : (
              labels.endOfFeed
            )}
          </div>
        )}
        {state === 'list' && feed.isError && <ErrorMessage message={labels.error} retryLabel={labels.retry} onRetry={() => void (feed.isFetchNextPageError ? fetchNextPage() : feed.refetch())} />}
      </div>
    </div>
  );
});
