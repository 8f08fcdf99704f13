/**
 * The components against bodies shaped as the DEPLOYED service sends them (test/fixtures/deployed/*.json).
 * Where each shape comes from, in the novu repository (see also test/client.recorded-shapes.test.ts):
 *
 * - feed.json: `apps/api/src/app/widgets/usecases/get-notifications-feed/get-notifications-feed.usecase.ts`
 *   (bare `{data, totalCount, hasMore, pageSize, page}`; pageSize = the requested limit, totalCount =
 *   min(remaining, limit), hasMore = remaining > limit; `actor.data` = the sender's avatar or null),
 *   `libs/dal/src/repositories/message/message.repository.ts` and `message.schema.ts` (`subscriber` is
 *   the RECIPIENT, `actorSubscriber` the sender, `archived`, `expireAt`, `deleted`, `__v`, `id`).
 *   The stub below pages and filters the fixture's items with exactly that arithmetic, so every probe
 *   the kit makes (limit 1, 20, 100, read/seen filters) gets what the deployed service would send.
 * - mark-as (201, `{data: [lean message]}`): `widgets/usecases/mark-message-as-by-mark/
 *   mark-message-as-by-mark.usecase.ts`; the shape of test/fixtures/deployed/mark-as.json.
 * - preferences.json (200, `{data: {global, workflows}}`): `apps/api/src/app/subscribers-v2/usecases/
 *   get-subscriber-preferences/get-subscriber-preferences.usecase.ts`.
 * - Envelope rule: `apps/api/src/app/shared/framework/response.interceptor.ts`.
 *
 * feed.json's recipient has null names (a subscriber created with an id and an email only). The
 * "named recipient" case fills them in, as the service does for a subscriber that has names, to
 * show that the recipient's name and face are never used for the sender.
 */
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Inbox, InboxProvider, PreferencesPanel } from 'inbox-kit';
import { createInboxClient } from 'inbox-kit/client';
import type { ReactNode } from 'react';
import feedBody from './fixtures/deployed/feed.json';
import markAsBody from './fixtures/deployed/mark-as.json';
import preferencesBody from './fixtures/deployed/preferences.json';

const BASE_URL = 'https://api.novu.test';
/** The recipient as the feed populates it: names may be null, absent fields are left out. */
type Recipient = { _id: string; firstName: string | null; lastName: string | null; avatar?: string; subscriberId: string; id: string };
/** A feed item of feed.json, whatever its recipient's names. */
type RawItem = (typeof feedBody.data)[number] extends infer T ? (T extends unknown ? Omit<T, 'subscriber'> & { subscriber: Recipient } : never) : never;
type Flags = Pick<RawItem, 'read' | 'seen'>;

const RECIPIENT = feedBody.data[0]?.subscriber;
if (!RECIPIENT) throw new Error('feed.json has no items');
const SUBSCRIBER_ID = RECIPIENT.subscriberId;
const NAMED_RECIPIENT: Recipient & { avatar: string } = { ...RECIPIENT, firstName: 'Ada', lastName: 'Lovelace', avatar: 'https://cdn.acme-collab.io/avatars/ada-lovelace-128.png' };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });

function nestError(status: number, path: string, message: string, error: string) {
  return json(status, { statusCode: status, timestamp: new Date().toISOString(), path, message, error });
}

/** A lean message as mark-as answers it: the feed item without its virtuals and populated fields. */
function leanMessage(item: RawItem): Record<string, unknown> {
  const { id, subscriber, template, actorSubscriber, ...rest } = item;
  void id;
  void subscriber;
  void template;
  void actorSubscriber;
  return { ...rest, actor: rest.actor.type === 'user' ? { type: 'user', data: null } : rest.actor };
}

/**
 * The deployed service for one subscriber, from the fixtures: the feed pages and filters `items`
 * as get-notifications-feed.usecase.ts does, mark-as changes them, preferences answers the fixture.
 */
