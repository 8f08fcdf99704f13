/**
 * The official SDK (@novu/api 3.19.1) against `npm run serve` over HTTP, in both modes.
 * The SDK validates every response with its own zod schemas and accepts only the status
 * codes listed per operation, so a call that resolves proves the reference server answers
 * in a shape the SDK accepts. Where the SDK rejects what the deployed service itself
 * sends, the test asserts the rejection and says why.
 */
import { Novu } from '@novu/api';
import { ErrorDto, ResponseValidationError, SDKError, ValidationErrorDto } from '@novu/api/models/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type RunningServe, type ServePrinted } from './helpers/serve';



interface RawFeedItem {
  _id: string;
  status?: string;
  payload?: Record<string, unknown>;
  cta?: { action?: { status?: string; buttons?: unknown[] } };
}

/** The error a promise rejects with; fails the test if it resolves. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the SDK call to reject, but it resolved');
}

const billing = Buffer.from(JSON.stringify({ category: 'billing' })).toString('base64');

describe.each(['deployed', 'spec'] as const)('@novu/api 3.19.1 against npm run serve --mode %s', (mode) => {
  let running: RunningServe | undefined;
  let server: ServePrinted;
  let novu: Novu;
  let adaIds: string[] = [];
  let actionable: RawFeedItem | undefined;

  /** The same feed request without the SDK, for comparison. */
  async function rawFeed(subscriberId: string, query: Record<string, string>): Promise<{ data: RawFeedItem[] }> {
    const url = `${server.baseUrl}/v1/subscribers/${subscriberId}/notifications/feed?${new URLSearchParams(query).toString()}`;
    const response = await fetch(url, { headers: { Authorization: `ApiKey ${server.apiKey}` } });
    expect(response.status).toBe(200);
    return (await response.json()) as { data: RawFeedItem[] };
  }

  beforeAll(async () => {
    running = await startServe(['--mode', mode]);
    server = running.printed;
    expect(server.mode).toBe(mode);
    // Retries are on by default (408/409/429/5xx for up to an hour): never in tests.
    novu = new Novu({ serverURL: server.baseUrl, secretKey: server.apiKey, retryConfig: { strategy: 'none' } });
    // Ids for the mutating calls, read before any of them runs.
    const all = await rawFeed('sub_ada', { limit: '100' });
    adaIds = all.data.map((item) => item._id);
    actionable = all.data.find((item) => item.cta?.action?.status === 'pending' && (item.cta.action.buttons?.length ?? 0) > 0);
    expect(actionable).toBeDefined();
  }, 15_000);
  afterAll(() => running?.stop());

  it('feed: every page/limit/read/seen/payload variant passes the SDK validation and matches the raw body', async () => {
    const variants: { sdk: { page?: number; limit?: number; read?: boolean; seen?: boolean; payload?: string }; raw: Record<string, string> }[] = [
      { sdk: {}, raw: { limit: '10' } },
      { sdk: { page: 1, limit: 5 }, raw: { limit: '5', page: '1' } },
      { sdk: { limit: 20, read: false, seen: true }, raw: { limit: '20', read: 'false', seen: 'true' } },
      { sdk: { limit: 50, payload: billing }, raw: { limit: '50', payload: billing } },
    ];
    for (const { sdk, raw } of variants) {
      const { result } = await novu.subscribers.notifications.feed({ subscriberId: 'sub_ada', ...sdk });
      const expected = await rawFeed('sub_ada', raw);
      expect(result.data.map((item) => item.id)).toEqual(expected.data.map((item) => item._id));
      expect(result.data.length).toBeGreaterThan(0);
      expect(result.page).toBe(sdk.page ?? 0);
      // Deployed: pageSize is the limit asked for; spec: the number of items returned.
      expect(result.pageSize).toBe(mode === 'deployed' ? Number(raw.limit) : result.data.length);
      expect(result.data.every((item) => item.subscriberId.length > 0 && item.createdAt instanceof Date)).toBe(true);
      if (sdk.read !== undefined) expect(result.data.every((item) => !item.read && item.seen)).toBe(true);
      if (sdk.payload !== undefined) expect(result.data.every((item) => item.payload?.category === 'billing')).toBe(true);
    }
  });

  it('integrations.setAsPrimary: 200 in spec mode; the SDK refuses the deployed 201', async () => {
    const email = server.integrations.find((i) => i.channel === 'email' && !i.primary && i.active);
    expect(email).toBeDefined();
    const call = novu.integrations.setAsPrimary(email?.id ?? '');
    if (mode === 'spec') {
      const { result } = await call;
      expect(result).toMatchObject({ id: email?.id, primary: true, channel: 'email' });
      return;
    }
    // The SDK matches only M.json(200) here, as the OpenAPI document says. The deployed
    // service's controller has no @HttpCode on this POST, so Nest answers 201: the SDK is
    // wrong for such deployments. The kit's own client accepts any 2xx (both 200 and 201).
    const error = await rejection(call);
    expect(error).toBeInstanceOf(SDKError);
    expect((error as SDKError).statusCode).toBe(201);
    expect((error as SDKError).message).toMatch(/Unexpected Status or Content-Type/);
  });

  it('preferences.list and preferences.update are accepted (in_app -> inApp, _id -> id)', async () => {
    const { result: prefs } = await novu.subscribers.preferences.list({ subscriberId: 'sub_ada' });
    expect(typeof prefs.global.enabled).toBe('boolean');
    // The SDK renames the wire's in_app to inApp (as it renames _id to id in the feed above).
    expect(prefs.global.channels.inApp).toBeTypeOf('boolean');
    expect(prefs.global.channels).not.toHaveProperty('in_app');
    const workflow = prefs.workflows.find((entry) => entry.channels.email !== undefined);
    expect(workflow).toBeDefined();
    const slug = workflow?.workflow.slug ?? '';
    const { result: updated } = await novu.subscribers.preferences.update({ workflowId: slug, channels: { email: false } }, 'sub_ada');
    expect(updated.workflows.find((entry) => entry.workflow.slug === slug)?.channels.email).toBe(false);
  });

  it('messages.markAllAs (mark-as, 201) is accepted', async () => {
    const ids = adaIds.slice(0, 3);
    const { result } = await novu.subscribers.messages.markAllAs({ messageId: ids, markAs: 'read' }, 'sub_ada');
    expect(result.map((message) => message.id).sort()).toEqual([...ids].sort());
    expect(result.every((message) => message.read && message.channel === 'in_app')).toBe(true);
    expect(new Set(result.map((message) => message.subscriberId)).size).toBe(1);
  });

  it(`triggerBroadcast is accepted (${mode === 'spec' ? '200' : '201'})`, async () => {
    const { result } = await novu.triggerBroadcast({ name: 'product-announcement', payload: { title: 'x' } });
    expect(result.acknowledged).toBe(true);
    expect(result.status).toBe('processed');
    // The SDK hides the status; the same request without it shows which one the mode sends.
    const raw = await fetch(`${server.baseUrl}/v1/events/trigger/broadcast`, {
      method: 'POST',
      headers: { Authorization: `ApiKey ${server.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'product-announcement', payload: { title: 'x' } }),
    });
    expect(raw.status).toBe(mode === 'spec' ? 200 : 201);
  });

  it('messages.updateAsSeen (message action, 201) is accepted', async () => {
    const messageId = actionable?._id ?? '';
    const { result } = await novu.subscribers.messages.updateAsSeen({
      subscriberId: 'sub_ada',
      messageId,
      type: 'primary',
      markMessageActionAsSeenDto: { status: 'done' },
    });
    expect(result.id).toBe(messageId);
    expect(result.cta.action?.status).toBe('done');
    expect(result.cta.action?.result?.type).toBe('primary');
  });

  it('messages.markAll (mark-all, 201) answers a number', async () => {
    const { result } = await novu.subscribers.messages.markAll({ markAs: 'read' }, 'sub_ada');
    expect(typeof result).toBe('number');
    expect(result).toBeGreaterThan(0);
  });

  it('errors: unknown subscriber, unknown workflow and a wrong key', async () => {
    const feedStatus = mode === 'deployed' ? 400 : 404;
    const feed = await rejection(novu.subscribers.notifications.feed({ subscriberId: 'sub_nobody' }));
    expect(feed).toBeInstanceOf(ErrorDto);
    expect((feed as ErrorDto).statusCode).toBe(feedStatus);
    expect((feed as ErrorDto).data$.statusCode).toBe(feedStatus);
    expect((feed as ErrorDto).message).toMatch(/sub_nobody/);

    const markAs = await rejection(novu.subscribers.messages.markAllAs({ messageId: ['x'], markAs: 'read' }, 'sub_nobody'));
    expect(markAs).toBeInstanceOf(ErrorDto);
    expect((markAs as ErrorDto).statusCode).toBe(404);
    expect((markAs as ErrorDto).message).toMatch(/sub_nobody|not found/i);

    // The SDK parses every 422 as ValidationErrorDto, which requires an `errors` object
    // (class-validator output). For an unknown workflow the deployed service sends
    // {statusCode,timestamp,path,message:'workflow_not_found',error} with no `errors`, so the
    // SDK reports a ResponseValidationError instead of a typed error: its 422 schema is too narrow.
    const broadcast = await rejection(novu.triggerBroadcast({ name: 'no-such-workflow', payload: {} }));
    expect(broadcast).toBeInstanceOf(ResponseValidationError);
    expect((broadcast as ResponseValidationError).statusCode).toBe(422);
    expect((broadcast as ResponseValidationError).pretty()).toMatch(/errors/);
    expect(JSON.parse((broadcast as ResponseValidationError).body)).toMatchObject({ statusCode: 422, message: 'workflow_not_found' });

    const stranger = new Novu({ serverURL: server.baseUrl, secretKey: 'sk_wrong', retryConfig: { strategy: 'none' } });
    const unauthorized = await rejection(stranger.subscribers.notifications.feed({ subscriberId: 'sub_ada' }));
    expect(unauthorized).toBeInstanceOf(ErrorDto);
    expect((unauthorized as ErrorDto).statusCode).toBe(401);
    expect((unauthorized as ErrorDto).data$.statusCode).toBe(401);
  });

  it('feed for sub_unnamed: the SDK rejects the null names the deployed service sends', async () => {
    const raw = await rawFeed('sub_unnamed', { limit: '1' });
    expect(raw.data[0]).toMatchObject({ subscriber: { firstName: null, lastName: null } });
    // SubscriberFeedResponseDto declares firstName/lastName as z.string().optional() (not
    // nullable), but the deployed service sends null for a subscriber created without names:
    // the SDK is wrong here.
    const error = await rejection(novu.subscribers.notifications.feed({ subscriberId: 'sub_unnamed', limit: 1 }));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).statusCode).toBe(200);
    expect((error as ResponseValidationError).pretty()).toMatch(/subscriber\.firstName/);
  });
});

/**
 * Every v2 subscriber-notifications method of the SDK against `npm run serve` (deployed mode):
 * the SDK's own validation accepts each answer, and each call did what it says, read back through
 * the list and the counts as the service's own e2e test reads it back.
 */
describe('@novu/api 3.19.1 v2 subscriber notifications against npm run serve', () => {
  let running: RunningServe | undefined;
  let novu: Novu;

  beforeAll(async () => {
    running = await startServe([]);
    novu = new Novu({ serverURL: running.printed.baseUrl, secretKey: running.printed.apiKey, retryConfig: { strategy: 'none' } });
  }, 15_000);
  afterAll(() => running?.stop());

  const all = async (subscriberId: string, filter: { read?: boolean; archived?: boolean; snoozed?: boolean; seen?: boolean } = {}) =>
    (await novu.subscribers.notifications.list({ subscriberId, limit: 100, ...filter })).result.data;
  const count = async (subscriberId: string, filters: object[]) =>
    (await novu.subscribers.notifications.count(subscriberId, JSON.stringify(filters))).result.map((entry) => entry.count);

  it('list: pages by cursor without gaps or repeats, and every filter selects what it says', async () => {
    const everything = await all('sub_ada');
    expect(everything.length).toBeGreaterThan(30);
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const { result } = await novu.subscribers.notifications.list({ subscriberId: 'sub_ada', limit: 7, ...(after ? { after } : {}) });
      seen.push(...result.data.map((n) => n.id));
      // The SDK's `filter` is an object it keeps no keys of (`z.object({})`).
      expect(result.filter).toEqual({});
      if (!result.hasMore) break;
      after = result.data.at(-1)?.id;
    }
    expect(seen).toEqual(everything.map((n) => n.id));
    const times = everything.map((n) => Date.parse(n.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const { result: unread } = await novu.subscribers.notifications.list({ subscriberId: 'sub_ada', limit: 100, read: false, seen: false });
    expect(unread.data.length).toBeGreaterThan(0);
    expect(unread.data.every((n) => !n.isRead && !n.isSeen)).toBe(true);
    const high = await novu.subscribers.notifications.list({ subscriberId: 'sub_ada', limit: 100, severity: ['high'] });
    expect(high.result.data.length).toBeGreaterThan(0);
    expect(high.result.data.every((n) => n.severity === 'high' && n.workflow?.severity === 'high')).toBe(true);
    const deploys = await novu.subscribers.notifications.list({ subscriberId: 'sub_ada', limit: 100, data: JSON.stringify({ result: 'failed' }) });
    expect(deploys.result.data.length).toBeGreaterThan(0);
    expect(deploys.result.data.map((n) => n.id)).toEqual(everything.filter((n) => n.data?.result === 'failed').map((n) => n.id));
    const middle = Date.parse(everything[10]!.createdAt);
    const older = await novu.subscribers.notifications.list({ subscriberId: 'sub_ada', limit: 100, createdLte: middle });
    expect(older.result.data.map((n) => n.id)).toEqual(everything.slice(10).map((n) => n.id));
    const offset = await novu.subscribers.notifications.list({ subscriberId: 'sub_ada', limit: 5, offset: 5 });
    expect(offset.result.data.map((n) => n.id)).toEqual(everything.slice(5, 10).map((n) => n.id));
  });

  it('count: several filters in one request, each as the list counts it', async () => {
    const [total, unread, unseen, archived] = await count('sub_grace', [{}, { read: false }, { seen: false }, { archived: true }]);
    const everything = await all('sub_grace');
    expect(total).toBe(everything.length);
    expect(unread).toBe(everything.filter((n) => !n.isRead).length);
    expect(unseen).toBe(everything.filter((n) => !n.isSeen).length);
    expect(archived).toBe(0);
    const { result } = await novu.subscribers.notifications.count('sub_grace', JSON.stringify([{ read: false }]));
    expect(result[0]?.filter).toEqual({ read: false });
  });

  it('markAsRead, markAsUnread, archive, unarchive: each answers the notification as it now is', async () => {
    const [first] = await all('sub_yuki', { read: false });
    const notificationId = first!.id;
    const read = await novu.subscribers.notifications.markAsRead({ subscriberId: 'sub_yuki', notificationId });
    expect(read.result).toMatchObject({ id: notificationId, isRead: true, isSeen: true });
    expect(read.result.readAt).toEqual(expect.any(String));
    const unread = await novu.subscribers.notifications.markAsUnread({ subscriberId: 'sub_yuki', notificationId });
    expect(unread.result).toMatchObject({ isRead: false, readAt: null });
    const archived = await novu.subscribers.notifications.archive({ subscriberId: 'sub_yuki', notificationId });
    // Archiving reads it, as the service does.
    expect(archived.result).toMatchObject({ isArchived: true, isRead: true });
    expect((await all('sub_yuki', { archived: true })).map((n) => n.id)).toEqual([notificationId]);
    expect(await count('sub_yuki', [{ archived: true }])).toEqual([1]);
    const unarchived = await novu.subscribers.notifications.unarchive({ subscriberId: 'sub_yuki', notificationId });
    expect(unarchived.result).toMatchObject({ isArchived: false, archivedAt: null, isRead: true });
    expect(await all('sub_yuki', { archived: true })).toEqual([]);
  });

  it('snooze and unsnooze: a snoozed notification is listed under snoozed until it is unsnoozed', async () => {
    const [first] = await all('sub_layla');
    const notificationId = first!.id;
    const snoozeUntil = new Date(Date.now() + 3 * 60_000);
    const snoozed = await novu.subscribers.notifications.snooze({ subscriberId: 'sub_layla', notificationId, snoozeSubscriberNotificationDto: { snoozeUntil } });
    expect(snoozed.result).toMatchObject({ isSnoozed: true, snoozedUntil: snoozeUntil.toISOString() });
    expect((await all('sub_layla', { snoozed: true })).map((n) => n.id)).toEqual([notificationId]);
    expect((await all('sub_layla', { snoozed: false })).some((n) => n.id === notificationId)).toBe(false);
    const unsnoozed = await novu.subscribers.notifications.unsnooze({ subscriberId: 'sub_layla', notificationId });
    expect(unsnoozed.result.isSnoozed).toBe(false);
    expect(await count('sub_layla', [{ snoozed: true }])).toEqual([0]);
  });

  it('completeAction and revertAction: each button of a notification, read back', async () => {
    const withButtons = (await all('sub_sipho')).find((n) => n.primaryAction && n.secondaryAction && !n.primaryAction.isCompleted);
    expect(withButtons).toBeDefined();
    const notificationId = withButtons!.id;
    for (const actionType of ['primary', 'secondary'] as const) {
      const field = actionType === 'primary' ? 'primaryAction' : 'secondaryAction';
      const done = await novu.subscribers.notifications.completeAction({ subscriberId: 'sub_sipho', notificationId, actionType });
      expect(done.result[field]?.isCompleted).toBe(true);
      expect((await all('sub_sipho')).find((n) => n.id === notificationId)?.[field]?.isCompleted).toBe(true);
      const reverted = await novu.subscribers.notifications.revertAction({ subscriberId: 'sub_sipho', notificationId, actionType });
      expect(reverted.result[field]?.isCompleted).toBe(false);
    }
  });

  it('markAsSeen by ids, markAllAsRead: read back through the list and the counts', async () => {
    const unseen = await all('sub_zoe', { seen: false });
    expect(unseen.length).toBeGreaterThan(1);
    await novu.subscribers.notifications.markAsSeen({ notificationIds: [unseen[0]!.id] }, 'sub_zoe');
    expect((await all('sub_zoe')).find((n) => n.id === unseen[0]!.id)?.isSeen).toBe(true);
    expect(await count('sub_zoe', [{ seen: false }])).toEqual([unseen.length - 1]);
    await novu.subscribers.notifications.markAllAsRead({}, 'sub_zoe');
    expect((await all('sub_zoe')).every((n) => n.isRead && n.isSeen)).toBe(true);
    expect(await count('sub_zoe', [{ read: false }])).toEqual([0]);
  });

  it('archiveAllRead, archiveAll, delete, deleteAll: archived ones are still listed; deleted ones are gone from every list and count', async () => {
    const before = await all('sub_unnamed');
    const read = before.filter((n) => n.isRead).length;
    expect(read).toBeGreaterThan(0);
    await novu.subscribers.notifications.archiveAllRead({}, 'sub_unnamed');
    expect(await count('sub_unnamed', [{ archived: true }])).toEqual([read]);
    await novu.subscribers.notifications.archiveAll({}, 'sub_unnamed');
    const archived = await all('sub_unnamed');
    expect(archived).toHaveLength(before.length);
    expect(archived.every((n) => n.isArchived && n.isRead)).toBe(true);

    await novu.subscribers.notifications.delete({ subscriberId: 'sub_unnamed', notificationId: before[0]!.id });
    expect((await all('sub_unnamed')).some((n) => n.id === before[0]!.id)).toBe(false);
    expect(await count('sub_unnamed', [{}])).toEqual([before.length - 1]);
    await novu.subscribers.notifications.deleteAll({}, 'sub_unnamed');
    expect(await all('sub_unnamed')).toEqual([]);
    expect(await count('sub_unnamed', [{}, { archived: true }])).toEqual([0, 0]);
  });

  it('refusals in the service’s words: a notification of another subscriber, a snooze too soon', async () => {
    const [grace] = await all('sub_grace');
    const foreign = await rejection(novu.subscribers.notifications.markAsRead({ subscriberId: 'sub_ada', notificationId: grace!.id }));
    expect(foreign).toBeInstanceOf(ErrorDto);
    expect((foreign as ErrorDto).statusCode).toBe(404);
    expect((foreign as ErrorDto).message).toMatch(/^Notification with id: [0-9a-f]{24} is not found\.$/);
    const soon = await rejection(
      novu.subscribers.notifications.snooze({ subscriberId: 'sub_grace', notificationId: grace!.id, snoozeSubscriberNotificationDto: { snoozeUntil: new Date(Date.now() + 5_000) } }),
    );
    // The SDK reads the 422 as its ValidationErrorDto: the shape the service's validation pipe sends.
    expect(soon).toBeInstanceOf(ValidationErrorDto);
    expect((soon as ValidationErrorDto).statusCode).toBe(422);
    expect((soon as ValidationErrorDto).errors).toEqual({ general: { messages: ['Snooze time must be at least 60 seconds in the future'], value: 'No Value Recorded' } });
  });
});
