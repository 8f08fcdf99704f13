import {
  forwardRef,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import type { InboxNotification, RegisteredPayload } from '../../client/index';
import { useCapabilities } from '../../hooks/useCapabilities';
import { useInboxContext } from '../../hooks/InboxProvider';
import { usePrefetchFeed } from '../../hooks/useFeed';
import { useMarkAllAs } from '../../hooks/useMarkAllAs';
import { mergeLabels, type PartialLabels } from '../../i18n/labels';
import { themeToStyle, type ColorScheme, type InboxTheme } from '../../theme/theme';
import { PreferencesPanel } from '../preferences-panel/PreferencesPanel';
import { cx } from '../shared/cx';
import { cleanupAll, listen } from '../shared/listen';
import { mergeRefs } from '../shared/use-merged-ref';
import { Icon } from '../shared/icons';
import { loadMenus } from '../shared/MenuTrigger';
import { ItemSettingsContext, type InboxCallbacks, type InboxRenderers, type ItemSettings } from '../shared/settings';
import { useControllable } from '../shared/use-controllable';
import { useNow } from '../shared/use-now';
import { whenIdle } from '../../hooks/when-idle';
import { relativeTimeFormat } from '../../i18n/time';
import { countText } from '../../queries/count-label';
import { InboxUiContext, useInboxUi, type InboxClassNames, type InboxTab, type InboxUi } from './context';
import { InboxFeed } from './InboxFeed';
import { useHostScheme } from '../shared/use-host-scheme';
import { HeaderMenu } from './HeaderMenu';
import { inboxTabs } from './inbox-tabs';
import { useInboxCounts } from './use-inbox-counts';
import { Extras, InboxToaster, type ToasterOptions } from '../shared/extras';
import { ToastsContext, UndoToasts, useToasts } from './UndoToasts';
import type { NotificationRowActions } from '../notification-item/use-row-actions';

export interface InboxRootProps extends Omit<HTMLAttributes<HTMLDivElement>, 'dir'>, InboxCallbacks, InboxRenderers {
  /** `popover`: a bell that opens the inbox. `embedded`: the inbox in the page. Default `popover`. */
  variant?: 'popover' | 'embedded';
  /** Semantic tokens, set as CSS variables on the root. */
  theme?: InboxTheme;
  /**
   * Default `inherit`: the CSS `color-scheme` your page declares (light when it declares none),
   * so a light-only app never gets a dark inbox. `system` follows the reader's setting.
   */
  colorScheme?: ColorScheme;
  /** Any visible or spoken string; the rest stay English. */
  labels?: PartialLabels;
  /** Locale of dates and plurals, e.g. `de`. Default: the browser's. */
  locale?: string;
  /** Text direction. Default `ltr`. */
  dir?: 'ltr' | 'rtl';
  classNames?: InboxClassNames;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The selected tab's id (`all`, `unread`, `archived`, `snoozed` or one of `tabs`). */
  filter?: string;
  defaultFilter?: string;
  onFilterChange?: (filter: string) => void;
  /** Tabs after All and Unread (Archived comes last). Each leaves out archived and snoozed notifications unless its filter asks for them. */
  tabs?: InboxTab[];
  /** Mark a notification read when it is activated. Default true. */
  markReadOnClick?: boolean;
  /**
   * Replaces the default notification row. It keeps the default behaviour: seen once visible; a
   * click on a link or button in it marks it read and calls `onNotificationClick`; the keyboard
   * shortcuts. `actions` archive, snooze and delete it with the inbox's toasts and Undo.
   */
  renderItem?: (notification: InboxNotification<RegisteredPayload>, index: number, actions: NotificationRowActions) => ReactNode;
  /** Replaces the empty state of a tab. */
  renderEmpty?: (tab: InboxTab) => ReactNode;
  /**
   * What the bell's badge counts: `unread` (default), or `unseen`: what arrived since the reader
   * last looked. With `unseen`, opening the inbox marks what it shows seen (one request), which
   * clears the badge; read and unread stay as they are.
   */
  badge?: 'unread' | 'unseen';
  /** Level of the inbox's heading. Default 2. */
  headingLevel?: 2 | 3 | 4;
  /**
   * Hide the heading from view; it still names the inbox for screen readers. For an inbox page
   * whose own heading says "Notifications" already.
   */
  hideTitle?: boolean;
}

/** Announces new notifications politely, once they arrive after the first load. */
function Announcer() {
  const ui = useInboxUi('Inbox.Root');
  const unread = useInboxCounts(ui).badge?.count;
  const [previous, setPrevious] = useState<number | undefined>(undefined);
  const [message, setMessage] = useState('');
  if (unread !== undefined && unread !== previous) {
    if (previous !== undefined && unread > previous) setMessage(ui.labels.newNotifications(unread - previous));
    setPrevious(unread);
  }
  return (
    <div role="status" aria-live="polite" data-inbox-slot="sr-only">
      {message}
    </div>
  );
}

/** Holds the inbox's state and settings; every other part goes inside it. */
const InboxRoot = forwardRef<HTMLDivElement, InboxRootProps>(function InboxRoot(
  {
    variant = 'popover',
    theme,
    colorScheme = 'inherit',
    labels: givenLabels,
    locale,
    dir = 'ltr',
    classNames = {},
    open: givenOpen,
    defaultOpen = false,
    onOpenChange,
    filter: givenFilter,
    defaultFilter = 'all',
    onFilterChange,
    tabs: extraTabs,
    markReadOnClick = true,
    renderItem,
    renderEmpty,
    renderAvatar,
    onNotificationClick,
    onActionClick,
    onNavigate,
    headingLevel = 2,
    hideTitle = false,
    badge = 'unread',
    className,
    style,
    children,
    ...rest
  },
  ref,
) {
  const labels = useMemo(() => mergeLabels(givenLabels), [givenLabels]);
  const [open, setOpen] = useControllable(givenOpen, defaultOpen, onOpenChange);
  const [filter, setFilter] = useControllable(givenFilter, defaultFilter, onFilterChange);
  const [view, setView] = useState<'feed' | 'preferences'>('feed');
  const [bell, setBell] = useState<HTMLButtonElement | null>(null);
  const id = useId();
  const now = useNow();
  // Made while the page is idle (waiting for the notifications), not when the first row is drawn.
  useEffect(() => whenIdle(() => relativeTimeFormat(locale)), [locale]);
  // The menus' chunk (the rows' actions, the keys between notifications) as the popover opens, so
  // that it is there by the first hover or key; the feed asks for it too (see InboxFeed). Not on every
  // page with a bell: that would be 4.5 kB more on each, past the hosts' budget.
  useEffect(() => void (open && loadMenus()), [open]);
  const schemeRef = useHostScheme(colorScheme === 'inherit');
  const rootRef = useMemo(() => mergeRefs<HTMLDivElement>(ref, schemeRef), [ref, schemeRef]);
  const known = useCapabilities();
  // Until the service's first answer says otherwise, it is taken to be v2, as deployed services are.
  const [archive, snooze, remove] = [known?.archive !== false, known?.snooze !== false, known?.delete !== false];
  const capabilities = useMemo(() => ({ archive, snooze, delete: remove }), [archive, snooze, remove]);
  const snoozedShown = filter === 'snoozed';
  const tabs = useMemo(() => inboxTabs(labels, capabilities, extraTabs, snoozedShown), [labels, capabilities, extraTabs, snoozedShown]);
  const { toasts, toast } = useToasts(useInboxContext('Inbox.Root').inbox.triage.undoMs);

  const ui = useMemo<InboxUi>(
    () => ({
      variant,
      open: variant === 'embedded' || open,
      setOpen,
      view,
      setView,
      tabs,
      filter,
      tab: tabs.find((tab) => tab.id === filter) ?? tabs[0],
      setFilter,
      labels,
      classNames,
      dir,
      id: (part) => id + part,
      bell,
      setBell,
      renderItem,
      renderEmpty,
      headingLevel,
      hideTitle,
      badge,
      capabilities,
      toast,
    }),
    [variant, open, setOpen, view, tabs, filter, setFilter, labels, classNames, dir, id, bell, renderItem, renderEmpty, headingLevel, hideTitle, badge, capabilities, toast],
  );
  const settings = useMemo<ItemSettings>(
    () => ({ labels, locale, now, markReadOnClick, classNames, renderAvatar, onNotificationClick, onActionClick, onNavigate }),
    [labels, locale, now, markReadOnClick, classNames, renderAvatar, onNotificationClick, onActionClick, onNavigate],
  );

  return (
    <InboxUiContext.Provider value={ui}>
      <ItemSettingsContext.Provider value={settings}>
        <ToastsContext.Provider value={toasts}>
        <div
          ref={rootRef}
          data-inbox-root=""
          data-variant={variant}
          data-color-scheme={colorScheme}
          dir={dir}
          lang={locale}
          className={cx(classNames.root, className)}
          style={{ ...themeToStyle(theme), ...style }}
          {...rest}
        >
          {children}
          {variant === 'embedded' && <UndoToasts />}
          <Announcer />
        </div>
        </ToastsContext.Provider>
      </ItemSettingsContext.Provider>
    </InboxUiContext.Provider>
  );
});

/** The bell: opens and closes the popover; its name and badge give the unread count. */
const InboxBell = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement>>(function InboxBell({ className, onClick, ...rest }, ref) {
  const ui = useInboxUi('Inbox.Bell');
  // The counts are the one request the bell needs, and the one that looks for new notifications.
  const counts = useInboxCounts(ui, true);
  // The first page, fetched while the popover is closed, so that opening it shows it at once.
  usePrefetchFeed(ui.tab.filter);
  const count = countText(counts.badge);

  const { open, setBell, classNames } = ui;
  const setRefs = useMemo(() => mergeRefs<HTMLButtonElement>(ref, setBell), [ref, setBell]);
  return (
    <button
      ref={setRefs}
      type="button"
      data-inbox-slot="bell"
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls={open ? ui.id('popover') : undefined}
      aria-label={ui.labels[ui.badge === 'unseen' ? 'bellUnseen' : 'bell'](count)}
      data-severity={counts.high?.count ? 'high' : undefined}
      className={cx(classNames.bell, className)}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented) return;
        if (!open) clickedAt.set(event.currentTarget, { box: event.currentTarget.getBoundingClientRect(), at: performance.now() });
        ui.setOpen(!open);
      }}
      {...rest}
    >
      <Icon name="bell" />
      {count && (
        <span data-inbox-slot="badge" className={classNames.badge} aria-hidden="true">
          {count}
        </span>
      )}
    </button>
  );
});

