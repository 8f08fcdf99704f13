/**
 * Contract tests: the client against the reference service on a real port,
 * over real HTTP. Every operation and its error paths, against both forms of the
 * service: as deployed (the default) and as the spec reads literally.
 */
import { describe, expect, it } from 'vitest';
import {
  InboxApiError,
  InboxArgumentError,
  InboxValidationError,
  type FeedItem,
  type InboxClient,
} from 'inbox-kit/client';
import type { ServiceMode } from 'inbox-kit/testing';
import { setupReferenceServer } from './helpers/reference-server';

const MODES: ServiceMode[] = ['deployed', 'spec'];

describe.each(MODES)('against the %s service', (mode) => {
  const ref = setupReferenceServer({ mode });
  const deployed = mode === 'deployed';
  const workflowOf = (identifier: string) => {
    const found = ref.service.data.workflows.find((w) => w.identifier === identifier);
    if (!found) throw new Error(identifier);
    return found;
  };

  async function allPages(client: InboxClient, params: Parameters<InboxClient['getFeed']>[0]): Promise<FeedItem[]> {
    const items: FeedItem[] = [];
    for (let page = 0; ; page++) {
      const result = await client.getFeed({ ...params, page });
      expect(result.page).toBe(page);
      items.push(...result.data);
      if (!result.hasMore) return items;
      if (page > 1000) throw new Error('paging never ended');
    }
  }

  async function expectApiError(promise: Promise<unknown>, status: number): Promise<InboxApiError> {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InboxApiError);
    const apiError = error as InboxApiError;
    expect(apiError.status).toBe(status);
    return apiError;
  }

  describe('getFeed', () => {
    it('returns the first page, newest first, with the default limit of 10', async () => {
      const page = await ref.client().getFeed({ subscriberId: 'sub_ada' });
      expect(page.page).toBe(0);
      expect(page.data).toHaveLength(10);
      expect(page.pageSize).toBe(10);
      // The deployed service counts no further than the limit.
      expect(page.totalCount).toBe(deployed ? 10 : 60);
      expect(page.hasMore).toBe(true);
      expect(page.invalidItems).toEqual([]);
      const times = page.data.map((item) => Date.parse(item.createdAt ?? ''));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it('pages to the end without gaps or repeats', async () => {
      const items = await allPages(ref.client(), { subscriberId: 'sub_ada', limit: 7 });
      expect(items.map((i) => i._id)).toEqual(ref.service.feedOf('sub_ada').map((i) => i._id));
      expect(new Set(items.map((i) => i._id)).size).toBe(60);
    });

    it.each([
      [{ read: false }, (i: FeedItem) => !i.read],
      [{ read: true }, (i: FeedItem) => i.read],
      [{ seen: false }, (i: FeedItem) => !i.seen],
      [{ seen: true, read: false }, (i: FeedItem) => i.seen && !i.read],
    ])('filters by %o', async (filter, predicate) => {
      const items = await allPages(ref.client(), { subscriberId: 'sub_ada', limit: 100, ...filter });
      const truth = ref.service.feedOf('sub_ada').filter(predicate);
      expect(truth.length).toBeGreaterThan(0);
      expect(items.map((i) => i._id)).toEqual(truth.map((i) => i._id));
    });

    it('filters by a partial payload, including non-ASCII values (base64 of UTF-8 JSON)', async () => {
      const client = ref.client();
      const billing = await allPages(client, { subscriberId: 'sub_ada', limit: 100, payload: { category: 'billing' } });
      expect(billing.length).toBeGreaterThan(0);
      expect(billing.every((i) => i.payload?.category === 'billing')).toBe(true);
      expect(billing).toHaveLength(ref.service.feedOf('sub_ada', { payload: { category: 'billing' } }).length);

      const japanese = await client.getFeed({ subscriberId: 'sub_ada', payload: { documentTitle: '四半期レポート' } });
      expect(japanese.data.length).toBeGreaterThan(0);
      expect(japanese.data.every((i) => i.content.includes('四半期レポート'))).toBe(true);

      const nothing = await client.getFeed({ subscriberId: 'sub_ada', payload: { category: 'no-such-category' } });
      expect(nothing.data).toEqual([]);
      expect(nothing.hasMore).toBe(false);
    });

    it('URL-encodes the subscriber id', async () => {
      const error = await expectApiError(ref.client().getFeed({ subscriberId: 'a/b?c=d#e' }), deployed ? 400 : 404);
      expect(error.messages).toEqual([
        deployed
          ? 'Subscriber not found for this environment with the id: a/b?c=d#e. Make sure to create a subscriber before fetching the feed.'
          : 'Subscriber "a/b?c=d#e" was not found',
      ]);
    });

    it.each([
      [{ limit: 0 }, 'limit'],
      [{ limit: 101 }, 'limit'],
      [{ limit: 2.5 }, 'limit'],
      [{ page: -1 }, 'page'],
      [{ page: 0.5 }, 'page'],
      [{ subscriberId: '' }, 'subscriberId'],
    ])('refuses %o before any request', async (bad, argument) => {
      const before = ref.service.requests.length;
      const error = await ref.client().getFeed({ subscriberId: 'sub_ada', ...bad }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InboxArgumentError);
      expect((error as InboxArgumentError).argument).toBe(argument);
      expect((error as Error).message).toMatch(new RegExp(`^getFeed: \`${argument}\``));
      expect(ref.service.requests.length).toBe(before);
    });

    it('keeps the valid items of a page and reports a malformed one by index and field path', async () => {
      const victim = ref.service.feedOf('sub_ada')[2];
      const stored = ref.service.data.messages.find((m) => m._id === victim?._id);
      if (!stored) throw new Error('no message');
      Object.assign(stored, { read: 'yes' });
      Object.assign(stored.cta, { type: 'popup' });

      const page = await ref.client().getFeed({ subscriberId: 'sub_ada' });
      expect(page.data).toHaveLength(9);
      expect(page.pageSize).toBe(10);
      expect(page.data.some((i) => i._id === stored._id)).toBe(false);
      expect(page.invalidItems).toEqual([
        {
          index: 2,
          id: stored._id,
          issues: expect.arrayContaining([
            { path: 'data[2].read', message: 'expected boolean, received "yes"' },
            { path: 'data[2].cta.type', message: 'expected one of "redirect", received "popup"' },
          ]),
        },
      ]);
    });
  });

  describe('markAs', () => {
    const firstUnread = () => {
      const item = ref.service.feedOf('sub_ada', { read: false, seen: false })[0];
      if (!item) throw new Error('seed has no unread, unseen message');
      return item._id;
    };

    it('read sets read and seen; unread keeps seen', async () => {
      const client = ref.client();
      const id = firstUnread();
      const [read] = await client.markAs({ subscriberId: 'sub_ada', messageId: id, markAs: 'read' });
      expect(read).toMatchObject({ _id: id, read: true, seen: true });
      expect(read?.lastReadDate).toEqual(expect.any(String));
      const [unread] = await client.markAs({ subscriberId: 'sub_ada', messageId: id, markAs: 'unread' });
      expect(unread).toMatchObject({ _id: id, read: false, seen: true });
      expect(ref.service.feedOf('sub_ada').find((i) => i._id === id)).toMatchObject({ read: false, seen: true });
    });

    it('seen and unseen change only seen', async () => {
      const client = ref.client();
      const id = firstUnread();
      expect(await client.markAs({ subscriberId: 'sub_ada', messageId: [id], markAs: 'seen' })).toMatchObject([{ read: false, seen: true }]);
      expect(await client.markAs({ subscriberId: 'sub_ada', messageId: [id], markAs: 'unseen' })).toMatchObject([{ read: false, seen: false }]);
    });

    it('marks many at once, skips unknown ids, and never changes other subscribers’ messages', async () => {
      const mine = ref.service.feedOf('sub_ada', { read: false }).slice(0, 3).map((i) => i._id);
      const theirs = ref.service.feedOf('sub_grace', { read: false })[0]?._id ?? '';
      const changed = await ref.client().markAs({ subscriberId: 'sub_ada', messageId: [...mine, 'nope', theirs], markAs: 'read' });
      // The deployed service reads back every message with those ids, whoever's: the foreign one comes back unchanged.
      // (The client passes it on as the service sent it; createInboxProxy is what filters it out.)
      expect(changed.map((m) => m._id).sort()).toEqual((deployed ? [...mine, theirs] : mine).sort());
      expect(changed.find((m) => m._id === theirs)?.read ?? false).toBe(false);
      expect(ref.service.feedOf('sub_grace').find((i) => i._id === theirs)?.read).toBe(false);
    });

    it('splits a comma-separated messageId into ids, as the deployed service does', async () => {
      const [a, b] = ref.service.feedOf('sub_ada', { read: false }).map((i) => i._id);
      const response = await fetch(`${ref.url}/v1/subscribers/sub_ada/messages/mark-as`, {
        method: 'POST',
        headers: { Authorization: `ApiKey ${ref.service.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ messageId: `${a},${b}`, markAs: 'read' }),
      });
      expect(response.status).toBe(201);
      expect(ref.service.feedOf('sub_ada').filter((i) => i._id === a || i._id === b).every((i) => i.read)).toBe(true);
    });

    it('refuses an empty messageId or an unknown markAs before any request', async () => {
      const client = ref.client();
      const before = ref.service.requests.length;
      await expect(client.markAs({ subscriberId: 'sub_ada', messageId: [], markAs: 'read' })).rejects.toThrow(/markAs: `messageId` must be an id or a non-empty array of ids, received an array of 0\./);
      await expect(client.markAs({ subscriberId: 'sub_ada', messageId: '', markAs: 'read' })).rejects.toThrow(/`messageId` must be a non-empty string/);
      await expect(client.markAs({ subscriberId: 'sub_ada', messageId: ['a', ''], markAs: 'read' })).rejects.toThrow(/`messageId\[1\]`/);
      // Dot segments would resolve to another path (`/v1/subscribers/..` is `/v1`).
      await expect(client.markAs({ subscriberId: '..', messageId: 'a', markAs: 'read' })).rejects.toThrow(/`subscriberId` cannot be "\.\.": it would change the request's path/);
      await expect(client.getFeed({ subscriberId: '.' })).rejects.toThrow(/`subscriberId` cannot be "\."/);
      // @ts-expect-error: 'archived' is not a markAs value
      await expect(client.markAs({ subscriberId: 'sub_ada', messageId: 'a', markAs: 'archived' })).rejects.toThrow(/`markAs` must be one of read, seen, unread, unseen/);
      expect(ref.service.requests.length).toBe(before);
    });

    it('404s for an unknown subscriber', async () => {
      await expectApiError(ref.client().markAs({ subscriberId: 'ghost', messageId: 'x', markAs: 'read' }), 404);
    });
  });

  describe('setPrimaryIntegration', () => {
    const integration = (identifier: string) => {
      const found = ref.service.data.integrations.find((i) => i.identifier === identifier);
      if (!found?._id) throw new Error(identifier);
      return found;
    };

    it('makes an email integration primary and takes primary from the others of its channel', async () => {
      const mailgun = integration('mailgun-eu');
      const result = await ref.client().setPrimaryIntegration({ integrationId: mailgun._id ?? '' });
      expect(result).toMatchObject({ _id: mailgun._id, channel: 'email', primary: true, active: true, conditions: [] });
      expect(integration('sendgrid-main').primary).toBe(false);
      expect(integration('twilio-main').primary).toBe(true);
    });

    it('returns an integration that is already primary as it is, with a tenant filter the client accepts', async () => {
      const plivo = integration('plivo-backup');
      Object.assign(plivo, { primary: true });
      Object.assign(integration('twilio-main'), { primary: false });
      const result = await ref.client().setPrimaryIntegration({ integrationId: plivo._id ?? '' });
      expect(result.conditions?.[0]?.children[0]).toMatchObject({ on: 'tenant', field: 'identifier', value: 'acme' });
    });

    it('activates an inactive integration it makes primary', async () => {
      const result = await ref.client().setPrimaryIntegration({ integrationId: integration('ses-legacy')._id ?? '' });
      expect(result).toMatchObject({ primary: true, active: true });
    });

    it('refuses channels without primary, and unknown ids', async () => {
      const error = await expectApiError(ref.client().setPrimaryIntegration({ integrationId: integration('slack-eng')._id ?? '' }), 400);
      expect(error.messages).toEqual(['Channel chat does not support primary']);
      await expectApiError(ref.client().setPrimaryIntegration({ integrationId: 'does-not-exist' }), 404);
    });
  });

  describe('preferences', () => {
    it('lists global channels and one entry per non-critical workflow, with the layer that set each channel', async () => {
      const prefs = await ref.client().getPreferences({ subscriberId: 'sub_ada' });
      expect(prefs.global).toEqual({ enabled: true, channels: { in_app: true, email: true, sms: true, chat: true, push: true } });
      const ids = prefs.workflows.map((w) => w.workflow.identifier);
      expect(ids).toContain('comment-reply');
      expect(ids).not.toContain('security-alert');
      const mention = prefs.workflows.find((w) => w.workflow.identifier === 'mention');
      expect(mention?.channels).toEqual({ in_app: true, email: false, push: false });
      expect(mention?.overrides).toEqual([
        { channel: 'in_app', source: 'template' },
        { channel: 'email', source: 'subscriber' },
        { channel: 'push', source: 'template' },
      ]);
      // Channels are those of active steps only.
      expect(prefs.workflows.find((w) => w.workflow.identifier === 'trial-reminder')?.channels).toEqual({});
    });

    it('names workflows by slug, and takes the slug or the _id as workflowId (an identifier only in the spec form)', async () => {
      const client = ref.client();
      const prefs = await client.getPreferences({ subscriberId: 'sub_ada' });
      const reply = workflowOf('comment-reply');
      const slug = prefs.workflows.find((w) => w.workflow.identifier === 'comment-reply')?.workflow.slug ?? '';
      expect(slug).toMatch(/^comment-replies_wf_[0-9A-Za-z]+$/);
      await client.updatePreferences({ subscriberId: 'sub_ada', workflowId: slug, channels: { email: false } });
      await client.updatePreferences({ subscriberId: 'sub_ada', workflowId: reply._id, channels: { in_app: false } });
      expect(ref.service.data.subscribers.find((s) => s.subscriberId === 'sub_ada')?.preferences.workflows[reply._id]).toEqual({ email: false, in_app: false });
      const byIdentifier = client.updatePreferences({ subscriberId: 'sub_ada', workflowId: 'comment-reply', channels: { email: true } });
      if (deployed) expect((await expectApiError(byIdentifier, 400)).messages).toEqual(['workflowId must be a mongodb id']);
      else await expect(byIdentifier).resolves.toBeTruthy();
    });

    it('lists inactive workflows only in the spec form', async () => {
      const prefs = await ref.client().getPreferences({ subscriberId: 'sub_ada' });
      expect(prefs.workflows.some((w) => w.workflow.identifier === 'weekly-digest')).toBe(!deployed);
    });

    it('updates a workflow channel and the global channels', async () => {
      const client = ref.client();
      const updated = await client.updatePreferences({ subscriberId: 'sub_ada', workflowId: workflowOf('comment-reply')._id, channels: { email: false } });
      const reply = updated.workflows.find((w) => w.workflow.identifier === 'comment-reply');
      expect(reply?.channels).toEqual({ in_app: true, email: false });
      expect(reply?.overrides).toContainEqual({ channel: 'email', source: 'subscriber' });
      const global = await client.updatePreferences({ subscriberId: 'sub_ada', channels: { sms: false } });
      expect(global.global.channels.sms).toBe(false);
      expect((await client.getPreferences({ subscriberId: 'sub_ada' })).global.channels.sms).toBe(false);
    });

    it('keeps channels the organization locked: shown as workflowOverride, refused on update', async () => {
      const client = ref.client();
      const billing = (await client.getPreferences({ subscriberId: 'sub_ada' })).workflows.find((w) => w.workflow.identifier === 'invoice-paid');
      expect(billing?.overrides).toContainEqual({ channel: 'email', source: 'workflowOverride' });
      const error = await expectApiError(client.updatePreferences({ subscriberId: 'sub_ada', workflowId: billing?.workflow.slug ?? '', channels: { email: false } }), 400);
      expect(error.messages[0]).toMatch(/set by your organization/);
      // Other channels of the same workflow stay the subscriber's.
      expect((await client.updatePreferences({ subscriberId: 'sub_ada', workflowId: billing?.workflow.slug ?? '', channels: { sms: true } })).workflows.find((w) => w.workflow.identifier === 'invoice-paid')?.channels.sms).toBe(true);
    });

    it('refuses critical and unknown workflows, and bad channels before any request', async () => {
      const client = ref.client();
      const critical = await expectApiError(client.updatePreferences({ subscriberId: 'sub_ada', workflowId: workflowOf('security-alert')._id, channels: { email: false } }), 400);
      expect(critical.messages[0]).toMatch(/Critical workflow/);
      await expectApiError(client.updatePreferences({ subscriberId: 'sub_ada', workflowId: '0123456789abcdef01234567', channels: { email: false } }), 404);
      // @ts-expect-error: fax is not a channel
      await expect(client.updatePreferences({ subscriberId: 'sub_ada', channels: { fax: true } })).rejects.toThrow(/`channels.fax` is not a channel/);
    });
  });

  describe('broadcast', () => {
    it('delivers one rendered in-app message to each subscriber whose preferences allow it', async () => {
      const result = await ref.client().broadcast({
        name: 'product-announcement',
        payload: { title: 'Scheduled exports', body: 'Exports now run on a schedule — 日本語も大丈夫', url: '/changelog/exports' },
      });
      expect(result).toMatchObject({ acknowledged: true, status: 'processed', transactionId: expect.any(String) });
      const [newest] = ref.service.feedOf('sub_ada');
      expect(newest).toMatchObject({ subject: 'Scheduled exports', content: 'Exports now run on a schedule — 日本語も大丈夫', cta: { type: 'redirect', data: { url: '/changelog/exports' } } });
      // Grace turned product news off for in-app.
      expect(ref.service.feedOf('sub_grace')[0]?.transactionId).not.toBe(result.transactionId);
      const delivered = ref.service.data.messages.filter((m) => m.transactionId === result.transactionId);
      expect(delivered).toHaveLength(ref.service.data.subscribers.length - 1);
    });

    it('ignores preferences for critical workflows', async () => {
      await ref.client().updatePreferences({ subscriberId: 'sub_grace', channels: { in_app: false } });
      const result = await ref.client().broadcast({ name: 'security-alert', payload: { device: 'Edge', location: 'Oslo' } });
      expect(ref.service.feedOf('sub_grace')[0]?.transactionId).toBe(result.transactionId);
    });

    it('reports workflow states in the body in the spec form; the deployed service acknowledges them all as processed', async () => {
      const client = ref.client();
      const before = ref.service.data.messages.length;
      const states = [];
      for (const name of ['weekly-digest', 'onboarding-tips', 'trial-reminder']) states.push((await client.broadcast({ name, payload: {} })).status);
      expect(states).toEqual(deployed ? ['processed', 'processed', 'processed'] : ['trigger_not_active', 'no_workflow_steps_defined', 'no_workflow_active_steps_defined']);
      // Either way nothing was delivered.
      expect(ref.service.data.messages.length).toBe(before);
      const tenant = await client.broadcast({ name: 'product-announcement', payload: {}, tenant: 'no-such-tenant' });
      if (deployed) expect(tenant.status).toBe('processed');
      else expect(tenant).toMatchObject({ status: 'no_tenant_found', error: [expect.stringContaining('no-such-tenant')] });
    });

    it('never delivers a transactionId twice', async () => {
      const client = ref.client();
      const first = await client.broadcast({ name: 'product-announcement', payload: { title: 'Once' }, transactionId: 'txn-once' });
      const second = await client.broadcast({ name: 'product-announcement', payload: { title: 'Once' }, transactionId: 'txn-once' });
      expect(first.status).toBe('processed');
      expect(second.status).toBe('error');
      // Everyone but Grace, who turned product news off.
      expect(ref.service.data.messages.filter((m) => m.transactionId === 'txn-once')).toHaveLength(ref.service.data.subscribers.length - 1);
    });

    it('shows the actor and creates a new actor subscriber', async () => {
      await ref.client().broadcast({
        name: 'comment-reply',
        payload: { actorName: 'Nia', documentTitle: 'Plan', excerpt: 'Nice', documentId: 'd1', commentId: 'c1' },
        actor: { subscriberId: 'user_nia', firstName: 'Nia', lastName: 'Okafor' },
      });
      const [item] = ref.service.feedOf('sub_ada');
      // The sender is `actorSubscriber`; `subscriber` is the recipient.
      expect(item?.actorSubscriber).toMatchObject({ subscriberId: 'user_nia', firstName: 'Nia', lastName: 'Okafor' });
      expect(item?.subscriber).toMatchObject({ subscriberId: 'sub_ada', firstName: 'Ada' });
      expect(ref.service.data.subscribers.some((s) => s.subscriberId === 'user_nia')).toBe(true);
    });

    it('answers 422 for an unknown workflow and 400 for a payload that is not an object', async () => {
      const client = ref.client();
      const unknown = await expectApiError(client.broadcast({ name: 'no-such-workflow', payload: {} }), 422);
      expect(unknown.messages).toEqual(['workflow_not_found']);
      expect(unknown.message).toMatch(/Check that `name` is the trigger identifier of an active workflow/);
      // @ts-expect-error: payload must be an object
      await expect(client.broadcast({ name: 'mention', payload: 'text' })).rejects.toThrow(/broadcast: `payload` must be an object/);
      const raw = await fetch(`${ref.url}/v1/events/trigger/broadcast`, {
        method: 'POST',
        headers: { Authorization: `ApiKey ${ref.service.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'mention', payload: [1] }),
      });
      expect(raw.status).toBe(400);
      expect(await raw.json()).toMatchObject({ statusCode: 400, message: ['payload must be an object'], error: 'Bad Request' });
    });
  });

  describe('authentication', () => {
    it('explains each 401', async () => {
      const wrong = await expectApiError(ref.client({ apiKey: 'sk_wrong' }).getFeed({ subscriberId: 'sub_ada' }), 401);
      expect(wrong.messages).toEqual(['API Key not found']);
      expect(wrong.message).toMatch(/getFeed failed with 401 Unauthorized: API Key not found\. Check the API key/);

      const missing = await expectApiError(ref.client({ apiKey: undefined }).getFeed({ subscriberId: 'sub_ada' }), 401);
      expect(missing.messages).toEqual(['Missing authorization header']);

      const bearer = await expectApiError(ref.client({ apiKey: undefined, headers: { Authorization: 'Bearer abc' } }).getFeed({ subscriberId: 'sub_ada' }), 401);
      expect(bearer.messages).toEqual(['Invalid authentication scheme: "Bearer"']);
      expect(bearer.body).toMatchObject({ statusCode: 401, path: '/v1/subscribers/sub_ada/notifications/feed', error: 'Unauthorized' });
    });

    it('calls an async headers function before every request', async () => {
      let calls = 0;
      const seen: string[] = [];
      const client = ref.client({
        apiKey: undefined,
        headers: async () => {
          calls++;
          return { Authorization: `ApiKey ${ref.service.apiKey}`, 'X-Session': `s${calls}` };
        },
        fetch: (input, init) => {
          seen.push(new Headers(init?.headers).get('X-Session') ?? '');
          return fetch(input, init);
        },
      });
      await client.getFeed({ subscriberId: 'sub_ada' });
      await client.getPreferences({ subscriberId: 'sub_ada' });
      expect(seen).toEqual(['s1', 's2']);
    });
  });

  describe('response validation', () => {
    it('names the field path of a malformed response', async () => {
      const client = ref.client({
        fetch: async () => Response.json({ hasMore: 'yes', data: [], pageSize: 0, page: 0 }),
      });
      const error = await client.getFeed({ subscriberId: 'sub_ada' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InboxValidationError);
      expect((error as InboxValidationError).issues).toEqual([{ path: 'hasMore', message: 'expected boolean, received "yes"' }]);
      expect((error as Error).message).toMatch(/getFeed: the response does not match the service's spec: hasMore: expected boolean/);
    });

    it('refuses a body that is not JSON', async () => {
      const client = ref.client({ fetch: async () => new Response('<html>login</html>', { headers: { 'Content-Type': 'text/html' } }) });
      await expect(client.getPreferences({ subscriberId: 'sub_ada' })).rejects.toThrow(/expected a JSON body, received text\/html/);
    });
  });
});
