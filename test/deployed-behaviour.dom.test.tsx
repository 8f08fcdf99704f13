/**
 * What the deployed service does beyond the spec, seen by a user: button clicks that survive a
 * reload, "mark all" in one request (batches when the service has no mark-all, a batch a request to
 * the proxy), and a new user the service does not know yet.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Inbox, InboxProvider, PreferencesPanel, useCounts, useMarkAllAs } from 'inbox-kit';
import { behindProxy, inboxWrapper, renderInboxHook, settle, setupMockService, SUBSCRIBER, testClient } from './helpers/inbox';

const service = setupMockService();
// A deployment older than v2 and its mark-all route: the proxy marks all 100 at a time.
const noMarkAll = setupMockService({ markAll: false, notificationsV2: false, messages: 150 });
beforeEach(() => {
  service.reset();
  noMarkAll.reset();
});

/** A fresh provider and cache each time: what a page reload gives. */
function load(ui: ReactNode) {
  const { Wrapper } = inboxWrapper(service);
  return render(ui, { wrapper: Wrapper });
}
const items = () => screen.getAllByRole('article');
const invitation = () => items().find((a) => within(a).queryByRole('button', { name: 'Accept' }));

describe('message actions', () => {
  it('a clicked button is saved: the item still shows its result after a reload', async () => {
    const user = userEvent.setup();
    const first = load(<Inbox variant="embedded" />);
    await waitFor(() => expect(invitation()).toBeDefined());
    const article = invitation() as HTMLElement;
    await user.click(within(article).getByRole('button', { name: 'Accept' }));
    // v2 says which button was clicked: the item shows it done.
    await waitFor(() => expect(within(article).getByText('Accept').closest('[data-inbox-slot="item-result"]')).not.toBeNull());
    await waitFor(() => expect(service.requests.some((r) => r.path.includes('/actions/primary/complete') && r.status === 200)).toBe(true));
    const results = () => document.querySelectorAll('[data-inbox-slot="item-result"]').length;
    const shown = results();
    first.unmount();

    load(<Inbox variant="embedded" />);
    await waitFor(() => expect(items().length).toBe(20));
    // Without the saved click, the invitation would be pending again and one result fewer shown.
    await waitFor(() => expect(results()).toBe(shown));
  });

  it('rolls back and says so when the service refuses the click', async () => {
    const user = userEvent.setup();
    load(<Inbox variant="embedded" />);
    await waitFor(() => expect(invitation()).toBeDefined());
    const article = invitation() as HTMLElement;
    service.injectFault({ status: 500, path: '/actions/' });
    await user.click(within(article).getByRole('button', { name: 'Accept' }));
    expect(await within(article).findByRole('alert')).toHaveTextContent('That could not be saved. Please try again.');
    expect(within(article).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
  });
});

describe('mark all as read', () => {
  it('is one request when the service has mark-all', async () => {
    const { result, queryClient } = renderInboxHook(() => ({ counts: useCounts(), markAll: useMarkAllAs() }), service);
    await waitFor(() => expect(result.current.counts.unread?.value).toBeGreaterThan(0));
    service.requests.length = 0;
    await result.current.markAll.mutateAsync();
    await settle(queryClient);
    const writes = service.requests.filter((r) => r.method === 'POST');
    expect(writes.map((r) => r.path)).toEqual([`/inbox-api/v2/subscribers/${SUBSCRIBER}/notifications/read`]);
    expect(service.feedOf(SUBSCRIBER, { read: false })).toHaveLength(0);
    expect(result.current.counts.unread).toEqual({ value: 0, exact: true });
  });

  it('on v1 without mark-all, is marked through the proxy in batches of mark-as after the service answers 404, which it remembers, a batch a request', async () => {
    const { result, queryClient } = renderInboxHook(() => ({ counts: useCounts(), markAll: useMarkAllAs() }), noMarkAll, { props: { baseUrl: behindProxy(noMarkAll) } });
    await waitFor(() => expect(result.current.counts.unread).toBeDefined());
    await result.current.markAll.mutateAsync();
    await settle(queryClient);
    expect(noMarkAll.feedOf(SUBSCRIBER, { read: false })).toHaveLength(0);
    // The service's v1 routes (each time, the proxy first asks v2, which the service has not).
    const posts = () => noMarkAll.requests.filter((r) => r.method === 'POST' && !r.path.includes('/v2/')).map((r) => r.path.split('/').at(-1));
    // Fewer than 100 unread: mark-all's 404, then one list and one batch.
    expect(posts()).toEqual(['mark-all', 'mark-as']);
    for (const message of noMarkAll.data.messages) message.read = false;
    expect(noMarkAll.feedOf(SUBSCRIBER, { read: false }).length).toBeGreaterThan(100);
    noMarkAll.requests.length = 0;
    await result.current.markAll.mutateAsync();
    await settle(queryClient);
    expect(noMarkAll.feedOf(SUBSCRIBER, { read: false })).toHaveLength(0);
    // One request to the route makes at most 3 to the service: a list and its 100 (the route then answers 409: more
    // are left); the kit sends the same request again under its key, and the proxy goes on: a list and the rest.
    expect(posts()).toEqual(['mark-as', 'mark-as']);
    const keys = noMarkAll.requests.filter((r) => r.path.endsWith('/mark-as')).map((r) => r.idempotencyKey ?? '');
    expect(keys.map((key) => key.slice(-2))).toEqual(['-0', '-1']);
    expect(keys[0]?.slice(0, -2)).toBe(keys[1]?.slice(0, -2));
  });
});

describe('a subscriber the service does not know yet', () => {
  function renderAs(ui: ReactNode) {
    const client = testClient(service);
    return render(
      <InboxProvider client={client} subscriberId="brand-new-user" pollInterval={false} crossTab={false}>
        {ui}
      </InboxProvider>,
    );
  }

  it('sees an empty inbox with no unread count, not an error', async () => {
    renderAs(
      <>
        <Inbox />
        <Inbox variant="embedded" />
      </>,
    );
    expect(await screen.findByText('You’re all caught up.')).toBeInTheDocument();
    // The bell settles on no count at all (not a spinner, not an error): the feed and the count asked, once each.
    const asked = () => service.requests.filter((r) => /\/brand-new-user\/notifications(\/count)?$/.test(r.path));
    await waitFor(() => expect(asked().length).toBeGreaterThanOrEqual(2));
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    // The deployed service refuses a subscriber it does not know.
    expect(asked().every((r) => r.status === 400 || r.status === 404)).toBe(true);
  });

  it('sees a preferences panel that says there is nothing to set yet', async () => {
    renderAs(<PreferencesPanel />);
    expect(await screen.findByRole('note')).toHaveTextContent('Nothing to set yet');
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
