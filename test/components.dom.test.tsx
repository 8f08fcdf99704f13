/** Component tests by role and keyboard, against the reference service's MSW handlers. */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memo, Profiler, useEffect, useState, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Inbox, NotificationItem, PreferencesPanel, type InboxNotification } from 'inbox-kit';
import { LIST_PATH, V2 } from './helpers/dialect';
import { inboxWrapper, setupMockService, SUBSCRIBER } from './helpers/inbox';
import { recordNavigation } from './helpers/navigation';

const service = setupMockService();
const readOnly = setupMockService({ preferenceUpdates: false });
const few = setupMockService({ messages: 12 });
beforeEach(() => {
  service.reset();
  readOnly.reset();
  few.reset();
});

function renderInbox(ui: ReactNode, target = service) {
  const { Wrapper, queryClient } = inboxWrapper(target);
  return { ...render(ui, { wrapper: Wrapper }), queryClient };
}
const unreadCount = () => service.feedOf(SUBSCRIBER, { read: false }).length;
const items = () => screen.getAllByRole('article');

describe('<Inbox />', () => {
  it('after a failed refetch, "Try again" reads the feed again (there is no next page to load)', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderInbox(<Inbox variant="embedded" />, few);
    await waitFor(() => expect(items().length).toBe(12));
    few.injectFault({ status: 500, path: LIST_PATH });
    await act(() => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[3] === 'list' }));
    const alert = await screen.findByRole('alert');
    expect(items()).toHaveLength(12);
    const reads = few.requests.filter((r) => LIST_PATH.test(r.path)).length;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(few.requests.filter((r) => LIST_PATH.test(r.path)).length).toBe(reads + 1);
  });

  it('opens from the bell with the keyboard, moves focus in, and returns it on Escape', async () => {
    const user = userEvent.setup();
    renderInbox(<Inbox />);
    const bell = await screen.findByRole('button', { name: `Notifications, ${unreadCount()} unread` });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    bell.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(dialog).toHaveFocus();
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(items().length).toBeGreaterThan(5));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
    await user.keyboard(' ');
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys, and filters unread', async () => {
    const user = userEvent.setup();
    // v2 filters by the workflow's tags; v1 by the trigger payload, as `data`.
    renderInbox(<Inbox variant="embedded" tabs={[{ id: 'billing', label: 'Billing', filter: V2 ? { tags: ['billing'] } : { data: { category: 'billing' } } }]} />);
    const all = await screen.findByRole('tab', { name: 'All' });
    expect(all).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(items().length).toBe(20));
    all.focus();
    await user.keyboard('{ArrowRight}');
    const unread = screen.getByRole('tab', { name: /^Unread/ });
    expect(unread).toHaveFocus();
    expect(unread).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(items().every((item) => item.dataset.state === 'unread')).toBe(true));
    expect(items()).toHaveLength(unreadCount());
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');
    const billing = V2 ? service.feedOf(SUBSCRIBER).filter((n) => n.tags?.includes('billing')) : service.feedOf(SUBSCRIBER, { payload: { category: 'billing' } });
    await waitFor(() => expect(items()).toHaveLength(billing.length));
    await user.keyboard('{Home}');
    expect(all).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', all.id);
  });

  it('shows loading, then an error with a retry that recovers', async () => {
    const user = userEvent.setup();
    // The feed's request and the count's both fail once.
    service.injectFault({ status: 500, path: V2 ? /\/notifications(\/count)?$/ : '/notifications/feed', method: 'GET' }, 2);
    renderInbox(<Inbox variant="embedded" />);
    expect(screen.getByText('Loading notifications…').closest('[role="status"]')).not.toBeNull();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Notifications could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(items()).toHaveLength(20));
  });

  it('shows the empty state, and the end of the list', async () => {
    for (const message of service.data.messages) message.read = true;
    const user = userEvent.setup();
    renderInbox(<Inbox variant="embedded" defaultFilter="unread" />);
    expect(await screen.findByText('No unread notifications.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(items().length).toBeGreaterThan(0));
    // jsdom has no layout to scroll: the Load more button pages instead.
    for (;;) {
      // The end of the list shows either more to load or that there is nothing more (never both).
      const more = await waitFor(() => screen.queryByRole('button', { name: 'Load more' }) ?? screen.getByText('That’s everything.'));
      if (more.tagName !== 'BUTTON') break;
      await user.click(more);
    }
    expect(items()).toHaveLength(50);
  });

  it('marks read on click, calls onNotificationClick and routes through onNavigate', async () => {
    const user = userEvent.setup();
    const onNotificationClick = vi.fn();
    const onNavigate = vi.fn();
    renderInbox(<Inbox variant="embedded" onNotificationClick={onNotificationClick} onNavigate={onNavigate} />);
    await waitFor(() => expect(items().length).toBe(20));
    const target = service.feedOf(SUBSCRIBER).find((n) => !n.read && n.cta.data?.url?.startsWith('/'));
    if (!target) throw new Error('no unread notification with a link');
    const article = items().find((a) => a.textContent?.includes(target.content)) as HTMLElement;
    const link = within(article).getByRole('link');
    expect(link).toHaveAttribute('href', target.cta.data?.url);
    await user.click(link);
    expect(onNavigate).toHaveBeenCalledWith(target.cta.data?.url, expect.objectContaining({ id: target._id }));
    expect(onNotificationClick).toHaveBeenCalledWith(expect.objectContaining({ id: target._id }));
    await waitFor(() => expect(article).toHaveAttribute('data-state', 'read'));
    await waitFor(() => expect(service.feedOf(SUBSCRIBER).find((n) => n._id === target._id)?.read).toBe(true));
  });

  it('never links to unsafe URLs and renders content as text', async () => {
    renderInbox(<Inbox variant="embedded" />);
    await waitFor(() => expect(items().length).toBe(20));
    const hostile = items().find((a) => a.textContent?.includes('<script>')) as HTMLElement;
    expect(hostile).toBeDefined();
    expect(within(hostile).queryByRole('link')).toBeNull();
    expect(hostile.querySelector('script, img[src="x"]')).toBeNull();
    expect(document.querySelector('a[href^="javascript:"]')).toBeNull();
  });

  it('runs message actions: calls onActionClick, shows the result, marks read', async () => {
    const user = userEvent.setup();
    const onActionClick = vi.fn();
    renderInbox(<Inbox variant="embedded" onActionClick={onActionClick} />);
    await waitFor(() => expect(items().length).toBe(20));
    const article = items().find((a) => within(a).queryByRole('button', { name: 'Accept' })) as HTMLElement;
    await user.click(within(article).getByRole('button', { name: 'Accept' }));
    expect(onActionClick).toHaveBeenCalledWith(expect.objectContaining({ type: 'primary', label: 'Accept' }), expect.objectContaining({ isRead: false }));
    // v1 says what a button's click did (its result); v2 says which button was clicked.
    const result = V2 ? 'Accept' : 'Invitation accepted';
    await waitFor(() => expect(within(article).getByText(result).closest('[data-inbox-slot="item-result"]')).not.toBeNull());
    expect(within(article).queryByRole('button', { name: 'Decline' })).toBeNull();
    await waitFor(() => expect(article).toHaveAttribute('data-state', 'read'));
    // A done action from the service shows its result.
    expect(document.querySelectorAll('[data-inbox-slot="item-result"]').length).toBeGreaterThanOrEqual(2);
  });

  it('falls back to the sender’s initials (v1, which names the sender) or an icon (v2) when an avatar fails to load', async () => {
    renderInbox(<Inbox variant="embedded" />);
    await waitFor(() => expect(items().length).toBe(20));
    const article = items().find((a) => a.textContent?.includes('Olúwaseun')) as HTMLElement;
    const img = article.querySelector('img');
    expect(img).not.toBeNull();
    act(() => void fireEvent.error(img as HTMLImageElement));
    expect(article.querySelector('img')).toBeNull();
    if (V2) expect(article.querySelector('[data-inbox-slot="avatar"] svg')).not.toBeNull();
    else expect(article.querySelector('[data-inbox-slot="avatar-initials"]')).toHaveTextContent('OA');
  });

  it('marks all as read', async () => {
    const user = userEvent.setup();
    renderInbox(<Inbox />);
    await user.click(await screen.findByRole('button', { name: /^Notifications, \d+ unread$/ }));
    await waitFor(() => expect(items().length).toBe(20));
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(items().every((a) => a.dataset.state === 'read')).toBe(true));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument());
    expect(unreadCount()).toBe(0);
  });

  it('uses custom renderers and keeps marking read working', async () => {
    const user = userEvent.setup();
    renderInbox(
      <Inbox
        variant="embedded"
        renderAvatar={(n) => <span data-testid="avatar">{n.avatar ?? 'none'}</span>}
        renderEmpty={(tab) => <p>Nothing in {tab.label}</p>}
      />,
    );
    await waitFor(() => expect(screen.getAllByTestId('avatar').length).toBe(20));
    const firstUnread = items().find((a) => a.dataset.state === 'unread') as HTMLElement;
    await user.click(within(firstUnread).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(firstUnread).toHaveAttribute('data-state', 'read'));
  });

  it('keeps marking read and onNotificationClick working for a custom row', async () => {
    const user = userEvent.setup();
    const onNotificationClick = vi.fn();
    renderInbox(
      <Inbox
        variant="embedded"
        onNotificationClick={onNotificationClick}
        renderItem={(n) => (
          <a href={`#n-${n.id}`} data-read={String(n.isRead)}>
            {n.body}
          </a>
        )}
      />,
    );
    const links = await screen.findAllByRole('link');
    const unread = links.find((link) => link.dataset.read === 'false') as HTMLElement;
    await user.click(unread);
    await waitFor(() => expect(unread).toHaveAttribute('data-read', 'true'));
    expect(onNotificationClick).toHaveBeenCalledTimes(1);
  });

  it('makes a custom row the feed’s article, numbered; one that holds a NotificationItem lets the item be it', async () => {
    const onNotificationClick = vi.fn();
    const { unmount } = renderInbox(<Inbox variant="embedded" renderItem={(n) => <p>{n.body}</p>} />);
    await waitFor(() => expect(items().length).toBe(20));
    const feed = screen.getByRole('feed');
    expect(items().every((article) => article.parentElement?.parentElement === feed)).toBe(true);
    expect(items().map((article) => article.getAttribute('aria-posinset'))).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1)));
    unmount();

    const user = userEvent.setup();
    renderInbox(<Inbox variant="embedded" onNotificationClick={onNotificationClick} renderItem={(n) => <div className="mine"><NotificationItem notification={n} /></div>} />);
    await waitFor(() => expect(items().length).toBe(20));
    // No article inside an article: the item is the row's one, with the row's place.
    expect(items().every((article) => article.dataset.inboxSlot === 'item')).toBe(true);
    expect(items()[2]).toHaveAttribute('aria-posinset', '3');
    // Without onNavigate, the item's link is an ordinary link: the browser follows it.
    const navigations = recordNavigation();
    const first = service.feedOf(SUBSCRIBER)[0];
    await user.click(items()[0]?.querySelector('[data-inbox-slot="item-main"]') as HTMLElement);
    expect(onNotificationClick).toHaveBeenCalledTimes(1);
    expect(navigations).toEqual([new URL(first?.cta.data?.url ?? '', location.href).href]);
  });

  it('hands the article over when a custom row’s content later becomes a NotificationItem', async () => {
    // The content changes when the test says so, not on a timer that a slow machine could outrun.
    const readyListeners = new Set<() => void>();
    function Later({ notification }: { notification: InboxNotification }) {
      const [ready, setReady] = useState(false);
      useEffect(() => {
        const listener = () => setReady(true);
        readyListeners.add(listener);
        return () => void readyListeners.delete(listener);
      }, []);
      return ready ? <NotificationItem notification={notification} /> : <p>Loading…</p>;
    }
    renderInbox(<Inbox variant="embedded" renderItem={(n) => <Later notification={n} />} />);
    await waitFor(() => expect(items().length).toBe(20));
    expect(items().every((article) => article.dataset.inboxSlot === 'custom-row')).toBe(true);
    act(() => readyListeners.forEach((listener) => listener()));
    await waitFor(() => expect(items().every((article) => article.dataset.inboxSlot === 'item')).toBe(true));
    expect(items()).toHaveLength(20);
  });

  it('says which part is outside its root', () => {
    expect(() => render(<Inbox.Feed />, { wrapper: inboxWrapper(service).Wrapper })).toThrow('`Inbox.Feed` must be used within `Inbox.Root`.');
  });

  it('speaks the locale and the labels given', async () => {
    renderInbox(<Inbox variant="embedded" locale="de" labels={{ title: 'Benachrichtigungen', tabAll: 'Alle', markAllAsRead: 'Alle als gelesen markieren' }} />);
    expect(await screen.findByRole('heading', { name: 'Benachrichtigungen' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Alle' })).toBeInTheDocument();
    await waitFor(() => expect(items().length).toBe(20));
    expect(screen.getAllByText(/^vor\s\d+\s(Minuten|Stunden|Tagen)$/).length).toBeGreaterThan(0);
  });

  it('announces new notifications politely', async () => {
    const { queryClient } = renderInbox(<Inbox />);
    await screen.findByRole('button', { name: /unread/ });
    await service.handle(
      new Request(`${service.baseUrl}/v1/events/trigger/broadcast`, {
        method: 'POST',
        headers: { Authorization: `ApiKey ${service.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'product-announcement', payload: { title: 'New', body: 'x' } }),
      }),
    );
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(screen.getByText('1 new notification')).toBeInTheDocument());
    expect(screen.getByText('1 new notification')).toHaveAttribute('aria-live', 'polite');
  });
});

describe('rendering work', () => {
  it('draws each row once when the feed first shows: attaching a row to the page renders nothing again', async () => {
    const renders = new Map<string, number>();
    renderInbox(
      <Inbox
        variant="embedded"
        renderAvatar={(notification) => {
          renders.set(notification.id, (renders.get(notification.id) ?? 0) + 1);
          return undefined;
        }}
      />,
    );
    await waitFor(() => expect(items().length).toBe(20));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([...renders.values()]).toEqual(Array.from({ length: 20 }, () => 1));
  });

  it('marking one notification read re-renders only that item and the badge', async () => {
    const user = userEvent.setup();
    const rendered: string[] = [];
    const record = (id: string) => rendered.push(id);
    const Counted = memo(function Counted({ notification }: { notification: InboxNotification }) {
      return (
        <Profiler id={notification.id} onRender={record}>
          <NotificationItem notification={notification} />
        </Profiler>
      );
    });
    // The default rows render their avatar through renderAvatar: a second witness of which rows rendered.
    const avatarsRendered: string[] = [];
    renderInbox(
      <Inbox.Root
        renderItem={(notification) => <Counted notification={notification} />}
        renderAvatar={(notification) => {
          avatarsRendered.push(notification.id);
          return undefined;
        }}
      >
        <Profiler id="bell" onRender={record}>
          <Inbox.Bell />
        </Profiler>
        <Inbox.Popover>
          <Inbox.Feed />
        </Inbox.Popover>
      </Inbox.Root>,
    );
    await user.click(await screen.findByRole('button', { name: /unread/ }));
    await waitFor(() => expect(items().length).toBe(20));
    const target = items().find((a) => a.dataset.state === 'unread') as HTMLElement;
    const targetId = service.feedOf(SUBSCRIBER).find((n) => target.textContent?.includes(n.content))?._id;
    await waitFor(() => expect(rendered.length).toBeGreaterThan(0));
    rendered.length = 0;
    avatarsRendered.length = 0;
    await user.click(within(target).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(screen.getByRole('button', { name: `Notifications, ${unreadCount()} unread` })).toBeInTheDocument());
    expect(new Set(rendered)).toEqual(new Set([targetId, 'bell']));
    expect(new Set(avatarsRendered)).toEqual(new Set([targetId]));
  });
});

describe('<PreferencesPanel />', () => {
  it('toggles a channel optimistically and shows who set each value', async () => {
    const user = userEvent.setup();
    renderInbox(<PreferencesPanel />);
    const group = (await screen.findByRole('heading', { name: 'Comment replies' })).closest('li') as HTMLElement;
    const email = within(group).getByRole('switch', { name: 'Comment replies Email' });
    expect(email).toHaveAttribute('aria-checked', 'true');
    expect(email).toHaveAccessibleDescription('Default');
    service.injectFault({ latencyMs: 5_000, method: 'PATCH' });
    await user.click(email);
    // Shown before the service answers: within half the 5 s its answer is on its way.
    await waitFor(() => expect(email).toHaveAttribute('aria-checked', 'false'), { timeout: 2_500 });
    await waitFor(() => expect(email).toHaveAccessibleDescription('Your choice'));
    await waitFor(() => expect(service.data.subscribers[0]?.preferences.workflows).not.toEqual({}));
    expect(screen.queryByRole('heading', { name: 'Security alerts' })).toBeNull();
  });

  it('shows a channel the organization locked, without letting it change', async () => {
    renderInbox(<PreferencesPanel />);
    const email = await screen.findByRole('switch', { name: 'Billing Email' });
    expect(email).toBeDisabled();
    expect(email).toHaveAccessibleDescription('Set by your organization');
    expect(screen.getByRole('switch', { name: 'Billing SMS' })).toBeEnabled();
  });

  it('rolls back a refused change and says so', async () => {
    const user = userEvent.setup();
    service.injectFault({ status: 500, method: 'PATCH' });
    renderInbox(<PreferencesPanel />);
    const sms = await screen.findByRole('switch', { name: 'SMS' });
    await user.click(sms);
    expect(await screen.findByRole('alert')).toHaveTextContent('That change could not be saved.');
    expect(sms).toHaveAttribute('aria-checked', 'true');
  });

  it('is read-only, with an explanation, when the service refuses updates', async () => {
    const user = userEvent.setup();
    renderInbox(<PreferencesPanel />, readOnly);
    const email = await screen.findByRole('switch', { name: 'Email' });
    await user.click(email);
    expect(await screen.findByRole('note')).toHaveTextContent('Your organization manages these preferences');
    await waitFor(() => expect(screen.getAllByRole('switch').every((s) => (s as HTMLButtonElement).disabled)).toBe(true));
    expect(email).toHaveAttribute('aria-checked', 'true');
  });
});
