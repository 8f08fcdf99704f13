/**
 * The client against bodies shaped as the DEPLOYED service sends them (test/fixtures/deployed/*.json),
 * not as the OpenAPI spec describes them. Where each shape comes from, in the novu repository
 * (research notes: the service's source at novuhq/novu `next` 74a2e9a6a2, plus the stored 2025
 * versions of subscribers-v2; and the official SDK @novu/api 3.19.1 for the status codes it accepts):
 *
 * - Envelope: `apps/api/src/app/shared/framework/response.interceptor.ts` (global). A result with a
 *   truthy `data` and no `_id` passes through bare (the feed page); everything else is sent as
 *   `{"data": ...}` (mark-as array, set-primary entity, preferences object, broadcast result).
 * - feed.json (200): `apps/api/src/app/subscribers/subscribers.controller.ts` (GET
 *   `/:subscriberId/notifications/feed`), `apps/api/src/app/widgets/usecases/get-notifications-feed/
 *   get-notifications-feed.usecase.ts` (pageSize = the requested limit, totalCount = min(remaining,
 *   limit), hasMore = remaining > limit, `actor.data` rewritten to the sender's avatar or null for
 *   `user` actors), `libs/dal/src/repositories/message/message.repository.ts` (populates `template`
 *   `_id tags`, `subscriber` and `actorSubscriber` `_id firstName lastName avatar subscriberId`),
 *   `libs/dal/src/repositories/message/message.schema.ts` (`subscriber` virtual = the RECIPIENT via
 *   `_subscriberId`, `actorSubscriber` = the sender via `_actorId`, `archived`, `expireAt`,
 *   mongoose-delete's `deleted`), `libs/dal/src/repositories/schema-default.options.ts` (`id`
 *   virtual, `toJSON: { virtuals: true }`), `libs/dal/src/repositories/base-repository.ts`
 *   (`expireAt` = createdAt + 365 days for in_app). The id-only `actorSubscriber` item is the
 *   un-populated form the kit's schema also allows (`actorSubscriber: string`).
 * - mark-as.json (201): `subscribers.controller.ts` (POST `/:subscriberId/messages/mark-as`, no
 *   `@HttpCode`), `widgets/usecases/mark-message-as-by-mark/mark-message-as-by-mark.usecase.ts`
 *   (answers `messageRepository.find(...)`: lean documents, so no `id`, no populated `subscriber`,
 *   `__v` and `deleted` present; `read` also sets `seen`).
 * - In both, `cta.action.buttons` is `[]` on messages without buttons (a document array in
 *   message.schema.ts defaults to []), and buttons carry their subdocument `_id` (feed: also `id`).
 * - set-primary.json (201 as deployed: no `@HttpCode` on a `@Post`; 200 is what swagger and the SDK
 *   expect): `apps/api/src/app/integrations/integrations.controller.ts`,
 *   `integrations/usecases/set-integration-as-primary/set-integration-as-primary.usecase.ts`
 *   (answers `findOne`, which is `toObject()` with virtuals: `id`, `priority`, `deleted`, encrypted
 *   `nvsk.` credentials), `libs/dal/src/repositories/integration/integration.schema.ts`
 *   (`conditions[].children[]` with `on`), `packages/shared/src/types/builder/filter.types.ts`
 *   (`on: 'tenant'`). The conditions are those of an integration that was already primary, which
 *   the use case returns unchanged. The credentials are as the `next` snapshot sends them (stored,
 *   encrypted); newer stored versions of the controller leave `credentials` out altogether for
 *   API-key callers (`canUserAccessCredentials` returns false for the ApiKey scheme).
 * - preferences.json (200): `apps/api/src/app/subscribers-v2/subscribers.controller.ts` and
 *   `subscribers-v2/usecases/get-subscriber-preferences/get-subscriber-preferences.usecase.ts`
 *   (`{global: {enabled, channels}, workflows: [{enabled, channels, overrides, workflow: {slug,
 *   identifier, name, updatedAt}}]}`), `apps/api/src/app/shared/helpers/build-slug.ts` and
 *   `shared/helpers/base62/base62.ts` (slug `<name>_wf_<base62(_id)>`).
 * - broadcast.json (201): `apps/api/src/app/events/events.controller.ts` (POST `/trigger/broadcast`,
 *   no `@HttpCode`), `events/usecases/trigger-event-to-all/trigger-event-to-all.usecase.ts`
 *   (`{acknowledged: true, status: 'processed', transactionId}`).
 */