function deployedService(items: RawItem[]) {
  const state = items.map((item) => structuredClone(item));
  const requests: string[] = [];

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    requests.push(`${method} ${url.pathname}${url.search}`);
    const path = `${url.pathname}${url.search}`;
    const feed = /^\/v1\/subscribers\/([^/]+)\/notifications\/feed$/.exec(url.pathname);
    const markAs = /^\/v1\/subscribers\/([^/]+)\/messages\/mark-as$/.exec(url.pathname);
    const preferences = /^\/v2\/subscribers\/([^/]+)\/preferences$/.exec(url.pathname);
    const subscriber = decodeURIComponent((feed ?? markAs ?? preferences)?.[1] ?? '');
    if (subscriber && subscriber !== SUBSCRIBER_ID) {
      return nestError(400, path, `Subscriber not found for this environment with the id: ${subscriber}. Make sure to create a subscriber before fetching the feed.`, 'Bad Request');
    }

    if (feed && method === 'GET') {
      const page = Number(url.searchParams.get('page') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const flag = (name: 'read' | 'seen') => {
        const value = url.searchParams.get(name);
        return value === null ? undefined : value === 'true';
      };
      const read = flag('read');
      const seen = flag('seen');
      const matching = state.filter((item) => (read === undefined || item.read === read) && (seen === undefined || item.seen === seen));
      const skip = page * limit;
      const data = matching.slice(skip, skip + limit);
      // getCount(..., { limit: limit + 1, skip }), then hasMore and totalCount as the use case computes them.
      const counted = data.length ? Math.min(Math.max(matching.length - skip, 0), limit + 1) : 0;
      return json(200, { data, totalCount: Math.min(counted, limit), hasMore: data.length < counted, pageSize: limit, page });
    }

    if (markAs && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { messageId: string | string[]; markAs: 'read' | 'unread' | 'seen' | 'unseen' };
      const ids = Array.isArray(body.messageId) ? body.messageId : body.messageId.split(',');
      const now = new Date().toISOString();
      const change: Record<typeof body.markAs, Partial<Flags>> = {
        read: { read: true, seen: true },
        unread: { read: false, seen: true },
        seen: { seen: true },
        unseen: { seen: false },
      };
      const changed = state.filter((item) => ids.includes(item._id));
      for (const item of changed) Object.assign(item, change[body.markAs], { updatedAt: now });
      return json(201, { data: changed.map(leanMessage) });
    }

    if (preferences && method === 'GET') return json(200, preferencesBody);

    return nestError(404, path, `Cannot ${method} ${url.pathname}`, 'Not Found');
  };

  return { fetch, state, requests };
}

function renderWith(ui: ReactNode, items: RawItem[]) {
  const service = deployedService(items);
  const client = createInboxClient({ baseUrl: BASE_URL, fetch: service.fetch, retry: false });
  const queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });
  const view = render(
    <InboxProvider client={client} subscriberId={SUBSCRIBER_ID} queryClient={queryClient} pollInterval={false} crossTab={false}>
      {ui}
    </InboxProvider>,
  );
  return { ...view, service, queryClient };
}

const articles = () => screen.queryAllByRole('article');
const articleWith = (text: string) => {
  const found = articles().find((article) => article.textContent?.includes(text));
  if (!found) throw new Error(`no notification showing ${JSON.stringify(text)}`);
  return found;
};
const unreadIn = (items: RawItem[]) => items.filter((item) => !item.read).length;

/** Copies of the fixture's unread reply with fresh ObjectIds, newest first, to fill pages. */
function moreUnreadReplies(count: number): RawItem[] {
  const template = feedBody.data[0];
  if (!template) throw new Error('feed.json has no items');
  return Array.from({ length: count }, (_, index) => {
    const id = `6920${(0xa000 + index).toString(16)}a3f19c02e74b${(0x2000 + index).toString(16)}`;
    return { ...structuredClone(template), _id: id, id, content: `${template.content} (#${index + 1})` };
  });
}