const GAP = 8;

/**
 * Where a bell was when it was clicked, read in the click (the page's layout is fresh then), so
 * that opening the popover reads no geometry from the new, not yet laid out, page. Used only by
 * the open that follows at once.
 */
const clickedAt = new WeakMap<HTMLElement, { box: DOMRect; at: number }>();

/**
 * Places the popover under the bell (above it when there is no room), inside the viewport. Only
 * the bell's box is read: the edge lined up with the bell is set, and a translate (whose
 * percentages are of the popover's own width) keeps the other edge on screen, so placing it
 * forces no layout of the popover.
 */
function usePlacement(enabled: boolean, anchor: HTMLElement | null, popoverRef: RefObject<HTMLDivElement | null>) {
  useLayoutEffect(() => {
    const popover = popoverRef.current;
    if (!enabled || !anchor || !popover) return;
    const place = (bell: DOMRect) => {
      const width = window.innerWidth;
      const below = window.innerHeight - bell.bottom - 2 * GAP;
      const above = bell.top - 2 * GAP;
      const placeAbove = below < 320 && above > below;
      // Set through the CSSOM, which a Content-Security-Policy without 'unsafe-inline' allows.
      const style = popover.style;
      // Lined up with the bell on the side it sits on: a bell on the right holds the popover's end
      // edge, one on the left its start edge, so the popover opens toward the middle of the page.
      const fromRight = bell.left + bell.right > width;
      const edge = Math.max(GAP, fromRight ? width - bell.right : bell.left);
      style.right = fromRight ? `${edge}px` : '';
      style.left = fromRight ? '' : `${edge}px`;
      style.translate = fromRight ? `max(0px, calc(100% - ${width - edge - GAP}px))` : `min(0px, calc(${width - GAP - edge}px - 100%))`;
      style.maxWidth = `${width - 2 * GAP}px`;
      style.maxHeight = `${Math.max(160, placeAbove ? above : below)}px`;
      style.top = placeAbove ? '' : `${bell.bottom + GAP}px`;
      style.bottom = placeAbove ? `${window.innerHeight - bell.top + GAP}px` : '';
      popover.dataset.side = placeAbove ? 'top' : 'bottom';
    };
    const clicked = clickedAt.get(anchor);
    clickedAt.delete(anchor);
    place(clicked && performance.now() - clicked.at < 100 ? clicked.box : anchor.getBoundingClientRect());
    const replace = () => place(anchor.getBoundingClientRect());
    return cleanupAll(listen(window, 'resize', replace), listen(window, 'scroll', replace, true));
  }, [enabled, anchor, popoverRef]);
}