import { describe, expect, it, vi } from 'vitest';
import { createInboxAdminClient, createInboxClient, senderOf, type FeedItem } from 'inbox-kit/client';
import broadcastBody from './fixtures/deployed/broadcast.json';
import feedBody from './fixtures/deployed/feed.json';
import markAsBody from './fixtures/deployed/mark-as.json';
import preferencesBody from './fixtures/deployed/preferences.json';
import setPrimaryBody from './fixtures/deployed/set-primary.json';

const BASE_URL = 'https://api.novu.co';
const API_KEY = 'sk_test_recorded_shapes';

/** A fetch that answers every request with `body` as JSON, and records what was asked. */
function answer(body: unknown, status: number) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    void input;
    void init;
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
  });
}

function clients(body: unknown, status: number) {
  const fetch = answer(body, status);
  const options = { baseUrl: BASE_URL, apiKey: API_KEY, fetch, retry: false } as const;
  return { fetch, inbox: createInboxClient(options), admin: createInboxAdminClient(options) };
}

function requestOf(fetch: ReturnType<typeof answer>, call = 0) {
  const [input, init] = fetch.mock.calls[call] ?? [];
  return { url: new URL(String(input)), method: init?.method, headers: new Headers(init?.headers) };
}

const extra = (value: object) => value as Record<string, unknown>;

const RECIPIENT_ID = feedBody.data[0]?.subscriber._id;
const byContent = (items: FeedItem[], start: string) => {
  const found = items.find((item) => item.content.startsWith(start));
  if (!found) throw new Error(`no feed item starting with ${JSON.stringify(start)}`);
  return found;
};

