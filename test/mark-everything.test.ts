/**
 * The proxy's "mark all" over v1 (`createMarkEverything`), against a fake v1 client: when it gives
 * up on mark-all, how a failed run resumes under its key, whose run that is, a retry sent while
 * the first request is still marking, and a run cut short by the requests one browser request may make.
 */
import { describe, expect, it, vi } from 'vitest';
import type { InboxV1Client } from '../src/client/client';
import { InboxApiError } from '../src/client/errors';
import { createMarkEverything, type Reserve } from '../src/server/mark-everything';
import { createUpstreamMeter } from '../src/server/upstream-meter';

const notFound = (message: string) =>
  new InboxApiError({ operation: 'markAll', method: 'POST', url: '', status: 404, statusText: 'Not Found', body: { message }, headers: new Headers(), retryAfterMs: undefined, mayHaveApplied: false });

/** A v1 service of `unread` ids per subscriber, without mark-all (`markAll` says so), whose mark-as `fail`s on demand. */
function fakeService(unread: Record<string, string[]>, markAll: () => Promise<number>) {
  const sent: { subscriberId: string; ids: string[]; key: string | undefined }[] = [];
  /** Requests made, of every kind. */
  let requests = 0;
  let failNext = 0;
  let gate: Promise<void> | undefined;
  const client = {
    markAll: () => {
      requests++;
      return markAll();
    },
    async getFeed({ subscriberId }: { subscriberId: string }) {
      requests++;
      const ids = (unread[subscriberId] ?? []).slice(0, 100);
      return { data: ids.map((_id) => ({ _id })), invalidItems: [], hasMore: (unread[subscriberId] ?? []).length > 100, page: 0, pageSize: 100, totalCount: 0 };
    },
    async markAs({ subscriberId, messageId }: { subscriberId: string; messageId: string[] }, options?: { idempotencyKey?: string }) {
      requests++;
      sent.push({ subscriberId, ids: messageId, key: options?.idempotencyKey });
      await gate;
      if (failNext > 0) {
        failNext--;
        throw new Error('lost connection');
      }
      unread[subscriberId] = (unread[subscriberId] ?? []).filter((id) => !messageId.includes(id));
      return messageId.map((_id) => ({ _id }));
    },
  } as unknown as InboxV1Client;
  return {
    client,
    sent,
    requests: () => requests,
    failOnce: () => void (failNext = 1),
    hold: () => {
      let open = () => {};
      gate = new Promise((resolve) => (open = resolve));
      return () => {
        gate = undefined;
        open();
      };
    },
  };
}
const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}`);
/** No ceiling or limit on the requests a run makes. */
const unlimited: Reserve = async () => undefined;
/** A browser request's meter over v1: at most `ceiling` upstream requests, within a limit that has `room` more after the request's own. */
function meterOf(ceiling: number, room = Number.POSITIVE_INFINITY) {
  let counted = 0;
  const meter = createUpstreamMeter(async () => (++counted <= room ? undefined : 30));
  meter.limitTo(ceiling);
  const reserve = vi.fn<Reserve>((count) => meter.reserve(count));
  return reserve;
}

describe('createMarkEverything', () => {
  it('gives up on mark-all only for the router’s own 404, not for a resource’s', async () => {
    let asked = 0;
    const service = fakeService({ ada: ids('a', 3) }, async () => {
      asked++;
      throw notFound(asked === 1 ? 'Subscriber brand-new does not exist' : 'Cannot POST /v1/subscribers/ada/messages/mark-all');
    });
    const markEverything = createMarkEverything();
    await expect(markEverything(service.client, 'brand-new', 'read', unlimited)).rejects.toThrow(/does not exist/);
    expect(await markEverything(service.client, 'ada', 'read', unlimited)).toEqual({ marked: 3, done: true });
    expect(asked).toBe(2);
    // Remembered: the next one goes straight to mark-as.
    await markEverything(service.client, 'ada', 'read', unlimited);
    expect(asked).toBe(2);
  });

  it('resumes a failed run under its key with the batch it had sent, and only for the same subscriber', async () => {
    const noRoute = async () => Promise.reject(notFound('Cannot POST /mark-all'));
    const service = fakeService({ ada: ids('a', 250), grace: ids('g', 5) }, noRoute);
    const markEverything = createMarkEverything();
    service.failOnce();
    await expect(markEverything(service.client, 'ada', 'read', unlimited, undefined, 'k2')).rejects.toThrow('lost connection');
    const failed = service.sent.at(-1)!;
    // Another subscriber under the same key: a run of its own.
    await markEverything(service.client, 'grace', 'read', unlimited, undefined, 'k2');
    expect(service.sent.filter((s) => s.subscriberId === 'grace').flatMap((s) => s.ids)).toEqual(ids('g', 5));
    // The same subscriber and key: the failed batch first, as it was and under its key.
    const before = service.sent.length;
    expect(await markEverything(service.client, 'ada', 'read', unlimited, undefined, 'k2')).toEqual({ marked: 250, done: true });
    expect(service.sent[before]).toEqual(failed);
    expect(failed.key).toBe('k2-0');
  });

  it('a retry sent while the first request is still marking waits for it, then goes on from where it is', async () => {
    const noRoute = async () => Promise.reject(notFound('Cannot POST /mark-all'));
    const unread = { ada: ids('a', 150) };
    const service = fakeService(unread, noRoute);
    const markEverything = createMarkEverything();
    const open = service.hold();
    const reserve = vi.fn(unlimited);
    const first = markEverything(service.client, 'ada', 'read', reserve, undefined, 'k');
    // The first request's batch is on its way (held).
    await vi.waitFor(() => expect(service.sent).toHaveLength(1), { timeout: 10_000 });
    const reserved = reserve.mock.calls.length;
    const retry = markEverything(service.client, 'ada', 'read', reserve, undefined, 'k');
    // The retry waits for it: it has reserved nothing, so it sends nothing.
    expect(reserve.mock.calls.length).toBe(reserved);
    expect(service.sent).toHaveLength(1);
    open();
    await Promise.all([first, retry]);
    expect(unread.ada).toEqual([]);
    // No batch sent twice, no notification marked twice.
    expect(new Set(service.sent.map((s) => s.key)).size).toBe(service.sent.length);
    const marked = service.sent.flatMap((s) => s.ids);
    expect(new Set(marked).size).toBe(marked.length);
  });

  it('stops within the requests allowed, says how far it got, and the same request again goes on from there', async () => {
    const noRoute = async () => Promise.reject(notFound('Cannot POST /mark-all'));
    const unread = { ada: ids('a', 250) };
    const service = fakeService(unread, noRoute);
    const markEverything = createMarkEverything();
    const rounds: { marked: number; done: boolean; requests: number }[] = [];
    for (let round = 0; round < 5; round++) {
      const before = service.requests();
      const result = await markEverything(service.client, 'ada', 'read', meterOf(3), undefined, 'k3');
      rounds.push({ ...result, requests: service.requests() - before });
      if (result.done) break;
    }
    // The first request learns there is no mark-all, then marks one batch; each next one marks a batch (a list,
    // then its mark-as), and says how many are marked under the key so far.
    expect(rounds).toEqual([
      { marked: 100, done: false, requests: 3 },
      { marked: 200, done: false, requests: 2 },
      { marked: 250, done: true, requests: 2 },
    ]);
    expect(unread.ada).toEqual([]);
  });

  it('reserves a round’s list and its mark-as before sending the list: a limit with room for one sends no list it cannot mark', async () => {
    const noRoute = async () => Promise.reject(notFound('Cannot POST /mark-all'));
    const unread = { ada: ids('a', 150) };
    const service = fakeService(unread, noRoute);
    const markEverything = createMarkEverything();
    // Mark-all's 404 paid by the browser request's own count; one more under the limit, not two.
    const result = await markEverything(service.client, 'ada', 'read', meterOf(3, 1), undefined, 'k4');
    expect(result).toEqual({ marked: 0, done: false, retryAfter: 30 });
    expect(service.requests()).toBe(1);
    expect(service.sent).toEqual([]);
  });
});
