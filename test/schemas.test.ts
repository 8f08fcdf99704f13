/** Schema tests against the spec's records: every optional field, only the required ones, malformed ones. */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import * as zod from 'zod';
import {
  broadcastResultSchema,
  feedItemSchema,
  feedPageSchema,
  integrationSchema,
  messageSchema,
  preferencesSchema,
  subscriberSchema,
  workflowSchema,
} from 'inbox-kit/client';

/** A zod result's issues as the client reports them: `data[2].cta.type` paths, readable messages. */
function issuesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } | undefined }) {
  return (result.error?.issues ?? []).map(({ path, message }) => ({
    path: path.map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`)).join(''),
    message,
  }));
}

const requiredFeedItem = {
  _id: 'm1',
  _templateId: 't1',
  _environmentId: 'e1',
  _organizationId: 'o1',
  _notificationId: 'n1',
  _subscriberId: 's1',
  _jobId: 'j1',
  transactionId: 'tx1',
  content: 'Hello',
  channel: 'in_app',
  read: false,
  seen: false,
  cta: {},
  status: 'sent',
};

const fullFeedItem = {
  ...requiredFeedItem,
  _messageTemplateId: 'mt1',
  _feedId: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: null,
  actor: { type: 'user', data: 'https://example.com/a.png' },
  subscriber: { _id: 'x1', firstName: 'Ada', lastName: 'Lovelace', avatar: '/a.png', subscriberId: 'ada' },
  templateIdentifier: null,
  providerId: 'novu',
  subject: null,
  deviceTokens: ['t1', 't2'],
  cta: {
    type: 'redirect',
    data: { url: '/x' },
    action: {
      status: 'done',
      buttons: [
        { type: 'primary', content: 'Accept', resultContent: 'Accepted' },
        { type: 'secondary', content: 'Decline' },
      ],
      result: { payload: { reason: 'ok' }, type: 'primary' },
    },
  },
  payload: { a: 1 },
  data: { b: 2 },
  overrides: { email: { from: 'x' } },
  tags: ['t'],
};

describe('feed item', () => {
  it('accepts every optional field', () => {
    expect(feedItemSchema.parse(fullFeedItem)).toEqual(fullFeedItem);
  });

  it('accepts only the required fields', () => {
    expect(feedItemSchema.parse(requiredFeedItem)).toEqual(requiredFeedItem);
  });

  it('passes unknown fields through', () => {
    expect(feedItemSchema.parse({ ...requiredFeedItem, archived: true, cta: { extra: 1 } })).toMatchObject({ archived: true, cta: { extra: 1 } });
  });

  it.each([
    ['a missing required field', { ...requiredFeedItem, content: undefined }, 'content'],
    ['a channel that is not a string', { ...requiredFeedItem, channel: 5 }, 'channel'],
    ['a status that is not a string', { ...requiredFeedItem, status: null }, 'status'],
    ['null where the spec does not allow it', { ...requiredFeedItem, read: null }, 'read'],
    ['an unknown actor type', { ...requiredFeedItem, actor: { type: 'robot', data: null } }, 'actor.type'],
    ['an actor without data', { ...requiredFeedItem, actor: { type: 'none' } }, 'actor.data'],
    ['a button without content', { ...requiredFeedItem, cta: { action: { buttons: [{ type: 'primary' }] } } }, 'cta.action.buttons[0].content'],
    ['a subscriber without subscriberId', { ...requiredFeedItem, subscriber: { firstName: 'A' } }, 'subscriber.subscriberId'],
    ['payload that is not an object', { ...requiredFeedItem, payload: 'x' }, 'payload'],
  ])('refuses %s', (_, item, path) => {
    const result = feedItemSchema.safeParse(item);
    expect(result.success).toBe(false);
    expect(issuesOf(result).map((issue) => issue.path)).toContain(path);
    expect(() => feedItemSchema.parse(item)).toThrow(z.core.$ZodError);
  });
});

describe('other records', () => {
  it('integration: required fields, credentials and conditions', () => {
    const integration = {
      _environmentId: 'e',
      _organizationId: 'o',
      name: 'SendGrid',
      identifier: 'sendgrid',
      providerId: 'sendgrid',
      channel: 'email',
      credentials: { apiKey: 'k', secure: true, tlsOptions: { rejectUnauthorized: false } },
      active: true,
      deleted: false,
      primary: true,
      conditions: [{ isNegated: false, type: 'GROUP', value: 'AND', children: [{ field: 'f', value: 'v', operator: 'EQUAL', on: 'payload' }] }],
    };
    expect(integrationSchema.parse(integration)).toEqual(integration);
    expect(integrationSchema.safeParse({ ...integration, credentials: { secure: 'yes' } }).success).toBe(false);
    expect(integrationSchema.safeParse({ ...integration, conditions: [{ ...integration.conditions[0], isNegated: 'no' }] }).success).toBe(false);
    // Values the kit only passes on may be ones a newer service added: a filter `on` tenant, a new channel.
    const newer = { ...integration, channel: 'whatsapp', conditions: [{ ...integration.conditions[0], value: 'XOR', children: [{ field: 'f', value: 'v', operator: 'IS_DEFINED', on: 'tenant' }] }] };
    expect(integrationSchema.parse(newer)).toEqual(newer);
  });

  it('preferences: global and workflows with overrides', () => {
    const prefs = {
      global: { enabled: true, channels: { email: true } },
      workflows: [
        {
          enabled: true,
          channels: { in_app: true },
          overrides: [{ channel: 'in_app', source: 'workflowOverride' }],
          workflow: { slug: 's', identifier: 'i', name: 'N' },
        },
      ],
    };
    expect(preferencesSchema.parse(prefs)).toEqual(prefs);
    expect(preferencesSchema.safeParse({ ...prefs, workflows: [{ ...prefs.workflows[0], overrides: [{ channel: 'in_app', source: 'admin' }] }] }).success).toBe(false);
    expect(preferencesSchema.safeParse({ global: prefs.global }).success).toBe(false);
  });

  it('message: content as text or email blocks, with a subscriber and a workflow', () => {
    const base = {
      _environmentId: 'e',
      _organizationId: 'o',
      _notificationId: 'n',
      _subscriberId: 's',
      createdAt: '2026-01-01T00:00:00.000Z',
      transactionId: 't',
      channel: 'email',
      read: true,
      seen: true,
      cta: {},
      status: 'error',
      errorText: 'bounced',
    };
    expect(messageSchema.parse({ ...base, content: 'text' }).content).toBe('text');
    const blocks = [{ type: 'button', content: 'Go', url: '/x', styles: { textAlign: 'center' } }];
    expect(messageSchema.parse({ ...base, content: blocks }).content).toEqual(blocks);
    expect(messageSchema.safeParse({ ...base, content: [{ type: 'image', content: 'x' }] }).success).toBe(false);

    const subscriber = {
      subscriberId: 'ada',
      _organizationId: 'o',
      _environmentId: 'e',
      deleted: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      firstName: null,
      channels: [{ providerId: 'slack', credentials: { webhookUrl: 'https://hooks.example.com' }, _integrationId: 'i' }],
    };
    expect(subscriberSchema.parse(subscriber)).toEqual(subscriber);
    const workflow = {
      name: 'W',
      description: '',
      active: true,
      draft: false,
      preferenceSettings: {},
      critical: false,
      tags: [],
      steps: [
        { metadata: { type: 'regular', amount: 5, unit: 'minutes' } },
        { metadata: { type: 'timed', timed: { weekDays: ['monday'], ordinal: 'last' } } },
        { metadata: { type: 'scheduled', delayPath: 'payload.when' }, variants: [{ name: 'v' }] },
      ],
      _organizationId: 'o',
      _creatorId: 'c',
      _environmentId: 'e',
      _notificationGroupId: 'g',
      triggers: [{ type: 'event', identifier: 'w', variables: [{ name: 'x' }] }],
      deleted: false,
      deletedAt: '',
      deletedBy: '',
    };
    expect(messageSchema.parse({ ...base, subscriber, template: workflow }).template?.steps).toHaveLength(3);
    expect(workflowSchema.safeParse({ ...workflow, steps: [{ metadata: { type: 'scheduled' } }] }).success).toBe(false);
  });

  it('broadcast result', () => {
    expect(broadcastResultSchema.parse({ acknowledged: true, status: 'processed', transactionId: 't' }).status).toBe('processed');
    expect(broadcastResultSchema.safeParse({ acknowledged: true, status: 'queued' }).success).toBe(false);
  });
});

describe('the schemas are zod’s', () => {
  it('keep every field they do not declare, nested ones too: nothing is dropped', () => {
    const item = { ...requiredFeedItem, extra: { nested: [1, 2] }, cta: { type: 'redirect', data: { url: '/x', target: '_self' } } };
    expect(feedItemSchema.parse(item)).toEqual(item);
  });

  it('compose with zod: extend a record, and infer its type', () => {
    const orderItemSchema = z.extend(feedItemSchema, { payload: zod.object({ orderId: zod.string() }) });
    type OrderItem = z.infer<typeof orderItemSchema>;
    const item: OrderItem = orderItemSchema.parse({ ...requiredFeedItem, payload: { orderId: 'o-1' }, archived: false });
    expect(item.payload.orderId).toBe('o-1');
    // Still loose: a field the spec does not list survives the extended schema too.
    expect(item).toMatchObject({ archived: false });
    expect(issuesOf(orderItemSchema.safeParse({ ...requiredFeedItem, payload: { orderId: 7 } }))).toEqual([
      { path: 'payload.orderId', message: expect.stringMatching(/expected string/) as unknown as string },
    ]);
  });

  it('tells a missing field from a wrong one, and accepts null only where the spec does', () => {
    const withoutContent: Record<string, unknown> = { ...requiredFeedItem };
    delete withoutContent.content;
    const missing = feedItemSchema.safeParse(withoutContent);
    expect(issuesOf(missing)).toEqual([{ path: 'content', message: 'required string is missing' }]);
    const wrong = feedItemSchema.safeParse({ ...requiredFeedItem, content: 3 });
    expect(issuesOf(wrong)).toEqual([{ path: 'content', message: 'expected string, received 3' }]);
    expect(feedItemSchema.safeParse({ ...requiredFeedItem, subject: null }).success).toBe(true);
    expect(feedItemSchema.safeParse({ ...requiredFeedItem, _feedId: undefined }).success).toBe(true);
  });

  it('refuses NaN and Infinity where a number is expected', () => {
    const page = { hasMore: false, data: [], pageSize: 10, page: 0 };
    expect(feedPageSchema.safeParse(page).success).toBe(true);
    expect(feedPageSchema.safeParse({ ...page, page: Number.NaN }).success).toBe(false);
    expect(feedPageSchema.safeParse({ ...page, totalCount: Number.POSITIVE_INFINITY }).success).toBe(false);
  });

  it('reports every problem with its path, and a union by what it received', () => {
    const result = feedItemSchema.safeParse({ ...requiredFeedItem, read: 'no', cta: { action: { buttons: [{ type: 'big', content: 1 }] } } });
    expect(issuesOf(result)).toEqual([
      { path: 'read', message: 'expected boolean, received "no"' },
      { path: 'cta.action.buttons[0].type', message: 'expected one of "primary", "secondary", received "big"' },
      { path: 'cta.action.buttons[0].content', message: 'expected string, received 1' },
    ]);
    const message = messageSchema.safeParse({ content: 42 });
    expect(issuesOf(message)).toContainEqual({ path: 'content', message: 'matches none of the allowed shapes (received 42)' });
  });
});

describe('edge cases', () => {
  it('parse and safeParse work detached from their schema', () => {
    const { parse, safeParse } = feedItemSchema;
    expect([requiredFeedItem].map((item) => parse(item))).toEqual([requiredFeedItem]);
    expect(safeParse({}).success).toBe(false);
  });

  it('never says zod’s bare "Invalid input": every message names what was expected and what came', () => {
    const bad = { _id: 1, cta: { type: 'popup', action: { buttons: 'x' } }, actor: [], payload: 'p', channel: 'fax', read: null };
    const messages = issuesOf(feedItemSchema.safeParse(bad)).map((issue) => issue.message);
    expect(messages.length).toBeGreaterThan(8);
    for (const message of messages) expect(message).toMatch(/^(expected |required |matches none)/);
    expect(issuesOf(feedItemSchema.safeParse({ ...requiredFeedItem, cta: { type: 'popup' } }))).toEqual([
      { path: 'cta.type', message: 'expected one of "redirect", received "popup"' },
    ]);
  });

  it('checks the holes of a sparse array, and takes only plain objects as free-form objects', () => {
    const sparse = ['a'] as string[];
    sparse[2] = 'c';
    const result = feedItemSchema.safeParse({ ...requiredFeedItem, tags: sparse });
    expect(issuesOf(result)).toEqual([{ path: 'tags[1]', message: 'required string is missing' }]);
    expect(feedItemSchema.safeParse({ ...requiredFeedItem, payload: new Date() }).success).toBe(false);
    expect(feedItemSchema.safeParse({ ...requiredFeedItem, payload: Object.create(null) as object }).success).toBe(true);
  });

  it('says a missing enum value is missing, and which values it may take', () => {
    const withoutType: Record<string, unknown> = { ...requiredFeedItem, actor: { data: null } };
    const result = feedItemSchema.safeParse(withoutType);
    expect(issuesOf(result)).toEqual([
      { path: 'actor.type', message: 'required value is missing (one of "none", "user", "system_icon", "system_custom")' },
    ]);
  });

  it('keeps an item whose channel or status a newer service added, and a recipient with null names', () => {
    const item = { ...requiredFeedItem, channel: 'whatsapp', status: 'queued', subscriber: { subscriberId: 's', firstName: null, lastName: null }, actorSubscriber: '64f0c0ffee0000000000b001' };
    expect(feedItemSchema.parse(item)).toEqual(item);
  });
});