describe('feed (GET /v1/subscribers/:subscriberId/notifications/feed, 200, bare page)', () => {
  it('parses every item: none left out, the page fields as the service reports them', async () => {
    const { fetch, inbox } = clients(feedBody, 200);
    const page = await inbox.getFeed({ subscriberId: 'user-4821' });

    const { url, method, headers } = requestOf(fetch);
    expect(method).toBe('GET');
    expect(url.pathname).toBe('/v1/subscribers/user-4821/notifications/feed');
    expect(headers.get('Authorization')).toBe(`ApiKey ${API_KEY}`);

    expect(page.invalidItems).toEqual([]);
    expect(page.data.map((item) => item._id)).toEqual(feedBody.data.map((item) => item._id));
    // As sent: pageSize is the requested limit, totalCount at most that; the client does not reinterpret them.
    expect(page).toMatchObject({ hasMore: false, page: 0, pageSize: 10, totalCount: 5 });
  });

  it('keeps the recipient with null names, and never takes it for the sender', async () => {
    const { inbox } = clients(feedBody, 200);
    const { data } = await inbox.getFeed({ subscriberId: 'user-4821' });
    for (const item of data) {
      expect(item.subscriber).toEqual({ _id: RECIPIENT_ID, firstName: null, lastName: null, subscriberId: 'user-4821', id: RECIPIENT_ID });
      expect(senderOf(item)?._id).not.toBe(RECIPIENT_ID);
    }
  });

  it('gives the populated sender through senderOf, and undefined for an id-only or null actorSubscriber', async () => {
    const { inbox } = clients(feedBody, 200);
    const { data } = await inbox.getFeed({ subscriberId: 'user-4821' });

    const reply = byContent(data, 'Marcus Chen replied');
    expect(senderOf(reply)).toEqual(expect.objectContaining({ firstName: 'Marcus', lastName: 'Chen', subscriberId: 'user-1174' }));
    expect(senderOf(reply)?._id).toBe(extra(reply)._actorId);
    expect(reply.actor).toEqual({ type: 'user', data: senderOf(reply)?.avatar });

    const assignment = byContent(data, 'Priya Raman assigned');
    expect(senderOf(assignment)).toEqual(expect.objectContaining({ firstName: 'Priya', lastName: 'Raman' }));
    expect(senderOf(assignment)?.avatar).toBeUndefined();
    expect(assignment.actor).toEqual({ type: 'user', data: null });

    const invitation = byContent(data, 'You have been invited');
    expect(invitation.actorSubscriber).toMatch(/^[0-9a-f]{24}$/);
    expect(invitation.actorSubscriber).toBe(extra(invitation)._actorId);
    expect(senderOf(invitation)).toBeUndefined();

    const system = data.filter((item) => item.actorSubscriber === null);
    expect(system.map((item) => item.actor?.type)).toEqual(['system_icon', 'none']);
    for (const item of system) {
      expect(senderOf(item)).toBeUndefined();
      expect(extra(item)._actorId).toBeUndefined();
    }
  });

  it('passes the fields the kit does not declare through untouched', async () => {
    const { inbox } = clients(feedBody, 200);
    const { data } = await inbox.getFeed({ subscriberId: 'user-4821' });
    expect(data.map((item) => extra(item).archived)).toEqual([false, false, false, true, false]);
    for (const [index, item] of data.entries()) {
      const raw = feedBody.data[index];
      expect(extra(item).id).toBe(item._id);
      expect(extra(item).deleted).toBe(false);
      expect(extra(item).__v).toBe(0);
      expect(extra(item).expireAt).toBe(raw?.expireAt);
      expect(extra(item).template).toEqual({ _id: item._templateId, tags: raw?.template.tags, id: item._templateId });
      expect(item.deviceTokens).toEqual([]);
      expect(item._id).toMatch(/^[0-9a-f]{24}$/);
    }
    const archived = data.find((item) => extra(item).archived === true);
    expect(extra(archived ?? {}).archivedAt).toBe('2025-11-19T07:58:09.871Z');
  });

  it('keeps the call to action: pending buttons (with their subdocument ids) and redirects', async () => {
    const { inbox } = clients(feedBody, 200);
    const { data } = await inbox.getFeed({ subscriberId: 'user-4821' });
    const invitation = byContent(data, 'You have been invited');
    expect(invitation.cta.action?.status).toBe('pending');
    expect(invitation.cta.action?.buttons?.map((button) => [button.type, button.content])).toEqual([
      ['primary', 'Accept'],
      ['secondary', 'Decline'],
    ]);
    expect(extra(invitation.cta.action?.buttons?.[0] ?? {})._id).toMatch(/^[0-9a-f]{24}$/);
    // `cta.action.buttons` is a mongoose document array: it defaults to [] even on a message without buttons.
    expect(byContent(data, 'Marcus Chen replied').cta).toEqual({ type: 'redirect', data: { url: '/projects/q4-launch/comments/88213' }, action: { buttons: [] } });
    expect(byContent(data, 'Your export').cta.data?.url).toBe('https://app.acme-collab.io/exports/exp_51fd');
  });
});

describe('mark-as (POST /v1/subscribers/:subscriberId/messages/mark-as, 201, {data: [message]})', () => {
  it('unwraps the envelope and returns the plain messages', async () => {
    const { fetch, inbox } = clients(markAsBody, 201);
    const ids = markAsBody.data.map((message) => message._id);
    const messages = await inbox.markAs({ subscriberId: 'user-4821', messageId: ids, markAs: 'read' });

    const { url, method } = requestOf(fetch);
    expect(method).toBe('POST');
    expect(url.pathname).toBe('/v1/subscribers/user-4821/messages/mark-as');
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ messageId: ids, markAs: 'read' });

    expect(Array.isArray(messages)).toBe(true);
    expect(messages.map((message) => message._id)).toEqual(ids);
    for (const message of messages) {
      expect(message).toMatchObject({ read: true, seen: true, channel: 'in_app', status: 'sent' });
      expect(message.lastReadDate).toBe('2025-11-20T09:47:12.663Z');
      // Lean documents: mongoose's version key and the soft-delete flag, but no `id` and nothing populated.
      expect(extra(message).__v).toBe(0);
      expect(extra(message).deleted).toBe(false);
      expect(message).not.toHaveProperty('id');
      expect(message).not.toHaveProperty('subscriber');
      expect(message).not.toHaveProperty('actorSubscriber');
    }
  });
});