describe('<Inbox variant="embedded" /> on the deployed service’s feed', () => {
  it('shows every notification of feed.json, with its state, and none left out', async () => {
    renderWith(<Inbox variant="embedded" />, feedBody.data);
    await waitFor(() => expect(articles()).toHaveLength(feedBody.data.length));
    for (const item of feedBody.data) {
      const article = articleWith(item.content);
      expect(within(article).getByText(item.content)).toBeInTheDocument();
      expect(article).toHaveAttribute('data-state', item.read ? 'read' : 'unread');
    }
    expect(screen.getByText('Scheduled maintenance')).toBeInTheDocument();
    // hasMore is false: the end of the feed, no "Load more".
    expect(screen.getByText('That’s everything.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the sender’s initials (MC) when the populated sender’s avatar fails, never the recipient’s', async () => {
    renderWith(<Inbox variant="embedded" />, feedBody.data);
    await waitFor(() => expect(articles()).toHaveLength(feedBody.data.length));
    const reply = articleWith('Marcus Chen replied');
    const img = reply.querySelector('img');
    expect(img).toHaveAttribute('src', 'https://cdn.acme-collab.io/avatars/marcus-chen-128.png');
    act(() => void fireEvent.error(img as HTMLImageElement));
    expect(reply.querySelector('img')).toBeNull();
    expect(reply.querySelector('[data-inbox-slot="avatar-initials"]')).toHaveTextContent(/^MC$/);

    // A populated sender without an avatar: initials at once.
    const assignment = articleWith('Priya Raman assigned');
    expect(assignment.querySelector('img')).toBeNull();
    expect(assignment.querySelector('[data-inbox-slot="avatar-initials"]')).toHaveTextContent(/^PR$/);

    // An id-only sender: nothing known about them, so a neutral icon (no initials, no picture).
    const invitation = articleWith('You have been invited');
    expect(invitation.querySelector('[data-inbox-slot="avatar"]')).toHaveAttribute('data-type', 'user');
    expect(invitation.querySelector('img, [data-inbox-slot="avatar-initials"]')).toBeNull();
    expect(invitation.querySelector('[data-inbox-slot="avatar"] svg')).not.toBeNull();

    // No sender at all (actorSubscriber null): the system icon, or no avatar.
    expect(articleWith('Your export').querySelector('[data-inbox-slot="avatar"]')).toHaveAttribute('data-icon', 'success');
    expect(articleWith('The service will be unavailable').querySelector('[data-inbox-slot="avatar"]')).toHaveAttribute('data-type', 'none');
  });

  it('never shows a named recipient as the sender: no recipient initials, picture or name', async () => {
    const items: RawItem[] = feedBody.data.map((item) => ({ ...structuredClone(item), subscriber: NAMED_RECIPIENT }));
    renderWith(<Inbox variant="embedded" />, items);
    await waitFor(() => expect(articles()).toHaveLength(items.length));
    for (const img of document.querySelectorAll('img')) act(() => void fireEvent.error(img));

    const initials = Array.from(document.querySelectorAll('[data-inbox-slot="avatar-initials"]'), (node) => node.textContent);
    expect(initials.sort()).toEqual(['MC', 'PR']);
    expect(initials).not.toContain('AL');
    expect(document.querySelector(`img[src="${NAMED_RECIPIENT.avatar}"]`)).toBeNull();
    for (const article of articles()) {
      expect(article.textContent).not.toMatch(/Ada|Lovelace/);
    }
    // The id-only sender does not fall back to the recipient either.
    expect(articleWith('You have been invited').querySelector('[data-inbox-slot="avatar-initials"]')).toBeNull();
  });

  it('renders the pending action buttons and the redirect links', async () => {
    renderWith(<Inbox variant="embedded" />, feedBody.data);
    await waitFor(() => expect(articles()).toHaveLength(feedBody.data.length));
    const invitation = articleWith('You have been invited');
    expect(within(invitation).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(invitation).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    // An empty redirect url is no link.
    expect(within(invitation).queryByRole('link')).toBeNull();
    expect(within(articleWith('Marcus Chen replied')).getByRole('link')).toHaveAttribute('href', '/projects/q4-launch/comments/88213');
    expect(within(articleWith('Your export')).getByRole('link')).toHaveAttribute('href', 'https://app.acme-collab.io/exports/exp_51fd');
  });

  it('lists exactly the unread ones on the Unread tab', async () => {
    const user = userEvent.setup();
    renderWith(<Inbox variant="embedded" />, feedBody.data);
    await waitFor(() => expect(articles()).toHaveLength(feedBody.data.length));
    await user.click(screen.getByRole('tab', { name: /^Unread/ }));
    await waitFor(() => expect(articles()).toHaveLength(unreadIn(feedBody.data)));
    expect(articles().every((article) => article.dataset.state === 'unread')).toBe(true);
  });

  it('marks a notification read with the deployed mark-as answer (201, lean messages)', async () => {
    const user = userEvent.setup();
    const { service } = renderWith(<Inbox variant="embedded" />, feedBody.data);
    await waitFor(() => expect(articles()).toHaveLength(feedBody.data.length));
    const target = markAsBody.data[0];
    if (!target) throw new Error('mark-as.json has no messages');
    const article = articleWith(target.content);
    const avatar = article.querySelector('[data-inbox-slot="avatar"]')?.outerHTML;
    await user.click(within(article).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(service.state.find((item) => item._id === target._id)?.read).toBe(true));
    await waitFor(() => expect(articleWith(target.content)).toHaveAttribute('data-state', 'read'));
    // The answer is a lean message (no sender, actor.data null): the row keeps the feed's sender.
    expect(articleWith(target.content).querySelector('[data-inbox-slot="avatar"]')?.outerHTML).toBe(avatar);
    expect(service.requests).toContain(`POST /v1/subscribers/${SUBSCRIBER_ID}/messages/mark-as`);
  });
});

describe('the unread count on the deployed service (from the items and hasMore, never pageSize or totalCount)', () => {
  it('badges the bell with the unread notifications of feed.json', async () => {
    const { service } = renderWith(<Inbox />, feedBody.data);
    expect(await screen.findByRole('button', { name: `Notifications, ${unreadIn(feedBody.data)} unread` })).toBeInTheDocument();
    // One request of up to 100 unread: pageSize 100 and totalCount come back; the count does not come from them.
    expect(service.requests.filter((request) => /read=false/.test(request) && /limit=100(&|$)/.test(request))).toHaveLength(1);
  });

  it('counts past a first page whose pageSize and totalCount say 20', async () => {
    const items = [...moreUnreadReplies(22), ...feedBody.data];
    const unread = unreadIn(items);
    expect(unread).toBe(25);
    const user = userEvent.setup();
    renderWith(<Inbox />, items);
    const bell = await screen.findByRole('button', { name: `Notifications, ${unread} unread` });
    expect(within(bell).getByText(String(unread))).toBeInTheDocument();
    await user.click(bell);
    // The first page holds 20 (the kit's page size) and says there is more (the badge's count may have brought in more of the newest).
    await waitFor(() => expect(articles().length).toBeGreaterThanOrEqual(20));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(articles()).toHaveLength(items.length));
  });
});

describe('<PreferencesPanel /> on the deployed service’s preferences', () => {
  it('shows a row per workflow by name, with its channels and where each value comes from', async () => {
    renderWith(<PreferencesPanel />, feedBody.data);
    const row = (await screen.findByRole('heading', { name: 'Comment replies' })).closest('li') as HTMLElement;
    expect(within(row).getByRole('switch', { name: 'Comment replies In-app' })).toHaveAttribute('aria-checked', 'true');
    expect(within(row).getByRole('switch', { name: 'Comment replies Email' })).toHaveAttribute('aria-checked', 'false');
    expect(within(row).getByText('Your choice')).toBeInTheDocument();

    const invitation = screen.getByRole('heading', { name: 'Workspace invitation' }).closest('li') as HTMLElement;
    const locked = within(invitation).getByRole('switch', { name: 'Workspace invitation In-app' });
    expect(locked).toBeDisabled();
    expect(within(invitation).getByText('Set by your organization')).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Task assigned' })).toBeInTheDocument();
    // Global: only the channels the service reports (in_app, email).
    expect(screen.getAllByRole('switch').filter((node) => !node.getAttribute('aria-labelledby'))).toHaveLength(2);
  });
});
