/**
 * Clearing the inbox (issue 26) against the reference service: archive, snooze and delete from a
 * row, by mouse and by keyboard, with their toasts and Undo; the bulk actions from the header's menu;
 * the Archived and Snoozed views; high severity. What the service holds afterwards is what the
 * reader did. On a v1-only service (`dom-spec`) none of it is offered.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Inbox, useArchive, useDelete, useFeed, useMarkAllAs, useMarkAs, useSnooze } from 'inbox-kit';
import { V2 } from './helpers/dialect';
import { heldBy, inboxWrapper, renderInboxHook, settle, setupMockService, testClient, type WrapperProps } from './helpers/inbox';

const service = setupMockService({ messages: 12 });
/** A service whose clock is the test's (faked below): its snoozes end as time is moved on. */
const clocked = setupMockService({ messages: 12, clock: () => Date.now() });
beforeEach(() => {
  service.reset();
  clocked.reset();
});

function renderInbox(ui: ReactNode, props: WrapperProps = {}) {
  const { Wrapper, queryClient } = inboxWrapper(service, props);
  return { ...render(ui, { wrapper: Wrapper }), queryClient };
}
const rows = () => screen.getAllByRole('article');
const row = (subject: string) => screen.getAllByRole('article').find((article) => article.textContent?.includes(subject))!;
/** The service's own list of the subscriber's notifications under a v2 filter. */
const held = (filter: { archived?: boolean; snoozed?: boolean } = {}) => heldBy(service, filter);
const toasts = () => document.querySelector('[data-inbox-slot="toasts"]')!;
const changes = () => service.requests.filter((r) => r.method !== 'GET');
const subjectOf = (article: HTMLElement) => article.querySelector('[data-inbox-slot="item-subject"], [data-inbox-slot="item-content"]')!.textContent!;