/**
 * The popover under the bell: a non-modal dialog. Focus moves into it when it
 * opens and back to the bell when it closes; Escape or a click outside closes it.
 */
const InboxPopover = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function InboxPopover({ className, children, ...rest }, ref) {
  const ui = useInboxUi('Inbox.Popover');
  const popoverRef = useRef<HTMLDivElement | null>(null);
  const { open, setOpen, bell } = ui;
  usePlacement(open && ui.variant === 'popover', bell, popoverRef);

  useEffect(() => {
    const element = popoverRef.current;
    if (!open || !element) return;
    // It is fixed in the viewport: nothing to scroll to, and so no layout to force before the first paint.
    element.focus({ preventScroll: true });
    const close = (returnFocus: boolean) => {
      setOpen(false);
      if (returnFocus) bell?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (target instanceof Node && !element.contains(target) && !bell?.contains(target)) close(false);
    };
    // Escape from inside the popover, or from nowhere (focus lost with a removed row), closes it.
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const target = event.target;
      const inside = target instanceof Node && element.contains(target);
      if (!inside && target !== document.body && target !== document.documentElement) return;
      event.stopPropagation();
      close(true);
    };
    return cleanupAll(listen(document, 'pointerdown', onPointerDown), listen(document, 'keydown', onKeyDown));
  }, [open, setOpen, bell]);

  const setRefs = useMemo(() => mergeRefs<HTMLDivElement>(ref, popoverRef), [ref]);

  if (!open) return null;
  return (
    <div
      ref={setRefs}
      id={ui.id('popover')}
      role="dialog"
      aria-labelledby={ui.id('title')}
      tabIndex={-1}
      data-inbox-slot="popover"
      className={cx(ui.classNames.popover, className)}
      {...rest}
    >
      {children}
      <UndoToasts />
    </div>
  );
});

