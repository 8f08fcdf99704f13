/**
 * Chaos: the real hooks drive the reference service, through a proxy instance per request (none
 * with a cache), through random user actions while the service injects faults (5xx, 429,
 * timeouts, connections dropped before and after applying), a rate limit in front of it refuses
 * changes sent again, and the network goes away and comes back. Then the network heals, and everything is checked against the
 * service's truth: the user's last intents hold (or were visibly refused), nothing was applied
 * twice, every cache equals the service, and nothing keeps sending. Now and then a delete follows a
 * change of the same notification the service is slow to answer, and the page goes at once: the
 * delete must leave with the page. A mark that lands after the minute wins there over what the user
 * did before it arrived (the service's order, which the inbox then shows; the clock is moved on past
 * the reads again at the end). Seeded: the same run every
 * time. `INBOX_CHAOS_ACTIONS` sets the number of actions (1,000 in `npm test`; `npm run chaos`
 * runs more).
 */
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useArchive, useBulkActions, useCounts, useDelete, useFeed, useMarkAction, useMarkAllAs, useMarkAs, usePreferences, useSnooze, useUpdatePreference, type InboxNotification } from 'inbox-kit';
import { CHANNELS, type Preferences } from 'inbox-kit/client';
import { createInboxProxy } from 'inbox-kit/server';
import { MARK_PATH } from './helpers/dialect';
import { renderInboxHook, setupMockService, SUBSCRIBER, testClient } from './helpers/inbox';
import { seededRandom } from './helpers/seeded-random';

const ACTIONS = Number(process.env.INBOX_CHAOS_ACTIONS ?? 1_000);

/** Until no query fetches and no mutation runs (retries and backoff included). */
async function settle(queryClient: QueryClient): Promise<void> {
  for (let quiet = 0; quiet < 3; ) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    quiet = queryClient.isFetching() + queryClient.isMutating() === 0 ? quiet + 1 : 0;
  }
}
const service = setupMockService({ messages: 120 });
afterEach(() => {
  onlineManager.setOnline(true);
  vi.useRealTimers();
});

type Outcome = 'pending' | 'ok' | 'failed';
interface Intent {
  /** What the user asked for: a field and its value (`deleted`: gone from the service). */
  field: 'read' | 'seen' | 'archived' | 'snoozed' | 'deleted';
  value: boolean;
  outcome: Outcome;
  /** The action that made it. */
  at?: number;
}