describe('set-primary (POST /v1/integrations/:integrationId/set-primary, {data: integration})', () => {
  it.each([
    [201, 'as the deployed service answers (no @HttpCode on the @Post)'],
    [200, 'as swagger and the SDK expect'],
  ])('unwraps the integration from a %i answer, %s', async (status) => {
    const { fetch, admin } = clients(setPrimaryBody, status);
    const integration = await admin.setPrimaryIntegration({ integrationId: setPrimaryBody.data._id });

    const { url, method } = requestOf(fetch);
    expect(method).toBe('POST');
    expect(url.pathname).toBe(`/v1/integrations/${setPrimaryBody.data._id}/set-primary`);

    expect(integration).not.toHaveProperty('data');
    expect(integration).toMatchObject({ _id: setPrimaryBody.data._id, providerId: 'sendgrid', channel: 'email', primary: true, active: true, deleted: false });
    expect(integration.credentials?.apiKey).toMatch(/^nvsk\./);
    expect(integration.conditions?.[0]?.children[0]).toMatchObject({ field: 'identifier', operator: 'EQUAL', on: 'tenant', value: 'acme-eu' });
    expect(extra(integration).priority).toBe(2);
    expect(extra(integration).id).toBe(integration._id);
    expect(extra(integration).__v).toBe(0);
  });
});

it('set-primary without credentials, as newer deployments answer an API-key caller, is accepted', async () => {
  const withoutCredentials: Record<string, unknown> = { ...setPrimaryBody.data };
  delete withoutCredentials.credentials;
  const { admin } = clients({ data: withoutCredentials }, 201);
  const integration = await admin.setPrimaryIntegration({ integrationId: setPrimaryBody.data._id });
  expect(integration.primary).toBe(true);
  expect(integration.credentials).toBeUndefined();
});

describe('preferences (GET /v2/subscribers/:subscriberId/preferences, 200, {data: {global, workflows}})', () => {
  it('unwraps the envelope and keeps the workflows with their slug, overrides and updatedAt', async () => {
    const { fetch, inbox } = clients(preferencesBody, 200);
    const preferences = await inbox.getPreferences({ subscriberId: 'user-4821' });

    const { url, method } = requestOf(fetch);
    expect(method).toBe('GET');
    expect(url.pathname).toBe('/v2/subscribers/user-4821/preferences');

    expect(preferences).not.toHaveProperty('data');
    expect(preferences.global).toEqual({ enabled: true, channels: { in_app: true, email: true } });
    expect(preferences.workflows.map((entry) => entry.workflow.name)).toEqual(['Comment replies', 'Task assigned', 'Workspace invitation']);
    const replies = preferences.workflows[0];
    expect(replies?.workflow.slug).toMatch(/^comment-replies_wf_[0-9A-Za-z]{16}$/);
    expect(replies?.workflow).toMatchObject({ identifier: 'comment-replies', updatedAt: '2025-10-28T15:02:17.331Z' });
    expect(replies?.channels).toEqual({ in_app: true, email: false });
    expect(replies?.overrides).toEqual([
      { channel: 'in_app', source: 'template' },
      { channel: 'email', source: 'subscriber' },
    ]);
    expect(preferences.workflows[2]?.overrides).toEqual([{ channel: 'in_app', source: 'workflowOverride' }]);
  });
});

describe('broadcast (POST /v1/events/trigger/broadcast, 201, {data: {acknowledged, status, transactionId}})', () => {
  it('unwraps the envelope', async () => {
    const { fetch, admin } = clients(broadcastBody, 201);
    const result = await admin.broadcast({ name: 'maintenance-notice', payload: { window: 'Sunday 02:00-03:00 UTC' } });

    const { url, method, headers } = requestOf(fetch);
    expect(method).toBe('POST');
    expect(url.pathname).toBe('/v1/events/trigger/broadcast');
    expect(headers.get('idempotency-key')).toBeTruthy();

    expect(result).toEqual({ acknowledged: true, status: 'processed', transactionId: broadcastBody.data.transactionId });
  });
});