/** The title, "mark all as read", and the way to the preferences and back. */
const InboxHeader = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function InboxHeader({ className, ...rest }, ref) {
  const ui = useInboxUi('Inbox.Header');
  const { labels, tab } = ui;
  const markAll = useMarkAllAs();
  const unread = useInboxCounts(ui).unread;
  const inPreferences = ui.view === 'preferences';
  // The service marks all of some tags or data; a tab filtered otherwise (severity, the archive) it cannot.
  const { severity, archived, snoozed, tags, data } = tab.filter;
  const markable = !severity?.length && !archived && !snoozed;
  const Title = `h${ui.headingLevel}` as 'h2' | 'h3' | 'h4';
  return (
    <div ref={ref} data-inbox-slot="header" className={cx(ui.classNames.header, className)} {...rest}>
      {inPreferences && (
        <button type="button" data-inbox-slot="icon-button" aria-label={labels.backToNotifications} title={labels.backToNotifications} onClick={() => ui.setView('feed')}>
          <Icon name="back" data-flip-rtl="" />
        </button>
      )}
      <Title id={ui.id('title')} data-inbox-slot={ui.hideTitle && !inPreferences ? 'sr-only' : 'title'}>
        {inPreferences ? labels.preferencesTitle : labels.title}
      </Title>
      {ui.hideTitle && !inPreferences && <span data-inbox-slot="title" aria-hidden="true" />}
      {/* The actions wrap together, below a title too long to share their line. */}
      <div data-inbox-slot="header-actions">
        {!inPreferences && markable && (
          <button
            type="button"
            data-inbox-slot="text-button"
            disabled={markAll.isPending || (unread?.count === 0 && unread.exact)}
            onClick={() => markAll.mutate({ tags, data })}
          >
            {labels.markAllAsRead}
          </button>
        )}
        {!inPreferences && <HeaderMenu />}
        {!inPreferences && (
          <button type="button" data-inbox-slot="icon-button" aria-label={labels.openPreferences} title={labels.openPreferences} onClick={() => ui.setView('preferences')}>
            <Icon name="settings" />
          </button>
        )}
        {ui.variant === 'popover' && (
          <button
            type="button"
            data-inbox-slot="icon-button"
            aria-label={labels.close}
            title={labels.close}
            onClick={() => {
              ui.setOpen(false);
              ui.bell?.focus();
            }}
          >
            <Icon name="close" />
          </button>
        )}
      </div>
    </div>
  );
});