it(`${ACTIONS} random actions under 20 % faults: nothing lost, nothing applied twice, every cache equals the service, no loop`, { timeout: Math.max(120_000, ACTIONS * 100) }, async () => {
  const next = seededRandom(Number(process.env.INBOX_CHAOS_SEED ?? 20_261_124));
  const pick = <T,>(list: readonly T[]): T | undefined => list[Math.floor(next() * list.length)];
  // Every request goes through a proxy instance of its own, as on a serverless host: none has
  // learnt whose messages are whose, so each answer with messages needs the subscriber look-up.
  // And a change sent again meets a rate limit in front of the service now and then: a 429 after
  // an attempt that may have landed, which proves nothing.
  const limiter = seededRandom(429);
  const keysSeen = new Set<string>();
  let limited = 0;
  // Now and then a mark is held on its way (a proxy that gave up on the service, which has not
  // got to it yet): every attempt under its key times out, and it reaches the service only after
  // the minute in which the kit sends it again has passed, and after whatever the user did since.
  const held = new Map<string, { request: Request; at: number; ids: string[]; markAs: string }>();
  const lateWrites: { at: number; ids: string[]; markAs: string }[] = [];
  // Changes of these notifications wait until the test answers them (a slow service); and the deletes sent, by notification.
  const slow = new Map<string, Promise<void>>();
  const deletesSent = new Set<string>();
  const throughFreshProxy: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const [, target = ''] = /\/notifications\/([^/]+)(\/[^/]+)?$/.exec(new URL(request.url).pathname) ?? [];
    if (request.method === 'DELETE') deletesSent.add(target);
    else if (request.method !== 'GET') await slow.get(target);
    const key = request.headers.get('idempotency-key');
    const again = key !== null && keysSeen.has(key);
    const mark = MARK_PATH.exec(new URL(request.url).pathname);
    if (key && !again && held.size === 0 && mark && limiter() < 0.02) {
      // v2 marks one notification: its id and what it is marked are in the path.
      const [, id = '', markAs = ''] = /\/notifications\/([^/]+)\/(read|unread)$/.exec(new URL(request.url).pathname) ?? [];
      held.set(key, { request, at: tally.actions, ids: [id], markAs });
    }
    if (key) keysSeen.add(key);
    if (key && held.has(key)) return Response.json({ statusCode: 504, message: 'The notification service did not answer within 10000 ms', error: 'Gateway Timeout' }, { status: 504 });
    if (again && limiter() < 0.1) {
      limited++;
      return Response.json({ statusCode: 429, message: 'Too many requests from you: try again shortly', error: 'Too Many Requests' }, { status: 429, headers: { 'retry-after': '0' } });
    }
    const proxy = createInboxProxy({ upstream: service.baseUrl, apiKey: service.apiKey, authenticate: () => SUBSCRIBER, rateLimit: false, log: () => undefined });
    return proxy(request);
  };
  const client = testClient(service, { retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 5 }, timeoutMs: 40, fetch: throughFreshProxy });
  const { result, queryClient } = renderInboxHook(
    () => ({
      all: useFeed(),
      unread: useFeed({ read: false }),
      counts: useCounts(),
      markAs: useMarkAs(),
      markAll: useMarkAllAs(),
      preferences: usePreferences(),
      update: useUpdatePreference(),
      action: useMarkAction(),
      archive: useArchive(),
      snooze: useSnooze(),
      remove: useDelete(),
      bulk: useBulkActions(),
    }),
    service,
    { props: { client, undoMs: 20 } },
  );
  await waitFor(() => expect(result.current.all.notifications.length).toBeGreaterThan(0));
  await waitFor(() => expect(result.current.preferences.preferences).toBeDefined());
  const started = service.requests.length;
  // Moving with real time, so the minute can be jumped (Date), and the reads again ten minutes on (timers).
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true, advanceTimeDelta: 5 });
  // 20 % of requests fail (5xx, dropped before or after applying), and the slower ones time out on the client.
  service.setFaults({ errorRate: 0.1, dropRate: 0.05, dropAfterRate: 0.05, latencyMs: [0, 60] });

  const intents = new Map<string, Intent>();
  const preferenceIntents = new Map<string, { workflowId: string | undefined; channel: (typeof CHANNELS)[number]; value: boolean; outcome: Outcome }>();
  const actionIntents = new Map<string, { type: string; outcome: Outcome }>();
  const tally = { actions: 0, markAs: 0, markAll: 0, preferences: 0, buttons: 0, pages: 0, tabs: 0, offline: 0, refused: 0, triage: 0, bulk: 0, undone: 0, pagehides: 0 };
  /** Deletes the page did not send as it went. */
  let leftBehind = 0;
  /** Intents of one change of a notification: each field it sets (archive, snooze and delete set several, as the service does). */
  const intend = (id: string, fields: Partial<Record<Intent['field'], boolean>>, at: number, done: Promise<unknown>) => {
    const made = Object.entries(fields).map(([field, value]) => {
      const intent: Intent = { field: field as Intent['field'], value: value!, outcome: 'pending', at };
      intents.set(`${id}:${field}`, intent);
      return intent;
    });
    void done.then(
      () => made.forEach((intent) => (intent.outcome = 'ok')),
      () => {
        tally.refused++;
        made.forEach((intent) => (intent.outcome = 'failed'));
      },
    );
  };
  const track = (record: { outcome: Outcome }, done: Promise<unknown>) =>
    done.then(
      () => void (record.outcome = 'ok'),
      () => {
        record.outcome = 'failed';
        tally.refused++;
      },
    );

  for (let i = 0; i < ACTIONS; i++) {
    tally.actions++;
    const roll = next();
    const hooks = result.current;
    await act(async () => {
      if (roll < 0.55) {
        // Mark one notification of the feeds read, unread or seen (v2 has no "unseen").
        const item: InboxNotification | undefined = pick([...hooks.all.notifications, ...hooks.unread.notifications]);
        const markAs = pick(['read', 'unread', 'seen'] as const);
        if (!item || !markAs) return;
        // Read and unread also mark seen; unread also takes it out of the archive (as the service does).
        const fields = markAs === 'seen' ? { seen: true } : markAs === 'read' ? { read: true, seen: true } : { read: false, seen: true, archived: false };
        intend(item.id, fields, i, hooks.markAs.mutateAsync({ notificationId: item.id, markAs }));
        tally.markAs++;
      } else if (roll < 0.57) {
        // Mark everything read, and wait for it: it is the last intent for every notification.
        tally.markAll++;
        // The service marks read what is unread, and those seen; read but unseen ones stay unseen.
        await settle(queryClient);
        const unread = service.feedOf(SUBSCRIBER, { read: false }).map((n) => n._id);
        const all: Intent = { field: 'read', value: true, outcome: 'pending' };
        await track(all, hooks.markAll.mutateAsync());
        for (const id of unread) {
          intents.set(`${id}:read`, { ...all, at: i });
          intents.set(`${id}:seen`, { field: 'seen', value: true, outcome: all.outcome, at: i });
        }
      } else if (roll < 0.75) {
        // Toggle a preference: the global one or a workflow's.
        const preferences: Preferences | undefined = hooks.preferences.preferences;
        if (!preferences) return;
        const workflow = pick([undefined, ...preferences.workflows]);
        const channels = workflow ? workflow.channels : preferences.global.channels;
        const channel = pick(CHANNELS.filter((name) => typeof channels[name] === 'boolean'));
        if (!channel) return;
        const value = !channels[channel];
        const workflowId = workflow?.workflow.slug;
        const record = { workflowId, channel, value, outcome: 'pending' as Outcome };
        preferenceIntents.set(`${workflowId ?? 'global'}:${channel}`, record);
        void track(record, hooks.update.mutateAsync({ ...(workflowId ? { workflowId } : {}), channel, enabled: value }));
        tally.preferences++;
      } else if (roll < 0.8) {
        // Click a button of a notification that has them (accept, decline), once.
        const item = pick([...hooks.all.notifications].filter((n) => (n.primaryAction || n.secondaryAction) && !n.primaryAction?.isCompleted && !n.secondaryAction?.isCompleted && !actionIntents.has(n.id)));
        const type = item ? pick((['primary', 'secondary'] as const).filter((t) => item[`${t}Action`])) : undefined;
        if (!item || !type) return;
        const record = { type, outcome: 'pending' as Outcome };
        actionIntents.set(item.id, record);
        const clicked = hooks.action.mutateAsync({ notificationId: item.id, type });
        void track(record, clicked);
        // The service reads (and sees) a notification whose button is clicked.
        intend(item.id, { read: true, seen: true }, i, clicked);
        tally.buttons++;
      } else if (roll < 0.87) {
        tally.pages++;
        void (next() < 0.5 ? hooks.all.fetchNextPage() : hooks.unread.fetchNextPage());
      } else if (roll < 0.93) {
        // Archive or unarchive, snooze or unsnooze, or delete (now and then undone in its window).
        tally.triage++;
        const item: InboxNotification | undefined = pick(hooks.all.notifications);
        if (!item) return;
        const kind = next();
        if (kind < 0.35) {
          const archived = !item.isArchived;
          // Archiving and unarchiving both mark it read, as the service does.
          intend(item.id, { archived, read: true, seen: true }, i, hooks.archive.mutateAsync({ notificationId: item.id, archived }));
        } else if (kind < 0.6) {
          const until = item.isSnoozed ? null : new Date(Date.now() + 3 * 3_600_000);
          intend(item.id, until ? { snoozed: true, seen: true, archived: false } : { snoozed: false, seen: true, archived: false }, i, hooks.snooze.mutateAsync({ notificationId: item.id, until }));
        } else if (kind < 0.75) {
          // A change of it the service is slow to answer, then a delete, and the page goes at once: the
          // delete leaves with the page (keepalive), without waiting for that answer.
          tally.pagehides++;
          let answer = () => {};
          slow.set(item.id, new Promise<void>((resolve) => (answer = resolve)));
          const change =
            next() < 0.5
              ? { fields: { read: true, seen: true }, done: hooks.markAs.mutateAsync({ notificationId: item.id, markAs: 'read' }) }
              : { fields: { archived: !item.isArchived, read: true, seen: true }, done: hooks.archive.mutateAsync({ notificationId: item.id, archived: !item.isArchived }) };
          intend(item.id, change.fields, i, change.done);
          const removal = hooks.remove.mutateAsync(item.id);
          intend(item.id, { deleted: true }, i, removal);
          // Once it waits in its window (a task later), the page goes; a task after that, what it sent is all it sent.
          await new Promise((resolve) => setTimeout(resolve, 0));
          dispatchEvent(new Event('pagehide'));
          await new Promise((resolve) => setTimeout(resolve, 0));
          if (!deletesSent.has(item.id)) leftBehind++;
          slow.delete(item.id);
          answer();
        } else {
          const removal = hooks.remove.mutateAsync(item.id);
          // Undone within its window (it opens once the mutation runs): nothing is sent.
          const undo = next() < 0.3;
          if (undo) await new Promise((resolve) => setTimeout(resolve, 0));
          if (undo && hooks.remove.undo(item.id)) {
            tally.undone++;
            intend(item.id, { deleted: false }, i, removal);
          } else {
            intend(item.id, { deleted: true }, i, removal);
          }
        }
      } else if (roll < 0.935) {
        // Archive all, or the read ones, of one tag, or delete all of another; and wait for it: it is
        // the last intent for each it touches.
        tally.bulk++;
        await settle(queryClient);
        const action = pick(['archive', 'archiveRead', 'archive', 'archiveRead', 'delete'] as const)!;
        const tag = action === 'delete' ? 'digest' : 'collaboration';
        const tagged = service.feedOf(SUBSCRIBER).filter((n) => (n.tags ?? []).includes(tag));
        // "Archive read" archives what is read when it lands. A read or unread mark with no clear
        // answer is sent again before it (the kit's order), so whether it archives that notification
        // is not known: its archived state is left unchecked.
        const unknown = action === 'archiveRead' ? tagged.filter((n) => intents.get(`${n._id}:read`)?.outcome === 'failed') : [];
        const touched = tagged.filter((n) => action !== 'archiveRead' || (n.read && !unknown.includes(n))).map((n) => n._id);
        const done = hooks.bulk.mutateAsync({ action, tags: [tag] });
        for (const id of touched) intend(id, action === 'delete' ? { deleted: true } : { archived: true, read: true, seen: true }, i, done);
        for (const n of unknown) intents.set(`${n._id}:archived`, { field: 'archived', value: true, outcome: 'failed', at: i });
        await done.catch(() => undefined);
      } else if (roll < 0.95) {
        // Switch tabs: a filtered feed refetched as the Unread tab mounts again.
        tally.tabs++;
        void hooks.unread.refetch();
      } else {
        // The network goes away for a moment.
        tally.offline++;
        onlineManager.setOnline(false);
        await new Promise((resolve) => setTimeout(resolve, 5));
        onlineManager.setOnline(true);
      }
    });
    if (i % 10 === 0) await act(() => new Promise((resolve) => setTimeout(resolve, 1)));
    // A held mark: after 20 actions the minute passes; 10 actions later it reaches the service.
    for (const [key, hold] of held) {
      if (i - hold.at === 20) vi.setSystemTime(Date.now() + 61_000);
      if (i - hold.at < 30) continue;
      held.delete(key);
      await act(async () => {
        await createInboxProxy({ upstream: service.baseUrl, apiKey: service.apiKey, authenticate: () => SUBSCRIBER, rateLimit: false, log: () => undefined })(hold.request);
      });
      lateWrites.push({ at: i, ids: hold.ids, markAs: hold.markAs });
    }
  }

  // Heal, let everything settle, move on past the last read again (10 minutes), then read the service afresh.
  service.setFaults({});
  onlineManager.setOnline(true);
  await act(() => settle(queryClient));
  await act(() => vi.advanceTimersByTimeAsync(11 * 60_000));
  await act(() => settle(queryClient));
  await act(() => queryClient.invalidateQueries());
  await act(() => settle(queryClient));

  // Every change the service confirmed holds there, unless a later intent (also confirmed, or visibly refused) replaced it.
  const truth = new Map(service.feedOf(SUBSCRIBER).map((n) => [n._id, n]));
  // A delete the page did not send as it went is lost.
  let lost = leftBehind;
  // A mark that reached the service after the minute wins there over what the user did before it
  // arrived: the service's order, which the inbox then shows (stale 0 below).
  let overtaken = 0;
  const lateWriteAfter = (id: string, at: number) => lateWrites.some((late) => late.at >= at && late.ids.includes(id));
  for (const [key, intent] of intents) {
    if (intent.outcome !== 'ok') continue;
    const id = key.split(':')[0] ?? '';
    const message = truth.get(id);
    // The field as the service holds it (a snooze: its end; a delete: whether it is gone).
    const state = message as (typeof message & { archived?: boolean; snoozedUntil?: string }) | undefined;
    const held = intent.field === 'deleted' ? !state : state && (intent.field === 'snoozed' ? !!state.snoozedUntil : state[intent.field] === true);
    if (intent.field !== 'deleted' && message && held !== intent.value && lateWriteAfter(id, intent.at ?? 0)) {
      overtaken++;
      continue;
    }
    if (intent.field === 'deleted' ? held !== intent.value : message && held !== intent.value) {
      lost++;
      if (process.env.INBOX_CHAOS_DEBUG) console.log('lost', key, JSON.stringify(intent), JSON.stringify(message && { read: message.read, seen: message.seen }));
    }
  }
  for (const intent of preferenceIntents.values()) {
    if (intent.outcome !== 'ok') continue;
    const preferences = await client.getPreferences({ subscriberId: SUBSCRIBER });
    const channels = intent.workflowId ? preferences.workflows.find((w) => w.workflow.slug === intent.workflowId)?.channels : preferences.global.channels;
    if (channels?.[intent.channel] !== intent.value) {
      lost++;
      if (process.env.INBOX_CHAOS_DEBUG) console.log('lost preference', JSON.stringify(intent), JSON.stringify(channels));
    }
  }
  for (const [id, intent] of actionIntents) {
    if (intent.outcome !== 'ok') continue;
    // Deleted since (a delete the kit confirmed, or one it showed refused that had landed, as a change
    // with no clear answer may): nothing of it is left to check.
    if (!truth.has(id) && intents.has(`${id}:deleted`)) continue;
    const action = truth.get(id)?.cta.action;
    if (action?.status !== 'done' || action.result?.type !== intent.type) {
      lost++;
      if (process.env.INBOX_CHAOS_DEBUG) console.log('lost click', id, JSON.stringify(intent), JSON.stringify(action));
    }
  }
  expect(intents.size).toBeGreaterThan(50);
  expect([...intents.values(), ...preferenceIntents.values(), ...actionIntents.values()].some((intent) => intent.outcome === 'pending')).toBe(false);

  // Nothing applied twice: each idempotency key changed the service at most once.
  const applications = new Map<string, number>();
  for (const request of service.requests.slice(started)) {
    if (request.applied && request.idempotencyKey) applications.set(request.idempotencyKey, (applications.get(request.idempotencyKey) ?? 0) + 1);
  }
  const doubled = [...applications.values()].filter((count) => count > 1).length;

  // Every cache equals the service.
  const shown = [...result.current.all.notifications, ...result.current.unread.notifications];
  const stale = shown.filter((item) => {
    const message = truth.get(item.id) as (ReturnType<typeof truth.get> & { archived?: boolean; snoozedUntil?: string }) | undefined;
    return !message || message.read !== item.isRead || message.seen !== item.isSeen || (message as { archived?: boolean }).archived !== item.isArchived || !!message.snoozedUntil !== item.isSnoozed;
  });
  if (process.env.INBOX_CHAOS_DEBUG) for (const item of stale) console.log('stale', item.id, JSON.stringify({ isRead: item.isRead, isSeen: item.isSeen, isArchived: item.isArchived, isSnoozed: item.isSnoozed, inUnread: result.current.unread.notifications.includes(item) }), JSON.stringify(truth.get(item.id)));
  expect(result.current.unread.notifications.every((item) => !item.isRead)).toBe(true);
  // A snoozed notification is not counted until it comes back.
  const awake = (n: object) => !(n as { snoozedUntil?: string }).snoozedUntil;
  const unreadTruth = service.feedOf(SUBSCRIBER, { read: false }).filter(awake).length;
  // The service counts up to 100: past it, a lower bound.
  expect(result.current.counts.unread).toEqual(unreadTruth >= 100 ? { value: 100, exact: false } : { value: unreadTruth, exact: true });
  expect(result.current.counts.unseen?.exact === false || result.current.counts.unseen?.value === service.feedOf(SUBSCRIBER, { seen: false }).filter(awake).length).toBe(true);
  expect(result.current.preferences.preferences).toEqual(await client.getPreferences({ subscriberId: SUBSCRIBER }));

  // And then nothing keeps sending.
  const idleFrom = service.requests.length;
  await act(() => new Promise((resolve) => setTimeout(resolve, 1_000)));
  const idle = service.requests.length - idleFrom;

  const faults = service.requests.slice(started).filter((r) => r.status === 0 || r.status === 503).length;
  const lookUps = service.requests.slice(started).filter((r) => r.method === 'GET' && /\/v1\/subscribers\/[^/]+$/.test(r.path)).length;
  const keys = service.requests.slice(started).filter((r) => r.idempotencyKey);
  const retries = keys.length - new Set(keys.map((r) => r.idempotencyKey)).size;
  console.log(
    `chaos: ${tally.actions} actions (${tally.markAs} marks, ${tally.markAll} mark-alls, ${tally.preferences} preference toggles, ${tally.buttons} button clicks, ${tally.pages} page loads, ${tally.tabs} tab switches, ${tally.offline} offline moments, ${tally.triage} archives, snoozes and deletes (${tally.undone} deletes undone), ${tally.bulk} bulk archives and deletes, ${tally.pagehides} deletes as the page went behind a slower change of the same notification); ` +
      `${service.requests.length - started} requests through a fresh proxy each (${lookUps} subscriber look-ups), ${faults} faults injected, ${limited} 429s after an attempt, ${retries} retries, ${tally.refused} rolled back with an error, ${lateWrites.length} marks landed after the minute (${overtaken} later intents overtaken by them, ${leftBehind} deletes left behind by the page); lost ${lost}, doubled ${doubled}, stale ${stale.length}, idle requests ${idle}`,
  );
  expect(lost).toBe(0);
  expect(doubled).toBe(0);
  expect(stale).toEqual([]);
  expect(idle).toBe(0);
});