describe.runIf(V2)('triage on v2', () => {
  it('archives a notification in one request: it leaves All, shows in Archived, and Undo brings it back unread', async () => {
    const user = userEvent.setup();
    renderInbox(<Inbox variant="embedded" />);
    await waitFor(() => expect(rows()).toHaveLength(12));
    const target = rows().find((article) => article.dataset.state === 'unread')!;
    const subject = subjectOf(target);
    const before = service.requests.length;
    await user.click(await within(target).findByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(rows()).toHaveLength(11));
    // The toast once the service has it.
    await waitFor(() => expect(toasts().textContent).toContain('Archived'));
    // One request, and nothing read again after its clear answer.
    await waitFor(() => expect(service.requests.length).toBe(before + 1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(service.requests.slice(before).map((r) => `${r.method} ${r.path.split('/').at(-1)}`)).toEqual(['PATCH archive']);
    expect((await held({ archived: true })).map(subjectOfHeld)).toEqual([subject]);

    await user.click(screen.getByRole('tab', { name: 'Archived' }));
    await waitFor(() => expect(rows().map(subjectOf)).toEqual([subject]));
    await user.click(screen.getByRole('tab', { name: /^All/ }));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(rows()).toHaveLength(12));
    // It was unread: Undo marks it unread, which also takes it out of the archive (one request).
    await waitFor(async () => expect(await held({ archived: true })).toHaveLength(0));
    expect(row(subject).dataset.state).toBe('unread');
    expect(changes().at(-1)!.path).toMatch(/\/unread$/);
  });

  it('deletes after the undo window, and an Undo within it sends nothing', async () => {
    const user = userEvent.setup();
    // A window wide enough for the clicks on a loaded machine.
    renderInbox(<Inbox variant="embedded" />, { undoMs: 1_500 });
    await waitFor(() => expect(rows()).toHaveLength(12));
    const first = subjectOf(rows()[0]!);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const before = changes().length;
    const all = service.requests.length;
    await user.click(await within(rows()[0]!).findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rows()).toHaveLength(11));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(rows()).toHaveLength(12));
    // Past where the window would have closed: nothing at all, no delete and nothing read again.
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect(service.requests.slice(all)).toEqual([]);
    expect(await held()).toHaveLength(12);
    expect(subjectOf(rows()[0]!)).toBe(first);

    await user.click(await within(rows()[0]!).findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rows()).toHaveLength(11));
    expect(changes()).toHaveLength(before);
    await waitFor(() => expect(changes()).toHaveLength(before + 1));
    expect(changes().at(-1)!.method).toBe('DELETE');
    expect(await held()).toHaveLength(11);
    expect(rows()).toHaveLength(11);
  });

  it('an Undo after the window closed says it was too late: the delete was sent and holds', async () => {
    const { result } = renderInboxHook(() => ({ remove: useDelete(), feed: useFeed() }), service, { props: { undoMs: 30 } });
    await waitFor(() => expect(result.current.feed.notifications.length).toBeGreaterThan(0));
    const id = result.current.feed.notifications[0]!.id;
    const removal = result.current.remove.mutateAsync(id);
    await act(() => removal);
    expect(result.current.remove.undo(id)).toBe(false);
    expect((await heldBy(service)).map((n) => n.id)).not.toContain(id);
  });

  it('sends a delete in its window at once when the page is hidden', async () => {
    const user = userEvent.setup();
    renderInbox(<Inbox variant="embedded" />, { undoMs: 60_000 });
    await waitFor(() => expect(rows()).toHaveLength(12));
    const before = changes().length;
    await user.click(await within(rows()[0]!).findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rows()).toHaveLength(11));
    const visibility = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState')!;
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      await waitFor(() => expect(changes()).toHaveLength(before + 1));
    } finally {
      Object.defineProperty(document, 'visibilityState', visibility);
    }
    expect(changes().at(-1)!.method).toBe('DELETE');
    expect(await held()).toHaveLength(11);
  });

  type Hooks = { markAs: ReturnType<typeof useMarkAs>; archive: ReturnType<typeof useArchive>; markAll: ReturnType<typeof useMarkAllAs> };
  it.each<[string, ((hooks: Hooks, id: string, other: string) => Promise<unknown>) | undefined]>([
    ['a notification marked read on a slow service, then deleted', (hooks, id) => hooks.markAs.mutateAsync({ notificationId: id, markAs: 'read' })],
    ['a notification archived on a slow service, then deleted', (hooks, id) => hooks.archive.mutateAsync({ notificationId: id, archived: true })],
    ['a notification in “mark all as read” on a slow service, then deleted', (hooks) => hooks.markAll.mutateAsync({ markAs: 'read' })],
    // Controls: nothing before it, and a change of another notification.
    ['a notification deleted with nothing before it', undefined],
    ['a notification deleted after another was marked read on a slow service', (hooks, _, other) => hooks.markAs.mutateAsync({ notificationId: other, markAs: 'read' })],
  ])('%s: the page going sends the delete at once (keepalive), without waiting for any answer', async (_, earlier) => {
    // The service answers no change until the delete has reached it (or the test ends).
    let answer = () => {};
    const slow = new Promise<void>((resolve) => (answer = resolve));
    const keepalive: string[] = [];
    const fetchSlowly: typeof fetch = async (input, init) => {
      const method = init?.method ?? 'GET';
      if (init?.keepalive) keepalive.push(`${method} ${String(input)}`);
      if (method !== 'GET' && method !== 'DELETE') await slow;
      return fetch(input, init);
    };
    const { result, queryClient } = renderInboxHook(() => ({ feed: useFeed(), markAs: useMarkAs(), archive: useArchive(), markAll: useMarkAllAs(), remove: useDelete() }), service, {
      props: { client: testClient(service, { fetch: fetchSlowly }), undoMs: 60_000 },
    });
    await waitFor(() => expect(result.current.feed.notifications.length).toBeGreaterThan(1));
    const [id = '', other = ''] = result.current.feed.notifications.filter((n) => !n.isRead).map((n) => n.id);
    const before = earlier?.(result.current, id, other).catch(() => undefined);
    const removal = result.current.remove.mutateAsync(id);
    await waitFor(() => expect(result.current.feed.notifications.map((n) => n.id)).not.toContain(id));
    act(() => void dispatchEvent(new Event('pagehide')));
    await waitFor(() => expect(keepalive).toEqual([expect.stringMatching(new RegExp(`^DELETE .*/${id}$`))]));
    await waitFor(async () => expect((await heldBy(service)).map((n) => n.id)).not.toContain(id));
    answer();
    await act(() => Promise.all([before, removal]));
    await act(() => settle(queryClient));
    expect(result.current.feed.notifications.map((n) => n.id)).not.toContain(id);
  });

  it('snoozes from a preset: the notification leaves, the Snoozed view lists it until when, and Unsnooze brings it back', async () => {
    const user = userEvent.setup();
    renderInbox(<Inbox variant="embedded" />);
    await waitFor(() => expect(rows()).toHaveLength(12));
    const subject = subjectOf(rows()[2]!);
    await user.click(await within(rows()[2]!).findByRole('button', { name: 'Snooze' }));
    const menu = await screen.findByRole('menu', { name: 'Snooze' });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(expect.arrayContaining([expect.stringMatching(/^In 1 hour/), expect.stringMatching(/^Tomorrow morning/), expect.stringMatching(/^Next week/), 'Pick a date and time…']));
    await user.click(within(menu).getByRole('menuitem', { name: /^In 1 hour/ }));
    await waitFor(() => expect(rows()).toHaveLength(11));
    await waitFor(async () => expect((await held({ snoozed: true })).map(subjectOfHeld)).toEqual([subject]));

    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Snoozed' }));
    expect(screen.getByRole('tab', { name: 'Snoozed' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(rows().map(subjectOf)).toEqual([subject]));
    expect(rows()[0]!.textContent).toMatch(/Snoozed until/);
    await user.click(within(rows()[0]!).getByRole('button', { name: 'Unsnooze' }));
    await waitFor(() => expect(screen.queryAllByRole('article')).toHaveLength(0));
    expect(await held({ snoozed: true })).toHaveLength(0);
  });

  it('brings a snoozed notification back, unread and first, when its time passes, with the badge', async () => {
    let snooze: ReturnType<typeof useSnooze> | undefined;
    function Snoozer() {
      snooze = useSnooze();
      return null;
    }
    render(
      <>
        <Inbox />
        <Snoozer />
      </>,
      { wrapper: inboxWrapper(clocked).Wrapper },
    );
    const bell = await screen.findByRole('button', { name: /^Notifications, \d+ unread/ });
    const unread = () => Number(/(\d+) unread/.exec(bell.getAttribute('aria-label') ?? '')?.[1] ?? 0);
    await waitFor(() => expect(unread()).toBeGreaterThan(0));
    const before = unread();
    const list = () => heldBy(clocked);
    const target = (await list()).find((n) => !n.isRead)!;
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      await act(() => snooze!.mutateAsync({ notificationId: target.id, until: new Date(Date.now() + 90_000) }));
      await waitFor(() => expect(unread()).toBe(before - 1));
      // The time passes: the count is asked again then, and the newest notifications with it.
      await act(() => vi.advanceTimersByTimeAsync(92_000));
      await waitFor(() => expect(unread()).toBe(before));
      const [first] = await list();
      expect(first).toMatchObject({ id: target.id, isRead: false, isSnoozed: false });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a snooze time less than a minute ahead before sending it, and shows the service’s refusal of one past its plan', async () => {
    const user = userEvent.setup();
    renderInbox(<Inbox variant="embedded" />);
    await waitFor(() => expect(rows()).toHaveLength(12));
    const before = changes().length;
    await user.click(await within(rows()[0]!).findByRole('button', { name: 'Snooze' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pick a date and time…' }));
    const field = await screen.findByLabelText('Snooze until');
    // A date field takes its value whole (typed, it is a picker's work).
    fireEvent.change(field, { target: { value: '2020-01-01T10:00' } });
    const picker = screen.getByRole('dialog', { name: 'Snooze' });
    await user.click(within(picker).getByRole('button', { name: 'Snooze' }));
    expect(await within(picker).findByRole('alert')).toHaveTextContent('at least a minute from now');
    expect(changes()).toHaveLength(before);

    // A week ahead, past the reference service's one-day plan: its 402 says why, and the row comes back.
    const week = new Date(Date.now() + 7 * 86_400_000);
    const two = (n: number) => String(n).padStart(2, '0');
    fireEvent.change(field, { target: { value: `${week.getFullYear()}-${two(week.getMonth() + 1)}-${two(week.getDate())}T10:00` } });
    await user.click(within(picker).getByRole('button', { name: 'Snooze' }));
    expect(await screen.findByText(/could not be saved: .*(plan|Snooze Duration)/i)).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(12));
    expect(await held({ snoozed: true })).toHaveLength(0);
  });

  it('acts on the focused notification from the keyboard: e archives, u marks read, # deletes, z undoes', async () => {
    const user = userEvent.setup();
    renderInbox(<Inbox variant="embedded" />, { undoMs: 60_000 });
    await waitFor(() => expect(rows()).toHaveLength(12));
    const main = (article: HTMLElement) => article.querySelector<HTMLElement>('[data-inbox-slot="item-main"]')!;
    const unread = rows().find((article) => article.dataset.state === 'unread')!;
    const subject = subjectOf(unread);
    main(unread).focus();
    await user.keyboard('u');
    await waitFor(() => expect(row(subject).dataset.state).toBe('read'));
    main(row(subject)).focus();
    await user.keyboard('e');
    await waitFor(() => expect(rows()).toHaveLength(11));
    // Focus went on to the next notification, which the keyboard keeps working on.
    await waitFor(() => expect(document.activeElement?.getAttribute('data-inbox-slot')).toBe('item-main'));
    await user.keyboard('z');
    await waitFor(() => expect(rows()).toHaveLength(12));
    await waitFor(async () => expect(await held({ archived: true })).toHaveLength(0));
    main(row(subject)).focus();
    const before = changes().length;
    await user.keyboard('#');
    await waitFor(() => expect(rows()).toHaveLength(11));
    await user.keyboard('z');
    await waitFor(() => expect(rows()).toHaveLength(12));
    expect(changes()).toHaveLength(before);
  });

  it('archives read, and deletes all after a confirmation that names the count: one request each, and nothing read again', async () => {
    const user = userEvent.setup();
    renderInbox(<Inbox variant="embedded" />);
    await waitFor(() => expect(rows()).toHaveLength(12));
    const sent = (from: number) => service.requests.slice(from).map((r) => `${r.method} ${r.path.split('/').at(-1)}`);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 150));
    let from = service.requests.length;
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Archive read' }));
    await waitFor(() => expect(rows().every((article) => article.dataset.state === 'unread')).toBe(true));
    await settle();
    expect(sent(from)).toEqual(['POST read-archive']);

    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete all…' }));
    const dialog = await screen.findByRole('alertdialog');
    // Everything of the tab is deleted, archived notifications too: the count says so.
    await waitFor(() => expect(dialog).toHaveAccessibleName('Delete all 12 notifications?'));
    from = service.requests.length;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryAllByRole('article')).toHaveLength(0));
    await settle();
    expect(sent(from)).toEqual(['POST delete']);
    expect(await held()).toHaveLength(0);
    expect(screen.queryByRole('tab', { name: /^Unread \d/ })).not.toBeInTheDocument();
  });

  it('marks a high-severity notification with an icon named for it, and gives the badge its colour while one is unread', async () => {
    // One of them unread.
    Object.assign(service.data.messages.find((m) => m.severity === 'high')!, { read: false });
    const high = (await held()).filter((n) => n.severity === 'high');
    expect(high.some((n) => !n.isRead)).toBe(true);
    const { unmount } = renderInbox(<Inbox />);
    const bell = await screen.findByRole('button', { name: /^Notifications, \d+ unread/ });
    await waitFor(() => expect(bell.dataset.severity).toBe('high'));
    unmount();
    renderInbox(<Inbox variant="embedded" />);
    await waitFor(() => expect(rows()).toHaveLength(12));
    const marked = rows().filter((article) => within(article).queryByRole('img', { name: 'High priority' }));
    expect(marked.map(subjectOf).map((text) => text.replace(/^High priority/, ''))).toEqual(high.map(subjectOfHeld));
    expect(marked.every((article) => article.dataset.severity === 'high')).toBe(true);
  });
});

describe.runIf(!V2)('triage on a v1-only service', () => {
  it('offers no archive, snooze or delete, and no Archived tab', async () => {
    const user = userEvent.setup();
    renderInbox(<Inbox variant="embedded" />);
    await waitFor(() => expect(rows()).toHaveLength(12));
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Archived' })).not.toBeInTheDocument());
    expect(screen.queryAllByRole('button', { name: /^(Archive|Snooze|Delete)$/ })).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'More options' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['Keyboard shortcuts']);
  });
});

function subjectOfHeld(n: { subject?: string | undefined; body: string | null }) {
  return n.subject ?? n.body ?? '';
}