/** The tabs: All, Unread and custom ones. Arrow keys move between them (mirrored right to left). */
const InboxTabs = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function InboxTabs({ className, ...rest }, ref) {
  const ui = useInboxUi('Inbox.Tabs');
  const counts = useInboxCounts(ui);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const count = ui.tabs.length;
    const arrow = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const next = arrow ? (index + count + (ui.dir === 'rtl' ? -arrow : arrow)) % count : event.key === 'Home' ? 0 : event.key === 'End' ? count - 1 : -1;
    const tab = ui.tabs[next];
    if (!tab) return;
    event.preventDefault();
    ui.setFilter(tab.id);
    document.getElementById(ui.id(`tab-${tab.id}`))?.focus();
  };
  return (
    <div ref={ref} role="tablist" aria-label={ui.labels.tabsLabel} data-inbox-slot="tabs" className={cx(ui.classNames.tabs, className)} {...rest}>
      {ui.tabs.map((tab, index) => {
        const selected = tab.id === ui.filter;
        const count = countText(counts.tab(tab.id));
        return (
          <button
            key={tab.id}
            id={ui.id(`tab-${tab.id}`)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={selected ? ui.id('panel') : undefined}
            tabIndex={selected ? 0 : -1}
            data-inbox-slot="tab"
            data-state={selected ? 'active' : 'inactive'}
            className={ui.classNames.tab}
            onClick={() => ui.setFilter(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
            {/* A space, so that its name reads "Unread 3". */}
            {count && <> <span data-inbox-slot="tab-count">{count}</span></>}
          </button>
        );
      })}
    </div>
  );
});

/** The inbox's content: header, then the tabs and feed, or the preferences. */
function InboxPanel({ className, ...rest }: HTMLAttributes<HTMLElement>) {
  const ui = useInboxUi('Inbox.Panel');
  const content = (
    <>
      <InboxHeader />
      {ui.view === 'preferences' ? (
        <PreferencesPanel headingLevel={3} />
      ) : (
        <>
          <InboxTabs />
          <InboxFeed />
        </>
      )}
    </>
  );
  if (ui.variant === 'popover') return content;
  return (
    <section aria-labelledby={ui.id('title')} data-inbox-slot="panel" className={cx(ui.classNames.panel, className)} {...rest}>
      {content}
    </section>
  );
}

export interface InboxProps extends InboxRootProps {
  /** Replaces the whole content of the popover or panel. Default: header, tabs and feed. */
  children?: ReactNode;
  /** New notifications as toasts while the inbox is closed (they come with real time): `true`, or where and how long. Default none. */
  toasts?: boolean | ToasterOptions;
  /** The unread count before the page's title, "(3) Dashboard" (see `useDocumentTitleBadge`). Default false. */
  titleBadge?: boolean;
}

function InboxComponent({ children, toasts, titleBadge, ...props }: InboxProps) {
  const variant = props.variant ?? 'popover';
  const content = children ?? <InboxPanel />;
  return (
    <InboxRoot {...props}>
      {(toasts || titleBadge) && <Extras toasts={toasts} titleBadge={titleBadge} />}
      {variant === 'popover' ? (
        <>
          <InboxBell />
          <InboxPopover>{content}</InboxPopover>
        </>
      ) : (
        content
      )}
    </InboxRoot>
  );
}

/**
 * The notification center. Inside `<InboxProvider>`, `<Inbox />` alone gives a
 * bell with an unread badge that opens the inbox; `variant="embedded"` puts it
 * in the page. Its parts compose your own layout:
 *
 * ```tsx
 * <Inbox.Root variant="embedded">
 *   <Inbox.Header />
 *   <Inbox.Tabs />
 *   <Inbox.Feed />
 * </Inbox.Root>
 * ```
 */
export const Inbox = Object.assign(InboxComponent, {
  Root: InboxRoot,
  Bell: InboxBell,
  Popover: InboxPopover,
  Header: InboxHeader,
  Tabs: InboxTabs,
  Feed: InboxFeed,
  Panel: InboxPanel,
  Toaster: InboxToaster,
});
